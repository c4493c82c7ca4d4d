import { useEffect } from 'react';
import { useI18n } from '@/lib/i18n';
import { SITE_NAME } from '@/lib/site';

/** Sets the tab title ("Sign in · Sauti"); the site's own title, in the page's language, when no page title is given. */
export function useDocumentTitle(title?: string) {
  const { t } = useI18n();
  const siteTitle = t('head.siteTitle');
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : siteTitle;
  }, [title, siteTitle]);
}
