import { BanIcon } from 'lucide-react';
import type { MyTakedown } from '#common/schemas/takedowns';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { cn } from '@/lib/utils';
import { useAppI18n } from '@/lib/app-i18n';

/** Under a song or album an operator took down (decision 058): why, as the operator wrote it. */
export function TakedownNote({ takedown, className }: { takedown: MyTakedown; className?: string }) {
  const { t } = useAppI18n();
  return (
    <p className={cn('flex items-start gap-1.5 text-xs text-destructive', className)} data-testid="takedown-note">
      <BanIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">
        <span className="font-medium">{t('myMusic.takenDownBy')}</span>: {takedown.reason}
      </span>
    </p>
  );
}

/** At the top of My Music while anything of the artist's is taken down. */
export function TakedownNotice({ takedowns }: { takedowns: readonly MyTakedown[] }) {
  const { t } = useAppI18n();
  if (takedowns.length === 0) return null;
  const artist = takedowns.find((row) => row.itemType === 'artist');
  return (
    <Alert variant="destructive" data-testid="takedown-notice">
      <BanIcon aria-hidden="true" />
      <AlertTitle>{artist ? t('myMusic.takedownArtist') : t('myMusic.takedownNoticeTitle')}</AlertTitle>
      <AlertDescription>
        <p>{t('myMusic.takedownNoticeBody')}</p>
        <ul className="mt-1 list-disc pl-5">
          {takedowns.map((row) => (
            <li key={`${row.itemType}:${row.itemId}`} className="break-words">
              {row.itemType === 'artist' ? t('myMusic.takenDown') : `“${row.name ?? row.itemId}”`}: {row.reason}
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
