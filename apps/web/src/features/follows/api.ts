import { stripAt, type FollowAnswer, type PersonDto, type ProfileDto } from '@jamii/shared';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useCursorList, isPagedList, updatePagedItems, type PagedList } from '../../lib/pages';
import { withQuery } from '../../lib/with-query';

/** Suggestions per list: one phone screen and a little more; nobody scrolls through a hundred names. */
export const SUGGESTIONS_LIMIT = 20;
export const FOLLOW_LIST_PAGE_SIZE = 20;

export type FollowSide = 'followers' | 'following';
/** How long counts handed in by the profile page count as fresh (the app's usual minute). */
const KNOWN_COUNTS_FRESH_MS = 60_000;

/** A member's key in the cache: the username without @, lower case (`@Wanjiku_K` and `wanjiku_k` are one). */
const memberKey = (username: string) => stripAt(username).toLowerCase();

export const followKeys = {
  all: ['follows'] as const,
  suggestions: (search: string, limit: number, county = '') =>
    ['follows', 'suggestions', search, limit, county] as const,
  list: (username: string, side: FollowSide) => ['follows', side, memberKey(username)] as const,
  counts: (username: string) => ['follows', 'counts', memberKey(username)] as const,
};

/** What a profile shows of follows: the counts, and whether the viewer follows the member. */
export type FollowCounts = Pick<ProfileDto, 'followers_count' | 'following_count' | 'followed_by_me'>;

/**
 * `GET /api/users/suggestions?username=&search=&limit=`: people to follow, ranked by the server
 * (never oneself, never someone already followed). The search text is sent (docs/design.md#principles).
 */
export function useSuggestions({
  search = '',
  limit = SUGGESTIONS_LIMIT,
  county = '',
}: { search?: string; limit?: number; county?: string } = {}) {
  const { user } = useAuth();
  return useQuery({
    queryKey: followKeys.suggestions(search, limit, county),
    queryFn: ({ signal }) =>
      apiFetch<PersonDto[]>(
        withQuery('/api/users/suggestions', { username: user?.username, search, limit, county }),
        { signal },
      ),
    // A new search keeps the rows on screen until its answer comes, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/users/{username}/followers` or `/following`, newest first, a page at a time. */
export function useFollowList(username: string, side: FollowSide) {
  return useCursorList<PersonDto>(
    followKeys.list(username, side),
    `/api/users/${encodeURIComponent(stripAt(username))}/${side}`,
    { limit: FOLLOW_LIST_PAGE_SIZE },
  );
}

/**
 * A member's follow counts from `GET /api/users/{username}` (a ProfileDto). The profile page may
 * hand in the answer it already has, so nothing is fetched twice.
 */
export function useFollowCounts(username: string, known?: FollowCounts, { enabled = true } = {}) {
  return useQuery({
    enabled,
    queryKey: followKeys.counts(username),
    queryFn: async ({ signal }): Promise<FollowCounts> => {
      const profile = await apiFetch<ProfileDto>(`/api/users/${encodeURIComponent(stripAt(username))}`, {
        signal,
      });
      return {
        followers_count: profile.followers_count,
        following_count: profile.following_count,
        followed_by_me: profile.followed_by_me,
      };
    },
    initialData: known,
    // What the profile handed in was fetched a moment ago: do not fetch it again at once.
    ...(known ? { staleTime: KNOWN_COUNTS_FRESH_MS } : {}),
  });
}

/** Sets `followed_by_me` of one person in every cached people list (suggestions, followers, following). */
function patchPerson(queryClient: QueryClient, username: string, following: boolean) {
  const key = memberKey(username);
  const update = (person: PersonDto) =>
    person.followed_by_me === following ? person : { ...person, followed_by_me: following };
  const matches = (person: PersonDto) => memberKey(person.username) === key;
  queryClient.setQueriesData<PersonDto[] | PagedList<PersonDto>>({ queryKey: followKeys.all }, (data) => {
    if (Array.isArray(data)) {
      return data.some(matches) ? data.map((person) => (matches(person) ? update(person) : person)) : data;
    }
    if (isPagedList<PersonDto>(data)) return updatePagedItems(data, matches, update);
    return data;
  });
}

export interface FollowVariables {
  username: string;
  follow: boolean;
}

/**
 * `POST` (follow) or `DELETE` (unfollow) `/api/users/{username}/follow`; both are idempotent, so an
 * Undo or a double tap is harmless. The row changes at once and goes back if the call fails; the
 * followed member's counts come from the answer. One's own following count and list are read again.
 */
export function useFollow() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: ({ username, follow }: FollowVariables) =>
      apiFetch<FollowAnswer>(`/api/users/${encodeURIComponent(stripAt(username))}/follow`, {
        method: follow ? 'POST' : 'DELETE',
      }),
    onMutate: ({ username, follow }) => {
      patchPerson(queryClient, username, follow);
      queryClient.setQueryData<FollowCounts>(followKeys.counts(username), (counts) =>
        counts && counts.followed_by_me !== follow
          ? {
              ...counts,
              followed_by_me: follow,
              followers_count: Math.max(0, counts.followers_count + (follow ? 1 : -1)),
            }
          : counts,
      );
    },
    onError: (_error, { username, follow }) => {
      patchPerson(queryClient, username, !follow);
      void queryClient.invalidateQueries({ queryKey: followKeys.counts(username) });
    },
    onSuccess: (answer, { username }) => {
      patchPerson(queryClient, username, answer.following);
      queryClient.setQueryData<FollowCounts>(followKeys.counts(username), {
        followers_count: answer.followers_count,
        following_count: answer.following_count,
        followed_by_me: answer.following,
      });
      // The followed member's followers list gained or lost the viewer.
      void queryClient.invalidateQueries({ queryKey: followKeys.list(username, 'followers') });
      if (user) {
        void queryClient.invalidateQueries({ queryKey: followKeys.counts(user.username) });
        void queryClient.invalidateQueries({ queryKey: followKeys.list(user.username, 'following') });
      }
    },
  });
}
