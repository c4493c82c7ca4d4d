import { BarChart3Icon } from 'lucide-react';
import { SectionPlaceholder } from '@/components/section-placeholder';

/** The dashboard's Analytics section: how the artist's music is doing. */
export function AnalyticsSection() {
  return (
    <SectionPlaceholder
      icon={BarChart3Icon}
      title="Analytics"
      description="How your music is doing. Figures appear once you have tracks and downloads."
      upcoming={[
        'Total downloads, tracks, streams and profile views',
        'Total revenue in KES',
        'Storage usage out of your 1 GB',
      ]}
    />
  );
}
