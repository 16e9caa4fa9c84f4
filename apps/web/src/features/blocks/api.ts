import { stripAt, type BlockAnswer, type BlockedMember } from '@jamii/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchPage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { cursorPages } from '../../lib/pages';

const PAGE_SIZE = 20;
/** How many of my blocks the profile button reads to know whether this member is one of them. */
const KNOWN_BLOCKS = 100;

export const blockKeys = {
  all: (userId: number) => ['blocks', userId] as const,
  pages: (userId: number) => ['blocks', userId, 'pages'] as const,
  known: (userId: number) => ['blocks', userId, 'known'] as const,
};

/** `GET /api/blocks`: the members I blocked, newest first, a keyset page at a time. */
export function useBlockedMembers() {
  const userId = useAuth().user?.id ?? 0;
  return useInfiniteQuery({
    queryKey: blockKeys.pages(userId),
    ...cursorPages<BlockedMember>('/api/blocks', { limit: PAGE_SIZE }),
    enabled: userId > 0,
  });
}

/** The usernames I blocked (the newest KNOWN_BLOCKS), for the Block / Unblock button on a profile. */
export function useBlockedUsernames() {
  const userId = useAuth().user?.id ?? 0;
  return useQuery({
    queryKey: blockKeys.known(userId),
    queryFn: async ({ signal }) => {
      const page = await apiFetchPage<BlockedMember>(`/api/blocks?limit=${KNOWN_BLOCKS}`, { signal });
      return new Set(page.data.map((m) => m.username.toLowerCase()));
    },
    enabled: userId > 0,
  });
}

/** `POST` (block) or `DELETE` (unblock) `/api/users/{username}/block`; both idempotent. */
export function useBlock() {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? 0;
  return useMutation({
    mutationFn: ({ username, block }: { username: string; block: boolean }) =>
      apiFetch<BlockAnswer>(`/api/users/${encodeURIComponent(stripAt(username))}/block`, {
        method: block ? 'POST' : 'DELETE',
      }),
    onSuccess: () => {
      // Follows end both ways and content disappears: read what depends on it again.
      void queryClient.invalidateQueries({ queryKey: blockKeys.all(userId) });
      void queryClient.invalidateQueries({ queryKey: ['follows'] });
    },
  });
}
