import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeUser } from '../../test/factories';

describe('quiz results and achievements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const save = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/quiz/results', headers, payload: payload as object });

  it('saves a round with its rank for the signed-in member only', async () => {
    const member = await makeUser(t);
    const res = await save(member.auth, { score: 8, total: 10 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user_id: member.id, score: 8, total: 10, rank: 'Gaming Expert' });
    expect((await save({}, { score: 8, total: 10 })).statusCode).toBe(401);
  });

  it('refuses a score outside 0..total', async () => {
    const member = await makeUser(t);
    const over = await save(member.auth, { score: 11, total: 10 });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.score).toBe('Score cannot exceed the total');
    expect((await save(member.auth, { score: -1, total: 10 })).statusCode).toBe(400);
    expect((await save(member.auth, { score: 1, total: 0 })).statusCode).toBe(400);
  });

  it('lists my rounds newest first in keyset pages, never another member’s', async () => {
    const me = await makeUser(t);
    const other = await makeUser(t);
    for (const score of [1, 2, 3, 4, 5]) await save(me.auth, { score, total: 10 });
    await save(other.auth, { score: 9, total: 10 });
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/quiz/results/me?limit=3',
      headers: me.auth,
    });
    expect(first.json().map((r: { score: number }) => r.score)).toEqual([5, 4, 3]);
    const cursor = String(first.headers['x-next-cursor']);
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/quiz/results/me?limit=3&cursor=${cursor}`,
      headers: me.auth,
    });
    expect(second.json().map((r: { score: number }) => r.score)).toEqual([2, 1]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/quiz/results/me' })).statusCode).toBe(401);
  });

  it('sums up achievements from the saved rounds', async () => {
    const me = await makeUser(t);
    const empty = await t.app.inject({ method: 'GET', url: '/api/quiz/achievements/me', headers: me.auth });
    expect(empty.json()).toMatchObject({ rounds_played: 0, best_score: null, current_rank: null });
    await save(me.auth, { score: 10, total: 10 });
    await save(me.auth, { score: 6, total: 10 });
    const res = await t.app.inject({ method: 'GET', url: '/api/quiz/achievements/me', headers: me.auth });
    expect(res.json()).toMatchObject({
      rounds_played: 2,
      best_score: 10,
      best_rank: 'Gaming Master',
      current_rank: 'Gaming Enthusiast',
      perfect_rounds: 1,
    });
    const earned = res
      .json()
      .badges.filter((b: { earned: boolean }) => b.earned)
      .map((b: { id: string }) => b.id);
    expect(earned).toEqual(['first-round', 'first-perfect', 'expert']);
  });
});
