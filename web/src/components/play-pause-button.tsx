import { PauseIcon, PlayIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n';
import { usePlayback, type PlayableTrack } from '@/lib/playback';
import { cn } from '@/lib/utils';

/** Play/pause for one track in the global player: the current track toggles, another starts (spec section 4). */
export function PlayPauseButton({ track, className, large = false }: { track: PlayableTrack; className?: string; large?: boolean }) {
  const playback = usePlayback();
  const playing = playback.currentTrackId === track.id && playback.isPlaying;
  const { t } = useI18n();
  return (
    <Button
      variant={playing || large ? 'default' : 'secondary'}
      size="icon"
      className={cn('rounded-full', large && 'size-12', className)}
      aria-label={t(playing ? 'item.pause' : 'item.play', { name: track.trackName })}
      onClick={() => playback.select(track)}
    >
      {playing ? (
        <PauseIcon className={cn('fill-current', large && 'size-5')} aria-hidden="true" />
      ) : (
        <PlayIcon className={cn('fill-current', large && 'size-5')} aria-hidden="true" />
      )}
    </Button>
  );
}
