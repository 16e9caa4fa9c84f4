import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { useTestApp } from '../../test/use-test-app';

describe('health and readiness', () => {
  const t = useTestApp();

  it('GET /api/health answers 200 ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', replicas: [] });
  });

  it('GET /api/ready answers 503 when the database is down', async () => {
    const down = await buildTestApp();
    await down.ctx.database.close();
    const res = await down.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down', replicas: [] });
    await down.app.close();
  });
});
