import type { ReactNode } from 'react';
import { FollowArtistButton } from '@/features/follow/components/follow-button';
import { FollowButtonProvider, type RenderFollowButton } from '@/lib/follow';

/** Hands the follow feature's button to the public pages through lib/follow (features stay apart). */
const renderFollowButton: RenderFollowButton = (props) => <FollowArtistButton {...props} />;

export function AppFollow({ children }: { children: ReactNode }) {
  return <FollowButtonProvider value={renderFollowButton}>{children}</FollowButtonProvider>;
}
