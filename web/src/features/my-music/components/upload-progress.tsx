import { WifiOffIcon } from 'lucide-react';
import { formatFileSize } from '#common/format';
import { Progress } from '@/components/ui/progress';
import type { UploadPhase } from '../hooks/use-upload';
import { useAppI18n } from '@/lib/app-i18n';
import { formatTimeLeft } from '@/lib/upload-estimate';

/**
 * Spec section 4: a percentage progress bar while an upload runs. Under it, the bytes sent of the
 * whole request (the audio and the cover photo together) and, once the rate is known, the time left.
 */
export function UploadProgress({
  phase,
  percent,
  loaded = 0,
  total = 0,
  secondsLeft = null,
  label,
  connectionLost = false,
}: {
  phase: UploadPhase;
  percent: number;
  loaded?: number;
  total?: number;
  secondsLeft?: number | null;
  label?: string;
  /** The connection dropped: said until it is back (the upload resumes by itself), not in a passing toast. */
  connectionLost?: boolean;
}) {
  const { t, language } = useAppI18n();
  if (phase === 'idle') return null;
  const text = connectionLost ? t('myMusic.connectionLost') : phase === 'processing' ? t('myMusic.checkingAudio') : t('myMusic.inProgress', { label: label ?? t('myMusic.uploading') });
  return (
    <div className="grid gap-1.5" data-testid="upload-progress">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span aria-live="polite" className={connectionLost ? 'flex items-center gap-1.5 font-medium text-amber-800 dark:text-amber-200' : undefined}>
          {connectionLost && <WifiOffIcon className="size-4 shrink-0" aria-hidden="true" />}
          {text}
        </span>
        <span className="font-medium tabular-nums">{percent}%</span>
      </div>
      <Progress value={percent} aria-label={t('myMusic.uploadProgress')} aria-valuetext={`${percent}%`} />
      {phase === 'sending' && total > 0 && (
        <p className="text-xs text-muted-foreground tabular-nums" data-testid="upload-amount">
          {t('myMusic.sentOf', { loaded: formatFileSize(loaded, language), total: formatFileSize(total, language) })}
          {secondsLeft !== null && ` · ${formatTimeLeft(t, secondsLeft)}`}
        </p>
      )}
    </div>
  );
}

