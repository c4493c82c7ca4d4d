import type { MouseEvent, ReactNode } from 'react';
import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { checkedDownload } from '@/lib/checked-download';
import { useI18n } from '@/lib/i18n';

/**
 * A download button: a plain link the browser downloads by itself before the page's script runs
 * (streamed to disk); once it runs, the click asks the server first (checkedDownload), so an error
 * answer is never saved as a file. `onClick` may take over.
 */
export function DownloadLink({
  href,
  label,
  accessibleName,
  iconOnly = false,
  variant = 'outline',
  size,
  failureTitle,
  failureFallback,
  onClick,
  className,
}: {
  href: string;
  label: ReactNode;
  /** The link's name when the visible label is not enough ("Download Song A"). */
  accessibleName?: string;
  iconOnly?: boolean;
  variant?: 'outline' | 'default' | 'ghost' | 'secondary';
  size?: 'default' | 'sm';
  /** The alert's title when the server refuses ('Download failed' unless said). */
  failureTitle?: string;
  /** The alert's text when the server's answer has no message. */
  failureFallback?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <Button asChild variant={variant} size={iconOnly ? 'icon' : (size ?? 'default')} className={className}>
      <a
        href={href}
        download
        rel="nofollow"
        aria-label={accessibleName}
        title={iconOnly ? accessibleName : undefined}
        onClick={(event) => {
          if (onClick) {
            onClick(event);
            return;
          }
          event.preventDefault();
          void checkedDownload(href, { failedTitle: failureTitle ?? t('download.failed'), fallback: failureFallback, startedTitle: t('download.started') });
        }}
      >
        <DownloadIcon aria-hidden="true" />
        {iconOnly ? null : label}
      </a>
    </Button>
  );
}
