import { PauseIcon, PlayIcon } from 'lucide-react';
import type { Track } from '#common/schemas/catalog/responses';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { usePlayback } from '@/lib/playback';
import { useAppI18n } from '@/lib/app-i18n';

/** Play/pause for one track: the current track toggles, another starts (spec section 4). */
export function TrackPlayButton({ track, className }: { track: Track; className?: string }) {
  const { t } = useAppI18n();
  const playback = usePlayback();
  const playing = playback.currentTrackId === track.id && playback.isPlaying;
  return (
    <Button
      variant={playing ? 'default' : 'secondary'}
      size="icon"
      className={cn('rounded-full', className)}
      aria-label={t(playing ? 'item.pause' : 'item.play', { name: track.trackName })}
      onClick={() => playback.select(track)}
    >
      {playing ? <PauseIcon className="fill-current" aria-hidden="true" /> : <PlayIcon className="fill-current" aria-hidden="true" />}
    </Button>
  );
}
