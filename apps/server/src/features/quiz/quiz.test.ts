import { QUESTION_BANK } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeUser } from '../../test/factories';

type Member = Awaited<ReturnType<typeof makeUser>>;
interface Round {
  id: string;
  questions: { id: number; text: string; options: string[] }[];
}

describe('the quiz, scored by the server', () => {
  const t = useTestApp();

  const newRound = async (m: Member) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/quiz/rounds', headers: m.auth });
    expect(res.statusCode).toBe(201);
    return res.json() as Round;
  };
  const answer = (m: Member, id: string, answers: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/quiz/rounds/${id}/answers`,
      headers: m.auth,
      payload: { answers } as object,
    });
  /** The right option of each question, as the bank knows it (the test reads the bank, not the answer). */
  const rightAnswers = (round: Round) =>
    round.questions.map((q) => {
      const known = QUESTION_BANK.find((b) => b.text === q.text)!;
      return q.options.indexOf(known.options[known.correct]);
    });

  it('issues ten questions of four options without any answer', async () => {
    const me = await makeUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/quiz/rounds', headers: me.auth });
    expect(res.statusCode).toBe(201);
    const round = res.json();
    expect(round.id).toEqual(expect.any(String));
    expect(round.questions).toHaveLength(10);
    for (const q of round.questions) {
      expect(Object.keys(q).sort()).toEqual(['id', 'options', 'text']);
      expect(q.options).toHaveLength(4);
    }
    expect(JSON.stringify(round)).not.toMatch(/correct/);
    expect((await t.app.inject({ method: 'POST', url: '/api/quiz/rounds' })).statusCode).toBe(401);
  });

  it('scores the answers, names the right ones and saves the round once', async () => {
    const me = await makeUser(t);
    const round = await newRound(me);
    const right = rightAnswers(round);
    const chosen = right.map((r, i) => (i < 7 ? r : (r + 1) % 4));
    const res = await answer(me, round.id, chosen);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ score: 7, total: 10, correct: right });
    const again = await answer(me, round.id, right);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('QUIZ_ROUND_SUBMITTED');
    const results = await t.app.inject({ method: 'GET', url: '/api/quiz/results/me', headers: me.auth });
    expect(results.json()).toEqual([
      expect.objectContaining({ score: 7, total: 10, rank: 'Gaming Enthusiast' }),
    ]);
  });

  it('answers 404 for another member’s round or an unknown one, and 400 for missing answers', async () => {
    const me = await makeUser(t);
    const other = await makeUser(t);
    const round = await newRound(me);
    const right = rightAnswers(round);
    expect((await answer(other, round.id, right)).statusCode).toBe(404);
    expect((await answer(me, '00000000-0000-4000-8000-000000000000', right)).statusCode).toBe(404);
    expect((await answer(me, 'not-a-round', right)).statusCode).toBe(404);
    const short = await answer(me, round.id, right.slice(0, 9));
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.answers).toBe('Answer all 10 questions');
    expect(
      (
        await answer(
          me,
          round.id,
          right.map(() => 4),
        )
      ).statusCode,
    ).toBe(400);
    // Still answerable by its member after those refusals.
    expect((await answer(me, round.id, right)).json()).toMatchObject({ score: 10, total: 10 });
  });

  it('refuses an expired round', async () => {
    const me = await makeUser(t);
    const round = await newRound(me);
    await t.db
      .updateTable('quiz_rounds')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', round.id)
      .execute();
    const res = await answer(me, round.id, rightAnswers(round));
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('QUIZ_ROUND_EXPIRED');
  });

  it('never saves a score the browser sends, nor counts an old one in achievements', async () => {
    const me = await makeUser(t);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/quiz/results',
      headers: me.auth,
      payload: { score: 1, total: 1 },
    });
    expect(forged.statusCode).toBe(410);
    expect(forged.json().code).toBe('QUIZ_SCORE_NOT_ACCEPTED');
    // A score a browser saved before this release (no round) is not read.
    await t.db.insertInto('quiz_results').values({ user_id: me.id, score: 1, total: 1 }).execute();
    const empty = await t.app.inject({ method: 'GET', url: '/api/quiz/achievements/me', headers: me.auth });
    expect(empty.json()).toMatchObject({ rounds_played: 0, best_score: null, current_rank: null });
    const list = await t.app.inject({ method: 'GET', url: '/api/quiz/results/me', headers: me.auth });
    expect(list.json()).toEqual([]);
  });

  it('sums up achievements from server-scored rounds, listed newest first in keyset pages', async () => {
    const me = await makeUser(t);
    for (const score of [10, 6]) {
      const round = await newRound(me);
      const right = rightAnswers(round);
      await answer(
        me,
        round.id,
        right.map((r, i) => (i < score ? r : (r + 1) % 4)),
      );
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/quiz/achievements/me', headers: me.auth });
    expect(res.json()).toMatchObject({
      rounds_played: 2,
      best_score: 10,
      best_rank: 'Gaming Master',
      current_rank: 'Gaming Enthusiast',
      perfect_rounds: 1,
    });
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/quiz/results/me?limit=1',
      headers: me.auth,
    });
    expect(first.json().map((r: { score: number }) => r.score)).toEqual([6]);
    const cursor = String(first.headers['x-next-cursor']);
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/quiz/results/me?limit=1&cursor=${cursor}`,
      headers: me.auth,
    });
    expect(second.json().map((r: { score: number }) => r.score)).toEqual([10]);
  });
});
