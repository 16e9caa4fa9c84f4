import { useEffect, useRef } from 'react';
import { t } from '../lib/i18n';
import { buttonClasses } from './button-styles';

interface LoadMoreProps {
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
}

/** Start loading the next page this far before the end of the list comes into view. */
const AHEAD = '600px 0px';

/**
 * The end of a list that loads more as the member scrolls: an IntersectionObserver asks for the
 * next page shortly before the end shows; the button does the same by hand (and where the observer
 * is missing).
 */
export function LoadMore({ hasMore, isLoading, onLoadMore }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || isLoading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, isLoading]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="flex justify-center py-4">
      <button type="button" onClick={onLoadMore} disabled={isLoading} className={buttonClasses('ghost')}>
        {isLoading ? t('common.loading') : t('common.loadMore')}
      </button>
    </div>
  );
}

/** The parts of a TanStack infinite query that `MorePages` reads. */
interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** `LoadMore` for an infinite query: its next page, while there is one. */
export function MorePages({ list }: { list: NextPages }) {
  return (
    <LoadMore
      hasMore={list.hasNextPage}
      isLoading={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
    />
  );
}
