import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClasses } from '../../components/button-styles';
import { t } from '../../lib/i18n';
import { useMyQuizResults } from './api';
import { RoundList } from './round-list';

const GAMES_PAGE_SIZE = 20;

/**
 * The profile's games tab (the specified screens Profile): one's own saved quiz rounds with rank and date. Shown on
 * one's own profile only: rounds are private to the member who played them.
 */
export function GamesTab() {
  const results = useMyQuizResults(GAMES_PAGE_SIZE);
  const rounds = results.data?.pages.flatMap((page) => page.data) ?? [];

  if (results.isPending) {
    return (
      <p role="status" className="py-6 text-center text-gray-600">
        {t('common.loading')}
      </p>
    );
  }
  if (results.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <p className="text-gray-800">{t('achievements.historyFailed')}</p>
        <button type="button" onClick={() => void results.refetch()} className={buttonClasses('primary')}>
          {t('error.retry')}
        </button>
      </div>
    );
  }
  if (rounds.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-gray-900/5">
        <p className="text-gray-800">{t('games.empty')}</p>
        <Link to={paths.quiz} className={buttonClasses('primary')}>
          {t('achievements.play')}
        </Link>
      </div>
    );
  }
  return (
    <section className="rounded-2xl bg-white px-4 py-2 shadow-sm ring-1 ring-gray-900/5 sm:px-6">
      <div className="flex items-center justify-between gap-3 border-b border-gray-100 py-3">
        <h2 className="text-lg font-bold text-gray-900">{t('games.title')}</h2>
        <Link to={paths.achievements} className="text-sm font-semibold text-brand-700 hover:underline">
          {t('games.seeAchievements')}
        </Link>
      </div>
      <RoundList rounds={rounds} />
      {results.hasNextPage && (
        <button
          type="button"
          onClick={() => void results.fetchNextPage()}
          disabled={results.isFetchingNextPage}
          className={`my-2 w-full ${buttonClasses('secondary')}`}
        >
          {results.isFetchingNextPage ? t('common.loading') : t('quiz.loadMore')}
        </button>
      )}
    </section>
  );
}
