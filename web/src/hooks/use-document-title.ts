import { useEffect } from 'react';
import { SITE_NAME, SITE_TITLE } from '@/lib/site';

/** Sets the tab title ("Sign in · Sauti"); the site's own title when no page title is given. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_TITLE;
  }, [title]);
}
