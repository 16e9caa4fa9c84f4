import { requestEarly } from '../lib/api';
import { authStore } from '../lib/auth';
import { startFeedCalls, startJobsCalls } from './early-calls';

/**
 * What a route starts (its handle's `start`, app/screens.tsx): a screen's first API calls
 * (app/early-calls.ts) while its code downloads, when the page's early script has not already
 * started them (a page other than feed.html or jobs.html, or a move inside the app): lib/api.ts
 * hands each path's answer over once.
 */

/** `/jobs`: the first page for the filters in the address, and the filters' options. */
export function startJobsRequests(url: URL): void {
  startJobsCalls(requestEarly, url);
}

/** `/feed` as it first opens, for a member (a visitor is sent to log in: nothing is asked). */
export function startFeedRequests(url: URL): void {
  startFeedCalls(requestEarly, url, authStore.getSnapshot().user?.username);
}
