import { stripAt } from '@jamii/shared';
import { withQuery } from '../lib/with-query';

/**
 * Which API calls `/feed` and `/jobs` make first, started before their screen's code has arrived: by
 * the page's early script (app/early-start.ts) as soon as the page loads, else by their routes'
 * `start` (app/early-requests.ts) while the screen's code downloads. One or two round trips less
 * before the lists show on a slow phone (docs/web-performance.md). The screens ask for the same paths as usual and
 * take these answers (lib/api.ts); a path that no longer matches is only a wasted call, and
 * early-requests.test.tsx holds them to the screens' own. Light on purpose: the early script loads
 * this before the app.
 */

/** The first page of each list is this long (features/{posts,jobs,bids}/api.ts). */
export const EARLY_PAGE_SIZE = 10;

/**
 * FOLLOWING_FEED_DEFAULT_AT of @jamii/shared (posts.ts), which the feed page reads: imported here
 * it would bring that file's zod schemas into every screen's first download; the test holds the two
 * equal.
 */
export const FOLLOWING_FEED_AT = 5;

/** Starts `GET path` for the screen to take; answers its body. */
export type StartCall = (path: string) => Promise<unknown>;

const quietly = (answer: Promise<unknown>) => void answer.catch(() => undefined);

/** `/jobs`: the first page for the filters in the address, and the filters' options. */
export function startJobsCalls(start: StartCall, url: URL): void {
  const filter = (name: string) => url.searchParams.get(name) ?? '';
  quietly(
    start(
      withQuery('/api/jobs', {
        limit: EARLY_PAGE_SIZE,
        search: filter('search'),
        type: filter('type'),
        location: filter('location'),
        company: filter('company'),
        county: filter('county'),
      }),
    ),
  );
  quietly(start('/api/jobs/filters'));
}

/**
 * `/feed` as it first opens (nothing chosen in the address), for a member: the jobs and bids, the
 * member's counts, and then the posts of the source those counts pick (Following from five follows
 * up, else All; app/feed/feed-page.tsx). A visitor is sent to the login page instead: nothing is
 * asked.
 */
export function startFeedCalls(start: StartCall, url: URL, username: string | undefined): void {
  if (!username || url.search) return;
  quietly(start(withQuery('/api/jobs', { limit: EARLY_PAGE_SIZE })));
  quietly(start(withQuery('/api/bids', { limit: EARLY_PAGE_SIZE })));
  quietly(
    start(`/api/users/${encodeURIComponent(stripAt(username))}`).then((profile) => {
      const following = (profile as { following_count?: number } | undefined)?.following_count ?? 0;
      const feed = following >= FOLLOWING_FEED_AT ? 'following' : undefined;
      return start(withQuery('/api/posts', { limit: EARLY_PAGE_SIZE, feed }));
    }),
  );
}
