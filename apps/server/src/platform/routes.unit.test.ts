import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Guards } from './auth';
import { IdParam } from './params';
import { routeKit } from './routes';

// The route kit states a route once: its policy gives its guard, its feature gives its tag.
const Thing = z.object({ id: z.number(), name: z.string() });
const requireUser: Guards['requireUser'] = async () => undefined;
const requireAdmin: Guards['requireAdmin'] = async () => undefined;
const optionalUser: Guards['optionalUser'] = async () => undefined;
const guards: Guards = { requireUser, requireAdmin, optionalUser };

async function kitApp(register: (route: ReturnType<typeof routeKit>) => void) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const seen: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') seen.push(route);
  });
  register(routeKit(app, guards, 'things'));
  await app.ready();
  return { app, seen };
}

describe('routeKit', () => {
  it('derives the guard from the policy, tags the route with its feature and keeps the schemas', async () => {
    const limit = async () => undefined;
    const { app, seen } = await kitApp((route) => {
      route.get('/api/open', { policy: 'public', summary: 'Open', response: { 200: Thing } }, async () => ({
        id: 1,
        name: 'open',
      }));
      route.get(
        '/api/seen/:id',
        { policy: 'public', viewer: true, summary: 'Seen', params: IdParam, response: { 200: Thing } },
        async (req) => ({ id: req.params.id, name: 'seen' }),
      );
      route.put(
        '/api/mine',
        { policy: 'member', summary: 'Mine', body: Thing, response: { 200: Thing } },
        async (req) => req.body,
      );
      route.patch(
        '/api/things/:id',
        { policy: 'owner', summary: 'Owned', params: IdParam, limits: [limit], response: { 200: Thing } },
        async (req) => ({ id: req.params.id, name: 'owned' }),
      );
      route.post(
        '/api/admin/things',
        { policy: 'admin', summary: 'Admin', response: { 200: Thing } },
        async () => ({
          id: 2,
          name: 'admin',
        }),
      );
    });
    const table = Object.fromEntries(
      seen.map((r) => [
        `${String(r.method)} ${r.url}`,
        { pre: r.preHandler, config: r.config, schema: r.schema },
      ]),
    );
    expect(table['GET /api/open']!.pre).toBeUndefined();
    expect(table['GET /api/seen/:id']!.pre).toBe(optionalUser);
    expect(table['PUT /api/mine']!.pre).toBe(requireUser);
    expect(table['PATCH /api/things/:id']!.pre).toEqual([requireUser, limit]);
    expect(table['POST /api/admin/things']!.pre).toBe(requireAdmin);
    expect(seen.map((r) => (r.config as { policy: string }).policy)).toEqual([
      'public',
      'public',
      'member',
      'owner',
      'admin',
    ]);
    expect(Object.keys(table['GET /api/seen/:id']!.schema!)).toEqual([
      'tags',
      'summary',
      'params',
      'response',
    ]);
    expect(table['GET /api/seen/:id']!.schema).toMatchObject({
      tags: ['things'],
      summary: 'Seen',
      params: IdParam,
      response: { 200: Thing },
    });
    // The schemas validate and serialize as before: a bad id is refused, a body answered back.
    expect((await app.inject({ method: 'GET', url: '/api/seen/x' })).statusCode).toBe(400);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/mine',
      payload: { id: 3, name: 'three', extra: 1 },
    });
    expect(put.json()).toEqual({ id: 3, name: 'three' });
    await app.close();
  });

  it('answers created with 201, removed with 204 and no body, page with its items and the next cursor', async () => {
    const removed: number[] = [];
    const { app, seen } = await kitApp((route) => {
      route.created(
        '/api/things',
        { policy: 'member', summary: 'Make', body: Thing, response: { 201: Thing } },
        async (req) => req.body,
      );
      route.removed(
        '/api/things/:id',
        { policy: 'owner', summary: 'Remove', params: IdParam },
        async (req) => {
          removed.push(req.params.id);
        },
      );
      route.page(
        '/api/things',
        { policy: 'public', summary: 'List', response: { 200: z.array(Thing) } },
        async () => ({
          items: [{ id: 1, name: 'one' }],
          nextCursor: 'next',
        }),
      );
    });
    const made = await app.inject({ method: 'POST', url: '/api/things', payload: { id: 4, name: 'four' } });
    expect([made.statusCode, made.json()]).toEqual([201, { id: 4, name: 'four' }]);
    const gone = await app.inject({ method: 'DELETE', url: '/api/things/5' });
    expect([gone.statusCode, gone.body, removed]).toEqual([204, '', [5]]);
    const page = await app.inject({ method: 'GET', url: '/api/things' });
    expect([page.statusCode, page.headers['x-next-cursor'], page.json()]).toEqual([
      200,
      'next',
      [{ id: 1, name: 'one' }],
    ]);
    const schemaOf = (method: string) => seen.find((r) => r.method === method)!.schema;
    expect(Object.keys(schemaOf('DELETE')!.response as object)).toEqual(['204']);
    expect(Object.keys(schemaOf('POST')!.response as object)).toEqual(['201']);
    await app.close();
  });

  it('types params, query and body from the zod schemas, and answers from the response schema', async () => {
    const { app } = await kitApp((route) => {
      route.get(
        '/api/typed/:id',
        {
          policy: 'public',
          summary: 'Typed',
          params: IdParam,
          querystring: z.object({ q: z.string() }),
          response: { 200: Thing },
        },
        async (req) => {
          const id: number = req.params.id;
          const q: string = req.query.q;
          // @ts-expect-error: not a param of this route
          void req.params.other;
          // @ts-expect-error: the query's q is a string
          const wrong: number = req.query.q;
          void wrong;
          return { id, name: q };
        },
      );
      // @ts-expect-error: the answer must be a Thing
      route.get('/api/wrong', { policy: 'public', summary: 'Wrong', response: { 200: Thing } }, async () => ({
        id: 'x',
      }));
      route.created(
        '/api/made',
        { policy: 'member', summary: 'Made', response: { 201: Thing } },
        // @ts-expect-error: created answers what its 201 schema says
        async () => ({ id: 1 }),
      );
    });
    const typed = await app.inject({ method: 'GET', url: '/api/typed/7?q=seven' });
    expect(typed.json()).toEqual({ id: 7, name: 'seven' });
    await app.close();
  });
});
