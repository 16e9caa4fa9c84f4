import { QUIZ_RANKS, type QuizRank } from '@jamii/shared';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { perLocale } from '../../lib/i18n/locale-format';

const rankKeys: Record<QuizRank, Extract<PlainMessageKey, `quiz.rank.${string}`>> = {
  [QUIZ_RANKS.master]: 'quiz.rank.master',
  [QUIZ_RANKS.expert]: 'quiz.rank.expert',
  [QUIZ_RANKS.enthusiast]: 'quiz.rank.enthusiast',
  [QUIZ_RANKS.novice]: 'quiz.rank.novice',
};

/** A rank as the interface writes it (the specified states: Gaming Master, Expert, Enthusiast, Novice). */
export function rankLabel(rank: QuizRank): string {
  return t(rankKeys[rank]);
}

const playedFormat = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
);

/** When a round was played, in the member's local time. */
export function formatPlayedAt(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : playedFormat().format(date);
}
