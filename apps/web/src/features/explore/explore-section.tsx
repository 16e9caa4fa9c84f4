import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { t } from '../../lib/i18n';

/** The section names of the specified error texts (`Failed to load {section}`). */
export type DiscoverSectionName =
  'people' | 'jobs' | 'topics' | 'hiring' | 'shortVideos' | 'longVideos' | 'bids' | 'posts';

interface DiscoverSectionProps {
  name: DiscoverSectionName;
  title: string;
  /** Where the whole list is, when it has a page of its own. */
  seeAllTo?: string;
  isError: boolean;
  isEmpty: boolean;
  onRetry: () => void;
  /** Rows of an older search stay while the new one loads: they are dimmed meanwhile. */
  isStale?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * One Discover section (the specified screens, the specified states Explore sections): its rows, or its own error text
 * `Failed to load {section}` with a retry, or `No results found`. Never sample data (docs/design.md#principles).
 */
export function DiscoverSection({
  name,
  title,
  seeAllTo,
  isError,
  isEmpty,
  onRetry,
  isStale = false,
  className = '',
  children,
}: DiscoverSectionProps) {
  const headingId = `discover-${name}`;
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={isStale}
      data-section={name}
      className={`min-w-0 rounded-2xl bg-white px-4 pt-3 pb-2 shadow-sm ring-1 ring-gray-900/5 ${className}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-gray-900">
          {title}
        </h2>
        {seeAllTo && !isError && !isEmpty && (
          <Link
            to={seeAllTo}
            className="rounded-md px-1 text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {t('discover.seeAll')} <span className="sr-only">{title}</span>
          </Link>
        )}
      </div>
      {isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 py-4">
          <p className="text-sm text-red-700">{t('discover.loadFailed', { section: name })}</p>
          <button type="button" onClick={onRetry} className={buttonClasses('ghost')}>
            {t('error.retry')}
          </button>
        </div>
      ) : isEmpty ? (
        <p className="py-4 text-sm text-gray-600">{t('discover.noResults')}</p>
      ) : (
        <div className={`transition-opacity ${isStale ? 'opacity-60' : ''}`}>{children}</div>
      )}
    </section>
  );
}
