import type { UserDto, VideoDto } from '@jamii/shared';

/** Mirrors the server's rule (videos.policy): the uploader or an admin. The server checks again. */
export function canDeleteVideo(
  user: Pick<UserDto, 'id' | 'role'> | null,
  video: Pick<VideoDto, 'user_id'>,
): boolean {
  return user !== null && (user.id === video.user_id || user.role === 'admin');
}
