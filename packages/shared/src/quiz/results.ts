import { z } from 'zod';
import { numberInput } from '../input';
import { QUIZ_RANKS, rankFor } from './rules';

export const QUIZ_TOTAL_MAX = 1000;

/** A finished round as the quiz page reports it. */
export const QuizResultInput = z
  .object({
    score: numberInput(
      z
        .number({ error: 'Score must be a whole number' })
        .int('Score must be a whole number')
        .min(0, 'Score cannot be negative'),
    ),
    total: numberInput(
      z
        .number({ error: 'Total must be a whole number' })
        .int('Total must be a whole number')
        .min(1, 'A round has at least one question')
        .max(QUIZ_TOTAL_MAX),
    ),
  })
  .refine((r) => r.score <= r.total, { message: 'Score cannot exceed the total', path: ['score'] });
export type QuizResultInputValues = z.infer<typeof QuizResultInput>;

const QuizRankSchema = z.enum(QUIZ_RANKS);

/** A saved round (POST /api/quiz/results, GET /api/quiz/results/me). */
export const QuizResultSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  score: z.number(),
  total: z.number(),
  rank: QuizRankSchema,
  created_at: z.string(),
});
export type QuizResultDto = z.infer<typeof QuizResultSchema>;

export const BadgeSchema = z.object({ id: z.string(), title: z.string(), description: z.string() });
export type Badge = z.infer<typeof BadgeSchema>;

/** GET /api/quiz/achievements/me: the Achievements page's figures. */
export const AchievementsSchema = z.object({
  rounds_played: z.number(),
  best_score: z.number().nullable(),
  best_total: z.number().nullable(),
  best_rank: QuizRankSchema.nullable(),
  current_rank: QuizRankSchema.nullable(),
  perfect_rounds: z.number(),
  badges: z.array(BadgeSchema.extend({ earned: z.boolean() })),
});
export type Achievements = z.infer<typeof AchievementsSchema>;

interface RoundSummary {
  rounds: number;
  perfect: number;
  bestRatio: number;
}

// Badges are earned from the saved rounds; each predicate reads the summary of all of them.
const BADGES: (Badge & { earned: (s: RoundSummary) => boolean })[] = [
  {
    id: 'first-round',
    title: 'First round',
    description: 'Finish your first quiz round',
    earned: (s) => s.rounds >= 1,
  },
  {
    id: 'first-perfect',
    title: 'Perfect round',
    description: 'Answer every question of a round correctly',
    earned: (s) => s.perfect >= 1,
  },
  { id: 'five-rounds', title: 'Regular', description: 'Finish 5 rounds', earned: (s) => s.rounds >= 5 },
  {
    id: 'expert',
    title: 'Expert',
    description: 'Score 80% or more in a round',
    earned: (s) => s.bestRatio >= 0.8,
  },
  { id: 'ten-rounds', title: 'Explorer', description: 'Finish 10 rounds', earned: (s) => s.rounds >= 10 },
  {
    id: 'three-perfect',
    title: 'Master of capitals',
    description: 'Finish 3 perfect rounds',
    earned: (s) => s.perfect >= 3,
  },
];

/** The Achievements page's figures, from a member's rounds listed newest first. */
export function summarizeAchievements(rounds: readonly { score: number; total: number }[]): Achievements {
  const perfect = rounds.filter((r) => r.score === r.total).length;
  const best = rounds.reduce<{ score: number; total: number } | null>(
    (b, r) => (!b || r.score * b.total > b.score * r.total ? r : b),
    null,
  );
  const summary: RoundSummary = {
    rounds: rounds.length,
    perfect,
    bestRatio: best ? best.score / best.total : 0,
  };
  const latest = rounds[0];
  return {
    rounds_played: rounds.length,
    best_score: best?.score ?? null,
    best_total: best?.total ?? null,
    best_rank: best ? rankFor(best.score, best.total) : null,
    current_rank: latest ? rankFor(latest.score, latest.total) : null,
    perfect_rounds: perfect,
    badges: BADGES.map(({ earned, ...badge }) => ({ ...badge, earned: earned(summary) })),
  };
}
