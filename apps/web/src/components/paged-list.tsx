import { Fragment, type ReactNode } from 'react';
import { flattenPages, type PagedList as PagedData } from '../lib/pages';
import { EmptyState, ListError } from './list-states';
import { MorePages } from './load-more';

/** What a TanStack infinite query over a keyset list gives (the parts a list screen reads). */
export interface InfiniteList<T> {
  data: PagedData<T> | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

interface PagedListProps<T> {
  list: InfiniteList<T>;
  /** Shown while the first page loads (skeletons the size of the rows, or a spinner). */
  loading: ReactNode;
  loadFailed: string;
  empty: ReactNode;
  renderItem: (item: T, index: number) => ReactNode;
  /** `ul` for rows that render an `li`; `div` for cards (posts, videos). */
  as?: 'ul' | 'div';
  label?: string;
  className?: string;
}

/**
 * One keyset list screen: the first page loading, its failure with a retry, the empty state, the
 * items, and more pages as the member scrolls. Items are keyed by their id.
 */
export function PagedList<T extends { id: number }>({
  list,
  loading,
  loadFailed,
  empty,
  renderItem,
  as: Container = 'ul',
  label,
  className,
}: PagedListProps<T>) {
  const items = flattenPages(list.data);
  if (list.isPending) return <>{loading}</>;
  if (list.isError && items.length === 0) {
    return <ListError message={loadFailed} onRetry={() => void list.refetch()} />;
  }
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <>
      <Container aria-label={label} className={className}>
        {items.map((item, index) => (
          <Fragment key={item.id}>{renderItem(item, index)}</Fragment>
        ))}
      </Container>
      <MorePages list={list} />
    </>
  );
}
