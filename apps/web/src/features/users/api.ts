import type { ProfileDto, ProfileUpdateInputValues, UserDto } from '@jamii/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

export const memberQueryKey = (key: string) => ['users', key.toLowerCase()] as const;

/** `GET /api/users/{id or username}`: another member's public profile, with the follow counts. */
export function useMember(key: string) {
  return useQuery({
    queryKey: memberQueryKey(key),
    queryFn: ({ signal }) => apiFetch<ProfileDto>(`/api/users/${encodeURIComponent(key)}`, { signal }),
  });
}

export function updateProfile(id: number, values: ProfileUpdateInputValues): Promise<UserDto> {
  return apiFetch<UserDto>(`/api/users/${id}`, { method: 'PUT', body: values });
}

export function uploadProfilePicture(id: number, picture: File): Promise<UserDto> {
  const form = new FormData();
  form.set('profile_pic', picture);
  return apiFetch<UserDto>(`/api/user/${id}/profile-pic`, { method: 'PUT', body: form });
}

export function deleteAccount(id: number): Promise<void> {
  return apiFetch<void>(`/api/users/${id}`, { method: 'DELETE' });
}
