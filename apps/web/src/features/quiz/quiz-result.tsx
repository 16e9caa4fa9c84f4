import type { QuizRank } from '@jamii/shared';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClasses } from '../../components/button-styles';
import { TrophyIcon } from '../../components/icons';
import { t } from '../../lib/i18n';
import { rankLabel } from './rank-label';
export type SaveStatus = 'saving' | 'saved' | 'failed';

interface QuizResultProps {
  score: number;
  total: number;
  rank: QuizRank;
  saveStatus: SaveStatus | null;
  onRetrySave: () => void;
  onPlayAgain: () => void;
}

/** the specified states Quiz: Quiz Complete!, the score out of the total, the rank and Play Again. */
export function QuizResult({ score, total, rank, saveStatus, onRetrySave, onPlayAgain }: QuizResultProps) {
  return (
    <section
      aria-labelledby="quiz-complete"
      className="flex flex-col items-center gap-5 rounded-2xl bg-white px-4 py-8 text-center shadow-sm ring-1 ring-gray-900/5 sm:px-8"
    >
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-700 text-white">
        <TrophyIcon className="size-9" />
      </span>
      <h1 id="quiz-complete" className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
        {t('quiz.complete')}
      </h1>
      <p className="text-lg text-gray-800" data-testid="quiz-score">
        {t('quiz.score', { score, total })}
      </p>
      <p className="flex flex-col gap-1">
        <span className="text-sm font-medium text-gray-600">{t('quiz.yourRank')}</span>
        <span data-testid="quiz-rank" className="text-xl font-bold text-brand-700">
          {rankLabel(rank)}
        </span>
      </p>

      <SaveNotice status={saveStatus} onRetry={onRetrySave} />

      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <button type="button" onClick={onPlayAgain} className={buttonClasses('primary', 'lg')}>
          {t('quiz.playAgain')}
        </button>
        <Link to={paths.achievements} className={buttonClasses('secondary', 'lg')}>
          {t('quiz.seeAchievements')}
        </Link>
      </div>
    </section>
  );
}

function SaveNotice({ status, onRetry }: { status: SaveStatus | null; onRetry: () => void }) {
  if (status === 'failed') {
    return (
      <div
        role="alert"
        className="flex w-full flex-col items-center gap-2 rounded-lg border-l-4 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-700 sm:flex-row sm:justify-between"
      >
        <span>{t('quiz.save.failed')}</span>
        <button type="button" onClick={onRetry} className={buttonClasses('secondary')}>
          {t('error.retry')}
        </button>
      </div>
    );
  }
  return (
    <p role="status" className="min-h-5 text-sm text-gray-600">
      {status === 'saving' && t('quiz.save.saving')}
      {status === 'saved' && t('quiz.save.saved')}
    </p>
  );
}
