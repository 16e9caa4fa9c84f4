import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { FreshQueryClient } from './query-client';

/** A list whose loads answer when told, each with what the server holds at that moment. */
async function invalidateDuringFirstLoad(client: QueryClient) {
  const server = ['older bid'];
  const loads: (() => void)[] = [];
  const observer = new QueryObserver(client, {
    queryKey: ['bids', 'list'],
    queryFn: () => {
      const answer = [...server];
      return new Promise<string[]>((resolve) => loads.push(() => resolve(answer)));
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  // The first page is on its way when the new bid is written and the lists invalidated.
  server.unshift('new bid');
  const invalidated = client.invalidateQueries({ queryKey: ['bids', 'list'] });
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const answer of loads) answer();
  await invalidated;
  const shown = observer.getCurrentResult().data;
  unsubscribe();
  return { shown, requests: loads.length };
}

describe('FreshQueryClient', () => {
  it('asks afresh when a list is invalidated during its first load', async () => {
    expect(await invalidateDuringFirstLoad(new FreshQueryClient())).toEqual({
      shown: ['new bid', 'older bid'],
      requests: 2,
    });
  });

  it('is needed: TanStack alone keeps the first load, answered from before the change', async () => {
    expect(await invalidateDuringFirstLoad(new QueryClient())).toEqual({
      shown: ['older bid'],
      requests: 1,
    });
  });
});
