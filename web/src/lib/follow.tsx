import { createSlot, type RenderSlot } from './slot';

/**
 * The Follow button of an artist (issue 17): the public profile, track and album pages place it;
 * the follow feature draws it and runs the dialog. Features do not import each other, so
 * web/src/app hands the real button in through FollowButtonProvider (as it does the Buy button).
 */
export interface FollowButtonProps {
  artistId: string;
  artistName: string;
  className?: string;
}

export type RenderFollowButton = RenderSlot<FollowButtonProps>;

const followButton = createSlot<FollowButtonProps>('FollowButton');

export const FollowButtonProvider = followButton.Provider;

export const FollowButton = followButton.Slot;
