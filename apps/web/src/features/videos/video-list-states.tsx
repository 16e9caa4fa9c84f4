import type { ReactNode } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { t } from '../../lib/i18n';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  tone?: 'light' | 'dark';
}

/** Keyset paging: the next page only when the member asks for it. */
export function LoadMoreButton({
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  tone = 'light',
}: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <button
      type="button"
      onClick={onLoadMore}
      disabled={isFetchingNextPage}
      className={`w-full ${tone === 'dark' ? 'min-h-11 rounded-lg border border-white/40 px-4 text-sm font-semibold text-white hover:bg-white/10' : buttonClasses('secondary')}`}
    >
      {isFetchingNextPage ? t('common.loading') : t('videos.loadMore')}
    </button>
  );
}

export function ListNotice({ children, tone = 'light' }: { children: ReactNode; tone?: 'light' | 'dark' }) {
  return (
    <div
      className={`flex flex-col items-center gap-3 rounded-2xl px-4 py-10 text-center ${
        tone === 'dark' ? 'text-gray-200' : 'bg-white text-gray-800 shadow-sm ring-1 ring-gray-900/5'
      }`}
    >
      {children}
    </div>
  );
}

export function LoadFailed({ onRetry, tone = 'light' }: { onRetry: () => void; tone?: 'light' | 'dark' }) {
  return (
    <ListNotice tone={tone}>
      <p>{t('videos.loadFailed')}</p>
      <button
        type="button"
        onClick={onRetry}
        className={buttonClasses(tone === 'dark' ? 'secondary' : 'primary')}
      >
        {t('error.retry')}
      </button>
    </ListNotice>
  );
}
