import type { Achievements } from '@jamii/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClasses } from '../../components/button-styles';
import { TrophyIcon } from '../../components/icons';
import { t } from '../../lib/i18n';
import { useMyAchievements, useMyQuizResults } from './api';
import { rankLabel } from './rank-label';
import { RoundList } from './round-list';

/** Rounds shown in the history at first; more on request. */
export const HISTORY_PAGE_SIZE = 10;

const cardClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6';

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5">
      <dt className="text-sm font-medium text-gray-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-gray-900 tabular-nums sm:text-2xl">{value}</dd>
    </div>
  );
}

function Figures({ achievements }: { achievements: Achievements }) {
  const { best_score, best_total, current_rank, rounds_played, perfect_rounds } = achievements;
  const best =
    best_score !== null && best_total !== null
      ? t('quiz.scoreShort', { score: best_score, total: best_total })
      : '–';
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label={t('achievements.bestScore')} value={best} />
      <Stat label={t('achievements.currentRank')} value={current_rank ? rankLabel(current_rank) : '–'} />
      <Stat label={t('achievements.roundsPlayed')} value={rounds_played} />
      <Stat label={t('achievements.perfectRounds')} value={perfect_rounds} />
    </dl>
  );
}

function Badges({ badges }: { badges: Achievements['badges'] }) {
  const earned = badges.filter((badge) => badge.earned).length;
  return (
    <section aria-labelledby="badges-heading" className={cardClass}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="badges-heading" className="text-lg font-bold text-gray-900">
          {t('achievements.badges')}
        </h2>
        <p className="text-sm text-gray-600">
          {t('achievements.badgesEarned', { earned, total: badges.length })}
        </p>
      </div>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {badges.map((badge) => (
          <li
            key={badge.id}
            className={`flex items-start gap-3 rounded-xl border p-3 ${
              badge.earned ? 'border-brand-200 bg-brand-50' : 'border-dashed border-gray-300 bg-gray-50'
            }`}
          >
            <span
              aria-hidden="true"
              className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full ${
                badge.earned ? 'bg-brand-700 text-white' : 'bg-gray-200 text-gray-500'
              }`}
            >
              <TrophyIcon className="size-5" />
            </span>
            <span className="min-w-0">
              <span className={`block font-semibold ${badge.earned ? 'text-gray-900' : 'text-gray-700'}`}>
                {badge.title}
              </span>
              <span className="block text-sm text-gray-600">{badge.description}</span>
              <span
                className={`mt-1 block text-xs font-semibold tracking-wide uppercase ${
                  badge.earned ? 'text-brand-700' : 'text-gray-500'
                }`}
              >
                {badge.earned ? t('achievements.earned') : t('achievements.notYetEarned')}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function History() {
  const results = useMyQuizResults(HISTORY_PAGE_SIZE);
  const rounds = results.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="history-heading" className={cardClass}>
      <h2 id="history-heading" className="text-lg font-bold text-gray-900">
        {t('achievements.history')}
      </h2>
      {results.isPending && <p className="mt-3 text-sm text-gray-600">{t('common.loading')}</p>}
      {results.isError && (
        <div className="mt-3 flex items-center gap-3 text-sm text-gray-700">
          <p>{t('achievements.historyFailed')}</p>
          <button type="button" onClick={() => void results.refetch()} className={buttonClasses('secondary')}>
            {t('error.retry')}
          </button>
        </div>
      )}
      {rounds.length > 0 && <RoundList rounds={rounds} />}
      {results.hasNextPage && (
        <button
          type="button"
          onClick={() => void results.fetchNextPage()}
          disabled={results.isFetchingNextPage}
          className={`mt-2 w-full ${buttonClasses('secondary')}`}
        >
          {results.isFetchingNextPage ? t('common.loading') : t('quiz.loadMore')}
        </button>
      )}
    </section>
  );
}

function EmptyState() {
  return (
    <section className={`${cardClass} flex flex-col items-center gap-4 py-10 text-center`}>
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <TrophyIcon className="size-9" />
      </span>
      <h2 className="text-lg font-bold text-gray-900">{t('achievements.empty.title')}</h2>
      <p className="max-w-sm text-gray-600">{t('achievements.empty.body')}</p>
      <Link to={paths.quiz} className={buttonClasses('primary', 'lg')}>
        {t('achievements.play')}
      </Link>
    </section>
  );
}

/** /achievements (docs/design.md#behaviour-the-specification-leaves-open): the member's best score, rank, rounds, badges and a short history. */
export function AchievementsPage() {
  const achievements = useMyAchievements();

  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('achievements.title') })}</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('achievements.title')}</h1>
        {achievements.data && achievements.data.rounds_played > 0 && (
          <Link to={paths.quiz} className={buttonClasses('primary')}>
            {t('achievements.play')}
          </Link>
        )}
      </div>

      {achievements.isPending && (
        <p role="status" className="py-10 text-center text-gray-600">
          {t('common.loading')}
        </p>
      )}
      {achievements.isError && (
        <div className={`${cardClass} flex flex-col items-center gap-3 py-10 text-center`}>
          <p className="text-gray-800">{t('achievements.loadFailed')}</p>
          <button
            type="button"
            onClick={() => void achievements.refetch()}
            className={buttonClasses('primary')}
          >
            {t('error.retry')}
          </button>
        </div>
      )}
      {achievements.data && (
        <div className="flex flex-col gap-4">
          {achievements.data.rounds_played === 0 ? (
            <EmptyState />
          ) : (
            <>
              <Figures achievements={achievements.data} />
              <History />
            </>
          )}
          <Badges badges={achievements.data.badges} />
        </div>
      )}
    </div>
  );
}
