import { keepPreviousData, useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { apiFetchPage, type ApiPage } from './api';
import { withQuery } from './with-query';

/**
 * The options of a `useInfiniteQuery` over a keyset-paginated list (docs/design.md#api-conventions): `?limit=` and
 * `?cursor=`, the next cursor from `X-Next-Cursor`.
 */
export function cursorPages<T>(path: string, params: Record<string, string | number | undefined> = {}) {
  return {
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
      apiFetchPage<T>(withQuery(path, { ...params, cursor: pageParam ?? undefined }), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ApiPage<T>) => last.nextCursor,
  };
}

/**
 * A keyset-paginated list as an infinite query (`cursorPages`). `keepPrevious`: a new key (a new
 * filter) keeps the current items until its answer comes, instead of flashing skeletons.
 */
export function useCursorList<T>(
  queryKey: QueryKey,
  path: string,
  params: Record<string, string | number | undefined> = {},
  { enabled = true, keepPrevious = false }: { enabled?: boolean; keepPrevious?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey,
    ...cursorPages<T>(path, params),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    enabled,
  });
}

export type PagedList<T> = InfiniteData<ApiPage<T>, unknown>;

/** Every item of the loaded pages, in order. */
export function flattenPages<T>(data: PagedList<T> | undefined): T[] {
  return data?.pages.flatMap((page) => page.data) ?? [];
}

/** Changes (or, answering null, removes) the items for which `match` holds, in every page. */
export function updatePagedItems<T>(
  data: PagedList<T> | undefined,
  match: (item: T) => boolean,
  update: (item: T) => T | null,
): PagedList<T> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.data.some(match)) return page;
    changed = true;
    const items: T[] = [];
    for (const item of page.data) {
      if (!match(item)) items.push(item);
      else {
        const next = update(item);
        if (next) items.push(next);
      }
    }
    return { ...page, data: items };
  });
  return changed ? { ...data, pages } : data;
}

/** Puts a new item at the top of the first page (a post or job just created). */
export function prependToPages<T>(data: PagedList<T> | undefined, item: T): PagedList<T> | undefined {
  if (!data) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, data: [item, ...first.data] }, ...rest] };
}

/** Whether a cached value is a paged list (lists share a key prefix with single items). */
export function isPagedList<T>(value: unknown): value is PagedList<T> {
  return typeof value === 'object' && value !== null && Array.isArray((value as PagedList<T>).pages);
}
