import { MusicIcon } from 'lucide-react';
import type { DashboardSectionProps } from '../../sections';
import { SectionPlaceholder } from '../section-placeholder';

/** My Music (the default section). The tracks-and-albums issue replaces this content. */
export function MyMusicSection(_props: DashboardSectionProps) {
  return (
    <SectionPlaceholder
      icon={MusicIcon}
      title="My Music"
      description="Your tracks and albums will live here. Uploading is not open yet."
      upcoming={[
        'Upload MP3 or WAV tracks (up to 50 MB each) with cover art',
        'Set a price in KES for each track or album, or make it free',
        'Choose full playback or a 25-second preview',
        'Create albums from your songs',
        'A checklist of the three steps to go fully live',
      ]}
    />
  );
}
