import { stripAt, type ProfileDto } from '@jamii/shared';
import type { LoaderFunctionArgs } from 'react-router';
import { requestEarly } from '../lib/api';
import { authStore } from '../lib/auth';
import { withQuery } from '../lib/pages';

/**
 * Route loaders that start a screen's first API calls while its code downloads, instead of after it
 * has arrived and drawn (one or two round trips less before `/feed` and `/jobs` show their lists on a
 * slow phone; issue 17). The screens ask for the same paths as usual and take these answers
 * (lib/api.ts `requestEarly`); a path that no longer matches is only a wasted call, and
 * early-requests.test.ts holds them to the screens' own.
 */

/** The first page of each list is this long (features/{posts,jobs,bids}/api.ts). */
export const EARLY_PAGE_SIZE = 10;

/**
 * FOLLOWING_FEED_DEFAULT_AT of @jamii/shared (posts.ts), which the feed page reads: imported here
 * it would bring that file's zod schemas into every screen's first download; the test holds the two
 * equal.
 */
export const FOLLOWING_FEED_AT = 5;

const quietly = (answer: Promise<unknown>) => void answer.catch(() => undefined);

/** `/jobs`: the first page for the filters in the address, and the filters' options. */
export function startJobsRequests({ request }: LoaderFunctionArgs): null {
  const params = new URL(request.url).searchParams;
  const filter = (name: string) => params.get(name) ?? '';
  quietly(
    requestEarly(
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
  quietly(requestEarly('/api/jobs/filters'));
  return null;
}

/**
 * `/feed` as it first opens (nothing chosen in the address): the jobs and bids, the member's counts,
 * and then the posts of the source those counts pick (Following from five follows up, else All;
 * app/feed/feed-page.tsx). A visitor is sent to the login page instead: nothing is asked.
 */
export function startFeedRequests({ request }: LoaderFunctionArgs): null {
  const user = authStore.getSnapshot().user;
  if (!user || new URL(request.url).search) return null;
  quietly(requestEarly(withQuery('/api/jobs', { limit: EARLY_PAGE_SIZE })));
  quietly(requestEarly(withQuery('/api/bids', { limit: EARLY_PAGE_SIZE })));
  quietly(
    requestEarly(`/api/users/${encodeURIComponent(stripAt(user.username))}`).then((profile) => {
      const { following_count: following } = profile as ProfileDto;
      const feed = following >= FOLLOWING_FEED_AT ? 'following' : undefined;
      return requestEarly(withQuery('/api/posts', { limit: EARLY_PAGE_SIZE, feed }));
    }),
  );
  return null;
}
