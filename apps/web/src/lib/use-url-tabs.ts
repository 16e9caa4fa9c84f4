import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One query parameter as state: `set(value)` writes it in place (no new history entry, so Back leaves
 * the page rather than stepping through its tabs); `set(null)` removes it.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | null) =>
      setParams(
        (current) => {
          if (value === null) current.delete(name);
          else current.set(name, value);
          return current;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [params.get(name), set];
}

/**
 * URL-driven tabs: the open tab is kept in `?tab=` (or `param`) so that it survives a reload and can
 * be linked to. An unknown or missing value opens `fallback`.
 */
export function useUrlTabs<Id extends string>(
  ids: readonly Id[],
  fallback: Id | undefined,
  param = 'tab',
): [Id | undefined, (id: Id) => void] {
  const [requested, setRequested] = useSearchParam(param);
  const active = ids.find((id) => id === requested) ?? fallback;
  return [active, setRequested];
}
