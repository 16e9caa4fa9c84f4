import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerDrain } from './drain';

/** A server whose one route works until `release()`, then for a moment more, as a query would. */
async function serverWithSlowRoute(options?: { handlersWaitMs: number }) {
  const app = Fastify();
  const events: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const isStarted = new Promise<void>((resolve) => (started = resolve));
  let clientGone!: () => void;
  const isClientGone = new Promise<void>((resolve) => (clientGone = resolve));
  // Before the drain's hook: it lets the work go on once the stop has begun.
  app.addHook('preClose', async () => {
    events.push('stop begun');
    release();
  });
  registerDrain(app, options);
  app.addHook('onClose', async () => {
    events.push('closed');
  });
  app.get('/slow', async (req) => {
    req.raw.socket.once('close', clientGone);
    started();
    await gate;
    await new Promise((resolve) => setTimeout(resolve, 20));
    events.push('request done');
    return { ok: true };
  });
  let neverStarted!: () => void;
  const isNeverStarted = new Promise<void>((resolve) => (neverStarted = resolve));
  app.get('/never', () => {
    neverStarted();
    return new Promise(() => undefined);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, events, port, isStarted, isClientGone, isNeverStarted };
}

/** Asks for /slow and hangs up once the handler runs, as a client that gave up would. */
async function askAndHangUp(server: Awaited<ReturnType<typeof serverWithSlowRoute>>) {
  const req = request({ host: '127.0.0.1', port: server.port, path: '/slow', agent: false });
  req.on('error', () => undefined);
  req.end();
  await server.isStarted;
  req.destroy();
  await server.isClientGone;
}

describe('registerDrain', () => {
  const apps: { close: () => Promise<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('lets a request whose client hung up finish before the server closes', async () => {
    const server = await serverWithSlowRoute();
    await askAndHangUp(server);
    await server.app.close();
    // Without the wait, server.close() found no connection and onClose (main.ts closes the database
    // after it) ran while the request still had work to do.
    expect(server.events).toEqual(['stop begun', 'request done', 'closed']);
  });

  it('stops waiting for a request that never ends after its bound', async () => {
    const server = await serverWithSlowRoute({ handlersWaitMs: 50 });
    apps.push(server.app);
    // A request that never returns, its client gone.
    const never = request({ host: '127.0.0.1', port: server.port, path: '/never', agent: false });
    never.on('error', () => undefined);
    never.end();
    await server.isNeverStarted;
    never.destroy();
    await server.app.close();
    expect(server.events).toEqual(['stop begun', 'closed']);
  });
});
