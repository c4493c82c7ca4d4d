import { useId } from 'react';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { useCopy } from '@/hooks/use-copy';
import { useAppI18n } from '@/lib/app-i18n';
import { cn } from '@/lib/utils';
import { publicProfileLink } from '@/lib/profile-link';

/**
 * The header's read-only Share Link with its Copy Link button (spec section 2). `wrap` (the header's
 * and the phone's box above the content): the label over the link, the whole link wrapping beside
 * the button, so an artist reads all of it; a one-line box showed only a clipped piece on a phone,
 * and beside a longer label (Kiswahili) in the header too (issue 33).
 */
export function ShareLink({ displayName, className, wrap = false }: { displayName: string; className?: string; wrap?: boolean }) {
  const { t } = useAppI18n();
  const link = publicProfileLink(displayName, window.location);
  const inputId = useId();
  const { copied, copy: copyText } = useCopy();

  const copy = async () => {
    if (await copyText(link)) toast({ title: t('dashboard.linkCopied'), description: link });
    else toast({ variant: 'destructive', title: t('dashboard.copyFailed') });
  };

  const box = wrap ? (
    <textarea
      id={inputId}
      readOnly
      value={link}
      rows={1}
      onFocus={(event) => event.currentTarget.select()}
      className="field-sizing-content min-h-0 w-full resize-none rounded-sm bg-transparent p-0 text-sm break-all outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    />
  ) : (
    <Input
      id={inputId}
      readOnly
      value={link}
      onFocus={(event) => event.currentTarget.select()}
      className="h-9 w-auto min-w-0 flex-1 bg-muted/40 text-sm md:text-sm"
    />
  );
  const label = (
    <label htmlFor={inputId} className={cn('shrink-0 font-medium text-muted-foreground', wrap ? 'text-xs' : 'text-sm')}>
      {t('dashboard.shareLink')}
    </label>
  );

  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      {wrap ? (
        <div className="grid min-w-0 flex-1 gap-0.5">
          {label}
          {box}
        </div>
      ) : (
        <>
          {label}
          {box}
        </>
      )}
      <Tooltip>
        <TooltipTrigger asChild>
          <Button type="button" variant="outline" size="sm" className="h-9 shrink-0" onClick={copy}>
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? t('dashboard.copied') : t('dashboard.copyLink')}
          </Button>
        </TooltipTrigger>
        <TooltipContent>{t('dashboard.copyLinkHint')}</TooltipContent>
      </Tooltip>
    </div>
  );
}
