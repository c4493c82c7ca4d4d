import { embedIframe, type EmbedKind } from '#common/embed';
import { CopyLinkButton } from '@/components/copy-link-button';
import { useI18n } from '@/lib/i18n';
import { useIsClient } from '@/lib/is-client';

/**
 * "Embed" on track and album pages (issue 17): the iframe code of the item's player, to paste into
 * a blog. Closed by default and server-rendered; the code names this page's own origin, so it is
 * complete once the page has hydrated (the server does not know the address it was reached at).
 */
export function EmbedCode({ kind, id, title }: { kind: EmbedKind; id: string; title: string }) {
  const origin = useIsClient() ? window.location.origin : '';
  const { t, language } = useI18n();
  const code = embedIframe({ origin, kind, id, title, language });
  return (
    <details className="mt-8 rounded-lg border bg-card px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium">{t('embed.summary')}</summary>
      <p className="mt-2 text-muted-foreground">{t('embed.help')}</p>
      <textarea
        readOnly
        value={code}
        rows={4}
        aria-label={t('embed.codeFor', { title })}
        className="mt-2 w-full resize-none rounded-md border bg-background p-2 font-mono text-xs break-all"
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyLinkButton text={code} label={t('embed.copy')} className="mt-2" />
    </details>
  );
}
