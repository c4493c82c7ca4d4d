import { useContext, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CopyIcon, DownloadIcon } from 'lucide-react';
import { MAX_CODES_PER_BATCH } from '#common/codes';
import { formatPrice } from '#common/money';
import { createCodesSchema, type CodeBatch } from '#common/schemas/codes';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormMessageLocalizer } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCopy } from '@/hooks/use-copy';
import { messageOf } from '@/lib/api';
import { artistAlbumsQuery, artistTracksQuery } from '@/lib/catalog-queries';
import { codesQuery, useCreateCodes } from '../api/codes-api';
import { codesCsv, codesFilename } from '../lib/codes-csv';
import { useAppI18n } from '@/lib/app-i18n';
import type { Language } from '#common/i18n/language';
import { ListStates } from '@/components/list-states';

const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none sm:h-9 sm:text-sm';

/** "26 Nov 2026", the same everywhere (UTC). */
const day = (iso: string, language: Language) => new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/**
 * The dashboard's Codes section (issue 21, docs/decisions/050): make download or discount codes
 * for a track or album, see each batch's used and unused codes, copy one, export a batch as CSV.
 */
export function CodesSection() {
  const { t } = useAppI18n();
  const batches = useQuery(codesQuery);
  return (
    <div className="grid gap-6">
      <CreateCodesCard />
      <Card>
        <CardHeader>
          <CardTitle>{t('codes.yourCodes')}</CardTitle>
          <CardDescription>{t('codes.yourCodesDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ListStates
            read={batches}
            items={(data) => data.batches}
            loading={<Skeleton className="h-24 w-full" />}
            failed={(error) => (
              <p role="alert" className="text-sm text-destructive">
                {messageOf(error, t('codes.loadFailed'))}
              </p>
            )}
            empty={<p className="text-sm text-muted-foreground">{t('codes.none')}</p>}
          >
            {(list) => (
              <ul className="grid gap-4" aria-label={t('codes.batches')}>
                {list.map((batch) => (
                  <BatchRow key={batch.id} batch={batch} />
                ))}
              </ul>
            )}
          </ListStates>
        </CardContent>
      </Card>
    </div>
  );
}

function CreateCodesCard() {
  const { t } = useAppI18n();
  const tracks = useQuery(artistTracksQuery);
  const albums = useQuery(artistAlbumsQuery);
  const create = useCreateCodes();
  const [item, setItem] = useState('');
  const [kind, setKind] = useState<'download' | 'discount'>('download');
  const [count, setCount] = useState('10');
  const [percent, setPercent] = useState('20');
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The schema's messages are English; <AppMessages> knows their words in the page's language (063).
  const localize = useContext(FormMessageLocalizer);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [itemType, itemId] = item.split(':');
    const input = {
      itemType,
      itemId,
      kind,
      count: Number(count),
      ...(kind === 'discount' ? { percentOff: Number(percent) } : {}),
      // The end of the chosen day (UTC): a code "until 30 Nov" works all of 30 Nov.
      ...(expiry ? { expiresAt: `${expiry}T23:59:59Z` } : {}),
    };
    const parsed = createCodesSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'item')] ??= localize(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (batch) => toast({ title: t('codes.created'), description: batch.kind === 'download' ? t('codes.createdDownload', { count: batch.count, item: batch.itemName }) : t('codes.createdDiscount', { count: batch.count, percent: batch.percentOff ?? 0, item: batch.itemName }) }),
      onError: (error) => toast({ variant: 'destructive', title: t('codes.createFailed'), description: messageOf(error, t('codes.pleaseTryAgain')) }),
    });
  };

  const loading = tracks.isPending || albums.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('codes.make')}</CardTitle>
        <CardDescription>{t('codes.makeDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label={t('codes.make')} className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="codes-item">{t('codes.for')}</Label>
            <select id="codes-item" className={selectClass} value={item} disabled={loading} onChange={(event) => setItem(event.target.value)} aria-invalid={errors.itemId || errors.itemType ? true : undefined}>
              <option value="">{loading ? t('codes.loadingMusic') : t('codes.chooseItem')}</option>
              {(tracks.data ?? []).length > 0 && (
                <optgroup label={t('codes.tracks')}>
                  {tracks.data!.map((track) => (
                    <option key={track.id} value={`track:${track.id}`}>{t('codes.option', { name: track.trackName, price: track.price > 0 ? formatPrice(track.price) : t('price.free') })}</option>
                  ))}
                </optgroup>
              )}
              {(albums.data ?? []).length > 0 && (
                <optgroup label={t('codes.albums')}>
                  {albums.data!.map((album) => (
                    <option key={album.id} value={`album:${album.id}`}>{t('codes.optionAlbum', { name: album.albumName, price: album.price > 0 ? formatPrice(album.price) : t('price.free') })}</option>
                  ))}
                </optgroup>
              )}
            </select>
            {(errors.itemId || errors.itemType) && <p className="text-sm text-destructive">{errors.itemId ?? errors.itemType}</p>}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="codes-kind">{t('codes.kind')}</Label>
            <select id="codes-kind" className={selectClass} value={kind} onChange={(event) => setKind(event.target.value as 'download' | 'discount')}>
              <option value="download">{t('codes.kindDownload')}</option>
              <option value="discount">{t('codes.kindDiscount')}</option>
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="codes-count">{t('codes.howMany')}</Label>
            <Input id="codes-count" inputMode="numeric" className="h-11 sm:h-9" value={count} onChange={(event) => setCount(event.target.value)} aria-invalid={errors.count ? true : undefined} />
            {errors.count ? <p className="text-sm text-destructive">{errors.count}</p> : <p className="text-sm text-muted-foreground">{t('codes.range', { max: MAX_CODES_PER_BATCH.toLocaleString('en-US') })}</p>}
          </div>
          {kind === 'discount' && (
            <div className="grid gap-2">
              <Label htmlFor="codes-percent">{t('codes.percentOff')}</Label>
              <Input id="codes-percent" inputMode="numeric" className="h-11 sm:h-9" value={percent} onChange={(event) => setPercent(event.target.value)} aria-invalid={errors.percentOff ? true : undefined} />
              {errors.percentOff && <p className="text-sm text-destructive">{errors.percentOff}</p>}
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor="codes-expiry">{t('codes.expires')}</Label>
            <Input id="codes-expiry" type="date" className="h-11 sm:h-9" value={expiry} onChange={(event) => setExpiry(event.target.value)} aria-invalid={errors.expiresAt ? true : undefined} />
            {errors.expiresAt && <p className="text-sm text-destructive">{errors.expiresAt}</p>}
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" className="h-11 w-full sm:h-9 sm:w-auto" disabled={create.isPending}>
              {create.isPending ? t('codes.making') : t('codes.make')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function BatchRow({ batch }: { batch: CodeBatch }) {
  const { t, language } = useAppI18n();
  const [shown, setShown] = useState(false);
  const unused = batch.count - batch.used;
  const what = batch.kind === 'download' ? t('codes.downloadCodes') : t('codes.discountCodes', { percent: batch.percentOff ?? 0 });

  const { copy: copyText } = useCopy();
  const copy = async (code: string) => {
    if (await copyText(code)) toast({ title: t('codes.copied'), description: code });
    else toast({ variant: 'destructive', title: t('codes.copyFailed'), description: t('codes.copyYourself', { code }) });
  };

  const exportCsv = () => {
    const url = URL.createObjectURL(new Blob([codesCsv(batch, (column) => t(`codes.csv.${column}`))], { type: 'text/csv;charset=utf-8' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = codesFilename(batch);
    anchor.hidden = true;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <li className="grid gap-3 rounded-md border p-4" data-testid="code-batch">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <p className="font-medium break-words">
          {what} · {batch.itemName}
        </p>
        <p className="text-sm text-muted-foreground">
          {batch.expiresAt
            ? t('codes.madeExpires', { made: day(batch.createdAt, language), expires: day(batch.expiresAt, language) })
            : t('codes.made', { made: day(batch.createdAt, language) })}
        </p>
      </div>
      <p className="text-sm" data-testid="code-batch-counts">
        <span className="font-medium">{t('codes.used', { count: batch.used })}</span> · {t('codes.unused', { count: unused })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" className="h-10 sm:h-8" aria-expanded={shown} onClick={() => setShown(!shown)}>
          {shown ? t('codes.hide') : t('codes.show', { count: batch.count })}
        </Button>
        <Button type="button" variant="outline" className="h-10 sm:h-8" onClick={exportCsv}>
          <DownloadIcon aria-hidden="true" />
          {t('codes.export')}
        </Button>
      </div>
      {shown && (
        <ul className="grid max-h-96 gap-1 overflow-y-auto" aria-label={t('codes.listLabel', { what, item: batch.itemName })}>
          {batch.codes.map((code) => (
            <li key={code.code} className="flex items-center gap-2 rounded px-1 py-1 text-sm odd:bg-muted/40" data-testid="code-row">
              <code className={code.usedAt ? 'font-mono text-muted-foreground line-through' : 'font-mono'}>{code.code}</code>
              <span className="min-w-0 flex-1 truncate text-muted-foreground">{code.usedAt ? (code.usedBy ? t('codes.usedOnBy', { date: day(code.usedAt, language), by: code.usedBy }) : t('codes.usedOn', { date: day(code.usedAt, language) })) : t('codes.unusedOne')}</span>
              <Button type="button" variant="ghost" size="icon" className="size-10 sm:size-8" aria-label={t('codes.copyNamed', { code: code.code })} onClick={() => void copy(code.code)}>
                <CopyIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
