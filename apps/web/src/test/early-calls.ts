import type { ComponentType } from 'react';
import type { Mock } from 'vitest';

/** How many times `fetchMock` was asked for each path so far. */
export function callsByPath(fetchMock: Mock<typeof fetch>): Record<string, number> {
  return fetchMock.mock.calls.reduce<Record<string, number>>((counts, [input]) => {
    counts[String(input)] = (counts[String(input)] ?? 0) + 1;
    return counts;
  }, {});
}

/** A lazy route whose code arrives only when the test says so. */
export function heldScreen(Component: ComponentType) {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { lazy: () => arrived.then(() => ({ Component })), arrive };
}
