import { Suspense, useEffect, useReducer, useState } from 'react';
import { useLocation, useNavigationType, useRoutes, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouteError } from './route-error';
import { hasScreenFailed, isScreenReady, screensReady, startScreens } from './screens';
import { entryKey, useScrollRestoration, type ShownAddress } from './scroll-restoration';

/**
 * The routes' screens for the address, with what the data router used to give: the matched routes'
 * code and first calls start together as a move begins (app/screens.tsx); the screen on show stays
 * until the next one's code has arrived (a spinner before the first); a page that fails is replaced
 * by the error page until the next move; and the scroll position is restored on Back.
 *
 * `hasStarted`: the current address's routes were already started (main.tsx starts them before the
 * catalogue has arrived).
 */
export function RouteTree({ routes, hasStarted = false }: { routes: RouteObject[]; hasStarted?: boolean }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const address = entryKey(location);
  const [startedAddress, setStartedAddress] = useState(hasStarted ? address : null);
  // During the render that begins a move, not in an effect, as a loader would: starting is
  // idempotent (each call and download is started once).
  if (startedAddress !== address) {
    setStartedAddress(address);
    startScreens(routes, new URL(`${location.pathname}${location.search}`, window.location.origin));
  }

  const isReady = isScreenReady(routes, location);
  const [lastShown, setLastShown] = useState<ShownAddress | null>(null);
  if (isReady && (lastShown?.location !== location || lastShown.navigationType !== navigationType))
    setLastShown({ location, navigationType });
  const shown = isReady ? { location, navigationType } : lastShown;
  const [, codeArrived] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (isReady) return;
    let isCurrent = true;
    void screensReady(routes, location).then(() => isCurrent && codeArrived());
    return () => {
      isCurrent = false;
    };
  }, [routes, location, isReady]);

  useScrollRestoration(shown);
  // The screens of the address on show, which they read as theirs while the next one's code arrives.
  const screens = useRoutes(routes, shown?.location ?? location);
  if (!shown) return <PageSpinner />;
  // As the data router did: a page whose code could not be downloaded is the error page, whatever
  // its guard or layout would show first (their own retry would not fetch that code).
  if (hasScreenFailed(routes, shown.location)) return <RouteError />;
  return (
    <RouteErrorBoundary resetKey={shown.location}>
      <Suspense fallback={<PageSpinner />}>{screens}</Suspense>
    </RouteErrorBoundary>
  );
}
