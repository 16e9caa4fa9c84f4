import { QueryClient } from '@tanstack/react-query';

/**
 * A QueryClient whose invalidation always asks afresh. TanStack's `invalidateQueries` refetches the
 * active queries, but one still on its first load (no data yet) keeps that load, whose answer may
 * predate the change being invalidated: on a slow phone, a bid posted while the bids' first page
 * was on its way left the list without it, with nothing more asked (seen in e2e on a slow
 * machine). Such loads are cancelled first, and the refetch sends a new request.
 */
export class FreshQueryClient extends QueryClient {
  override async invalidateQueries(...args: Parameters<QueryClient['invalidateQueries']>): Promise<void> {
    const [filters] = args;
    const firstLoads = this.getQueryCache()
      .findAll(filters)
      .filter((query) => query.state.fetchStatus === 'fetching' && query.state.data === undefined);
    // Awaited: until a cancelled load has settled, a new fetch would join it instead of starting.
    await Promise.all(firstLoads.map((query) => query.cancel({ silent: true })));
    return super.invalidateQueries(...args);
  }
}
