import type { ComponentType } from 'react';
import { matchRoutes, type Location, type RouteObject } from 'react-router';
import { wholeCatalogue } from '../lib/i18n';

/** A route module (app/routes/*.tsx): the screen or layout it draws. */
export interface ScreenModule {
  Component: ComponentType;
}

/**
 * What a route of the app does before it draws, read from its `handle`: `preload` downloads its code
 * (the screen is drawn once that has arrived), `start` starts its first API calls
 * (app/early-requests.ts) and the guards' session check, both while the code downloads.
 */
export interface RouteHandle {
  preload?: () => Promise<unknown>;
  /** Whether its code has arrived, or failed to (the screen draws, or the error page, at once). */
  isReady?: () => boolean;
  /** Whether its code's last download failed (until the next one starts). */
  hasFailed?: () => boolean;
  start?: (url: URL) => void;
}

/**
 * A route whose code downloads when it first matches, with the whole catalogue (lib/i18n), as
 * `element` and `handle` to spread into it. The app's router is React Router's declarative one
 * (docs/web-performance.md: its data router weighed 17 kB of gzip more on every first screen), so a route's code
 * is loaded here rather than by a `lazy` field: the route tree (app/route-tree.tsx) starts every
 * matched route at once and shows the next screen once all their code has arrived. A download that
 * fails (the code's or the catalogue's) is reported by the error page, and tried again the next time
 * the route is shown.
 */
export function lazyScreen(load: () => Promise<ScreenModule>, start?: (url: URL) => void) {
  return screenRoute(() => Promise.all([load(), wholeCatalogue()]).then(([screen]) => screen), start);
}

/**
 * A first screen (the landing and login pages, the feed and the jobs list, and their frames): as
 * `lazyScreen`, but drawn with the catalogue's first part, which holds its messages (lib/i18n/parts/
 * split.ts), so it does not wait for the rest. scripts/bundle-size.mjs checks that these are the
 * screens whose messages the first part holds.
 */
export function firstScreen(load: () => Promise<ScreenModule>, start?: (url: URL) => void) {
  return screenRoute(load, start);
}

function screenRoute(load: () => Promise<ScreenModule>, start?: (url: URL) => void) {
  let screen: ScreenModule | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const preload = (): Promise<ScreenModule> => {
    if (loading) return loading;
    // A new attempt after a failure: the route waits for it, as for the first.
    failure = undefined;
    return (loading = load().then(
      (loaded) => (screen = loaded),
      (error: unknown) => {
        failure = { error };
        loading = undefined;
        throw error;
      },
    ));
  };
  function LazyScreen() {
    if (screen) return <screen.Component />;
    // The error page stands in until the next move starts the route again.
    if (failure) throw failure.error;
    // Not reached from the route tree, which waits for the code; a suspense boundary is there anyway.
    throw preload();
  }
  const handle: RouteHandle = {
    preload,
    isReady: () => screen !== undefined || failure !== undefined,
    hasFailed: () => failure !== undefined,
    start,
  };
  return { element: <LazyScreen />, handle };
}

// React Router's matchRoutes flattens and ranks the whole route table on every call, and the route
// tree asked three times per render: about 110 ms of CPU-4× time in `/feed`'s first load (a profile,
// bench/RESULTS.md). The routes a path matches are kept per table, for the latest paths; the handles
// themselves are asked each time, so a screen's state is always read afresh.
const KEPT_PATHS = 20;
const handlesByTable = new WeakMap<RouteObject[], Map<string, RouteHandle[]>>();

function handlesOf(routes: RouteObject[], { pathname }: Pick<Location, 'pathname'>): RouteHandle[] {
  let byPath = handlesByTable.get(routes);
  if (!byPath) handlesByTable.set(routes, (byPath = new Map()));
  let handles = byPath.get(pathname);
  if (!handles) {
    handles = (matchRoutes(routes, { pathname }) ?? []).map(
      ({ route }) => (route.handle ?? {}) as RouteHandle,
    );
    if (byPath.size >= KEPT_PATHS) byPath.delete(byPath.keys().next().value!);
    byPath.set(pathname, handles);
  }
  return handles;
}

/** Starts the code downloads, API calls and checks of every route that matches `url`, at once. */
export function startScreens(routes: RouteObject[], url: URL): void {
  for (const { preload, start } of handlesOf(routes, url)) {
    // A failed download is the screen's to report, when it draws.
    void preload?.().catch(() => undefined);
    start?.(url);
  }
}

/** Settles once the code of every route that matches `location` has arrived (or failed to). */
export function screensReady(routes: RouteObject[], location: Pick<Location, 'pathname'>): Promise<void> {
  return Promise.allSettled(handlesOf(routes, location).map(({ preload }) => preload?.())).then(
    () => undefined,
  );
}

/** Whether the code of a route that matches `location` failed to download. */
export function hasScreenFailed(routes: RouteObject[], location: Pick<Location, 'pathname'>): boolean {
  return handlesOf(routes, location).some(({ hasFailed }) => hasFailed?.() ?? false);
}

/** Whether the code of every route that matches `location` has arrived (or failed to). */
export function isScreenReady(routes: RouteObject[], location: Pick<Location, 'pathname'>): boolean {
  return handlesOf(routes, location).every(({ isReady }) => isReady?.() ?? true);
}
