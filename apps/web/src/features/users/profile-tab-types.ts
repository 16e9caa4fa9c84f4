import type { UserDto } from '@jamii/shared';

export type ProfileTabId =
  | 'notification'
  | 'posts'
  | 'jobs'
  | 'bids'
  | 'reviews'
  | 'saved'
  | 'applications'
  | 'games'
  | 'settings'
  | 'videos'
  | 'followers'
  | 'following';

/** What every profile tab's content is given. */
export interface ProfileTabProps {
  member: UserDto;
  isOwn: boolean;
}
