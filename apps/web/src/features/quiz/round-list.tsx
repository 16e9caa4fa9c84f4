import type { QuizResultDto } from '@jamii/shared';
import { t } from '../../lib/i18n';
import { formatPlayedAt, rankLabel } from './rank-label';

/** Rounds, newest first: the score out of the total, the rank and when it was played. */
export function RoundList({ rounds }: { rounds: readonly QuizResultDto[] }) {
  return (
    <ul className="divide-y divide-gray-100">
      {rounds.map((round) => (
        <li key={round.id} className="flex items-center gap-3 py-3">
          <span className="inline-flex min-w-14 justify-center rounded-lg bg-brand-50 px-2 py-1.5 text-base font-bold text-brand-800 tabular-nums">
            {t('quiz.scoreShort', { score: round.score, total: round.total })}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold text-gray-900">{rankLabel(round.rank)}</span>
            <time dateTime={round.created_at} className="block text-sm text-gray-500">
              {formatPlayedAt(round.created_at)}
            </time>
          </span>
        </li>
      ))}
    </ul>
  );
}
