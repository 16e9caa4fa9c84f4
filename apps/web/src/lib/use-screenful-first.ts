import { startTransition, useEffect, useState } from 'react';

/** More cards than a phone's first screen shows (375 × 740 px, under a list's header). */
export const CARDS_ON_A_PHONE_SCREEN = 5;

/**
 * A list that arrives while its placeholder shows is drawn in two renders: the first `screenful`
 * items at once, then the rest in a transition, which React renders in slices the browser can
 * paint between. A cheap phone shows the top of the list before it has built the cards below the
 * fold (the task that drew a feed's 16 cards took 226–323 ms of CPU-4× time, the first 5 181–235
 * ms; bench/RESULTS.md). A list already there when the component mounts (from the cache, as on
 * Back) is drawn whole at once: the scroll position Back returns to needs its full height.
 *
 * Answers the items to draw, and whether more are still to be drawn (a list's "load more" waits).
 */
export function useScreenfulFirst<T>(
  items: readonly T[],
  screenful = CARDS_ON_A_PHONE_SCREEN,
): { drawn: readonly T[]; isDrawing: boolean } {
  const [limit, setLimit] = useState(items.length === 0 ? screenful : Infinity);
  // Only the list's first arrival is split: later pages, and a list that came short, join whole.
  const hasArrived = items.length > 0;
  useEffect(() => {
    if (hasArrived && limit !== Infinity) startTransition(() => setLimit(Infinity));
  }, [hasArrived, limit]);
  const isDrawing = items.length > limit;
  return { drawn: isDrawing ? items.slice(0, limit) : items, isDrawing };
}
