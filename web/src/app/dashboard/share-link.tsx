import { useEffect, useId, useRef } from 'react';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { useCopy } from '@/hooks/use-copy';
import { useAppI18n } from '@/lib/app-i18n';
import { cn } from '@/lib/utils';
import { publicProfileLink } from '@/lib/profile-link';

/** The header's read-only Share Link with its Copy Link button (spec section 2). */
export function ShareLink({ displayName, className }: { displayName: string; className?: string }) {
  const { t } = useAppI18n();
  const link = publicProfileLink(displayName, window.location);
  const inputId = useId();
  const { copied, copy: copyText } = useCopy();
  // On a narrow screen the box shows the end of the link: the artist's own address, not "http://".
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.scrollLeft = input.current.scrollWidth;
  }, [link]);

  const copy = async () => {
    if (await copyText(link)) toast({ title: t('dashboard.linkCopied'), description: link });
    else toast({ variant: 'destructive', title: t('dashboard.copyFailed') });
  };

  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      <label htmlFor={inputId} className="shrink-0 text-sm font-medium text-muted-foreground">
        {t('dashboard.shareLink')}
      </label>
      <Input
        ref={input}
        id={inputId}
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
        className="h-9 w-auto min-w-0 flex-1 bg-muted/40 text-sm md:text-sm"
      />
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
