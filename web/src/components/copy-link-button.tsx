import { CheckIcon, CopyIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useCopy } from '@/hooks/use-copy';
import { useI18n } from '@/lib/i18n';

/**
 * Copy Track Link / Copy Album Link (spec section 2): copies the page's absolute address, says
 * 'Copied!' for 2 seconds and toasts 'Link copied!'; a refused clipboard toasts the spec's failure.
 * With `text` it copies that instead (the Embed code), toasting 'Code copied!'.
 */
export function CopyLinkButton({ path, text, label, className }: { path?: string; text?: string; label: string; className?: string }) {
  const { copied, copy: copyText } = useCopy();
  const { t } = useI18n();

  const copy = async () => {
    const link = text ?? `${window.location.origin}${path ?? ''}`;
    if (!(await copyText(link))) {
      toast({ variant: 'destructive', title: t('copy.failed') });
      return;
    }
    // The link shown whole: a long address wraps anywhere in a monospace box, never past a phone's screen.
    const shown = <span className="mt-1 block rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">{link}</span>;
    toast({ title: t(text === undefined ? 'copy.linkCopied' : 'copy.codeCopied'), description: shown });
  };

  return (
    <Button type="button" variant="outline" className={className} onClick={copy}>
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      <span aria-live="polite">{copied ? t('copy.copied') : label}</span>
    </Button>
  );
}
