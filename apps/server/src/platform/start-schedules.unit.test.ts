import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { scheduleOnReady } from './start-schedules';

describe('scheduleOnReady', () => {
  it('starts the app while the queueing fails, and queues once the database answers again', async () => {
    const app = Fastify({ logger: false });
    let calls = 0;
    const enqueue = vi.fn(async () => {
      calls += 1;
      if (calls < 3) throw new Error('connect ECONNREFUSED');
    });
    scheduleOnReady(app, 'test.schedule', enqueue, 5);
    await app.ready();
    await vi.waitFor(() => expect(enqueue).toHaveBeenCalledTimes(3));
    await app.close();
  });

  it('stops trying once the app closes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const app = Fastify({ logger: false });
    const enqueue = vi.fn(async () => {
      throw new Error('down');
    });
    scheduleOnReady(app, 'test.schedule', enqueue, 60_000);
    await app.ready();
    await app.close();
    expect(enqueue).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });
});
