import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createGuards, registerBearerAuth, registerRoutePolicies, type CurrentUser } from './auth';
import { registerErrorHandler } from './errors';
import { createAccessTokens } from './tokens';

// Deny by default (docs/security.md): every /api route declares who may call it, and one hook enforces it.
const SECRET = 'route-policy-test-secret-long-enough-0123';
const SESSION = '11111111-2222-4333-8444-555555555555';
const people: Record<number, CurrentUser> = {
  1: { id: 1, username: '@member', name: 'Member', role: 'member' },
  2: { id: 2, username: '@admin', name: 'Admin', role: 'admin' },
};

async function appWith(
  register: (app: ReturnType<typeof Fastify>, guards: ReturnType<typeof createGuards>) => void,
) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  const tokens = createAccessTokens(SECRET);
  registerBearerAuth(app, tokens);
  let loads = 0;
  const guards = createGuards(async (id) => {
    loads += 1;
    return people[id];
  });
  registerRoutePolicies(app, guards);
  register(app, guards);
  await app.ready();
  const bearer = async (id: number) => ({ authorization: `Bearer ${await tokens.sign(id, SESSION)}` });
  return { app, bearer, loads: () => loads };
}

describe('route policies', () => {
  it('refuses to start when a route under /api declares no policy, naming it', async () => {
    const app = Fastify({ logger: false });
    registerRoutePolicies(
      app,
      createGuards(async () => undefined),
    );
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(
      /GET \/api\/forgotten declares no access policy/,
    );
    expect(() => app.post('/api/odd', { config: { policy: 'nobody' as never } }, async () => ({}))).toThrow(
      /POST \/api\/odd/,
    );
    // /me is the API's other address of /api/me.
    expect(() => app.get('/me', async () => ({}))).toThrow(/GET \/me declares no access policy/);
    // Outside /api (pages, media) a policy is not required.
    expect(() => app.get('/feed', async () => 'page')).not.toThrow();
    await app.close();
  });

  it('closes member and owner routes to visitors and admin routes to members, even without a guard of their own', async () => {
    const { app, bearer } = await appWith((a) => {
      a.get('/api/open', { config: { policy: 'public' } }, async () => ({ ok: true }));
      a.get('/api/mine', { config: { policy: 'member' } }, async (req: FastifyRequest) => ({
        id: req.user.id,
      }));
      a.delete('/api/things/:id', { config: { policy: 'owner' } }, async () => ({ ok: true }));
      a.get('/api/admin/secret', { config: { policy: 'admin' } }, async () => ({ ok: true }));
    });
    const call = async (method: 'GET' | 'DELETE', url: string, headers = {}) =>
      (await app.inject({ method, url, headers })).statusCode;
    expect(await call('GET', '/api/open')).toBe(200);
    expect(await call('GET', '/api/mine')).toBe(401);
    expect(await call('DELETE', '/api/things/1')).toBe(401);
    expect(await call('GET', '/api/admin/secret')).toBe(401);
    expect(await call('GET', '/api/mine', { authorization: 'Bearer not-a-token' })).toBe(401);
    expect(await call('GET', '/api/mine', await bearer(9))).toBe(401); // a token of no account
    expect(await call('GET', '/api/mine', await bearer(1))).toBe(200);
    expect(await call('DELETE', '/api/things/1', await bearer(1))).toBe(200);
    expect(await call('GET', '/api/admin/secret', await bearer(1))).toBe(403);
    expect(await call('GET', '/api/admin/secret', await bearer(2))).toBe(200);
    await app.close();
  });

  it('refuses a visitor before the body is validated, and loads the account once per request', async () => {
    const { app, bearer, loads } = await appWith((a, guards) => {
      a.post(
        '/api/things',
        {
          config: { policy: 'member' },
          schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
          preHandler: guards.requireUser,
        },
        async () => ({ ok: true }),
      );
    });
    const anonymous = await app.inject({ method: 'POST', url: '/api/things', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const before = loads();
    const member = await app.inject({
      method: 'POST',
      url: '/api/things',
      payload: { name: 'x' },
      headers: await bearer(1),
    });
    expect(member.statusCode).toBe(200);
    expect(loads() - before).toBe(1);
    await app.close();
  });
});
