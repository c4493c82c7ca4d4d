import { PlayerBar } from '@/features/player/components/player-bar';
import { DashboardPage } from '../dashboard/dashboard-page';

/**
 * /dashboard: the dashboard with the fixed bottom audio player (spec section 2). The player is
 * the app's one player (app/player.tsx), so a song started on a public page plays on here; My
 * Music reaches it through the same port as the public pages (lib/playback), and a counted play
 * shows in its songs list through the same patch (lib/catalog-queries).
 */
export function DashboardScreen() {
  return <DashboardPage footer={<PlayerBar className="md:left-64" />} />;
}
