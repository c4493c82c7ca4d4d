import { BarChart3Icon } from 'lucide-react';
import type { DashboardSectionProps } from '../../sections';
import { SectionPlaceholder } from '../section-placeholder';

export function AnalyticsSection(_props: DashboardSectionProps) {
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
