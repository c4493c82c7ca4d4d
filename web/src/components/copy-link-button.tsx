import { useEffect, useRef, useState } from 'react';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useI18n } from '@/lib/i18n';

/** Spec section 9: the copy confirmation shows for 2 s. */
export const COPIED_CONFIRMATION_MS = 2000;

/**
 * Copy Track Link / Copy Album Link (spec section 2): copies the page's absolute address, says
 * 'Copied!' for 2 seconds and toasts 'Link copied!'; a refused clipboard toasts the spec's failure.
 * With `text` it copies that instead (the Embed code), toasting 'Code copied!'.
 */
export function CopyLinkButton({ path, text, label, className }: { path?: string; text?: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { t } = useI18n();

  const copy = async () => {
    const link = text ?? `${window.location.origin}${path ?? ''}`;
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(link);
    } catch {
      toast({ variant: 'destructive', title: t('copy.failed') });
      return;
    }
    // The link shown whole: a long address wraps anywhere in a monospace box, never past a phone's screen.
    const shown = <span className="mt-1 block rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">{link}</span>;
    toast({ title: t(text === undefined ? 'copy.linkCopied' : 'copy.codeCopied'), description: shown });
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
  };

  return (
    <Button type="button" variant="outline" className={className} onClick={copy}>
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      <span aria-live="polite">{copied ? t('copy.copied') : label}</span>
    </Button>
  );
}
