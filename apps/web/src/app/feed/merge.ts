/** One list that feeds the All view: its loaded items (newest first) and whether more pages exist. */
export interface FeedStream<T extends { created_at: string }> {
  items: readonly T[];
  hasMore: boolean;
}

export interface MergedFeed<T> {
  /** Every item that can be placed for sure, newest first. */
  items: T[];
  /** The stream whose next page is needed before anything older can be shown; null when none is. */
  next: number | null;
}

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * Merges lists that are each sorted newest first into one (the specified screens Feed: the All view by created_at,
 * newest first). A list with more pages has only been seen down to its last loaded item, so older
 * items of the other lists wait until that list's next page is in: nothing jumps above what the
 * member has already scrolled past.
 */
export function mergeNewestFirst<T extends { created_at: string }>(
  streams: readonly FeedStream<T>[],
): MergedFeed<T> {
  let cutoff = -Infinity;
  let next: number | null = null;
  streams.forEach((stream, index) => {
    if (!stream.hasMore) return;
    const last = stream.items.at(-1);
    // A list with more pages but none loaded holds everything back.
    const seenDownTo = last ? time(last.created_at) : Infinity;
    if (seenDownTo > cutoff) {
      cutoff = seenDownTo;
      next = index;
    }
  });
  const items = streams
    .flatMap((stream, order) => stream.items.map((item) => ({ item, order, at: time(item.created_at) })))
    .filter(({ at }) => at >= cutoff)
    .sort((a, b) => b.at - a.at || a.order - b.order)
    .map(({ item }) => item);
  return { items, next };
}
