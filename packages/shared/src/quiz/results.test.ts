import { describe, expect, it } from 'vitest';
import { QuizResultInput, summarizeAchievements } from './results';

describe('quiz results', () => {
  it('accepts a score within 0..total and refuses the rest', () => {
    expect(QuizResultInput.safeParse({ score: 0, total: 10 }).success).toBe(true);
    expect(QuizResultInput.safeParse({ score: 10, total: 10 }).success).toBe(true);
    const over = QuizResultInput.safeParse({ score: 11, total: 10 });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe('Score cannot exceed the total');
    expect(QuizResultInput.safeParse({ score: -1, total: 10 }).success).toBe(false);
    expect(QuizResultInput.safeParse({ score: 1, total: 0 }).success).toBe(false);
    expect(QuizResultInput.safeParse({ score: 1.5, total: 10 }).success).toBe(false);
  });

  it('summarises no rounds as nothing earned', () => {
    const a = summarizeAchievements([]);
    expect(a).toMatchObject({
      rounds_played: 0,
      best_score: null,
      best_rank: null,
      current_rank: null,
      perfect_rounds: 0,
    });
    expect(a.badges.every((b) => !b.earned)).toBe(true);
  });

  it('finds the best ratio, the latest rank and the badges earned', () => {
    // Newest first.
    const rounds = [
      { score: 5, total: 10 },
      { score: 10, total: 10 },
      { score: 8, total: 10 },
      { score: 3, total: 5 },
      { score: 1, total: 10 },
    ];
    const a = summarizeAchievements(rounds);
    expect(a).toMatchObject({
      rounds_played: 5,
      best_score: 10,
      best_total: 10,
      best_rank: 'Gaming Master',
      current_rank: 'Gaming Novice',
      perfect_rounds: 1,
    });
    const earned = a.badges.filter((b) => b.earned).map((b) => b.id);
    expect(earned).toEqual(['first-round', 'first-perfect', 'five-rounds', 'expert']);
  });
});
