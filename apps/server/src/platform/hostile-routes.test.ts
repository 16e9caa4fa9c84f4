import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { makeUser } from '../test/factories';
import {
  hostileRequest,
  listEndpoints,
  MULTIPART_ROUTES,
  seededRandom,
  type Endpoint,
  type Identity,
} from '../test/hostile-payloads';

// Generator-driven: every route of the app (from its OpenAPI document) gets hostile requests as a
// visitor and as a member, and none may answer 5xx. CI sends 100 per route; for a long run:
// HOSTILE_PAYLOADS=1000 HOSTILE_SEED=7 npx vitest run --project integration <this file>.
const PAYLOADS_PER_ENDPOINT = Number(process.env.HOSTILE_PAYLOADS ?? 100);
const SEED = Number(process.env.HOSTILE_SEED ?? 20261123);

describe('hostile requests on every route', () => {
  let t: TestApp;
  let endpoints: Endpoint[];
  let identities: Identity[];
  beforeAll(async () => {
    t = await buildTestApp();
    const member = await makeUser(t);
    identities = [
      { label: 'anonymous', headers: {}, memberId: member.id },
      { label: 'member', headers: member.auth, memberId: member.id },
    ];
    endpoints = await listEndpoints(t);
  });
  afterAll(() => t.close());

  it('finds every route, and the form fields of those that read a multipart form', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(55);
    const routes = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
    for (const route of Object.keys(MULTIPART_ROUTES)) expect(routes).toContain(route);
    expect(endpoints.find((e) => e.path === '/api/jobs' && e.method === 'POST')?.jsonFields).toContain(
      'title',
    );
  });

  it(
    `answers ${PAYLOADS_PER_ENDPOINT} hostile requests per route without a 5xx`,
    async ({ annotate }) => {
      const random = seededRandom(SEED);
      const failures: string[] = [];
      let sent = 0;
      for (const endpoint of endpoints) {
        for (let i = 0; i < PAYLOADS_PER_ENDPOINT; i += 1) {
          const identity = identities[i % identities.length]!;
          const request = hostileRequest(endpoint, identity, random);
          const res = await t.app.inject(request);
          sent += 1;
          if (res.statusCode >= 500) {
            const payload = request.payload === undefined ? '' : String(request.payload).slice(0, 200);
            failures.push(
              `${res.statusCode} ${String(request.method)} ${String(request.url).slice(0, 200)} as ${identity.label} ${JSON.stringify(payload)} → ${res.body.slice(0, 200)}`,
            );
          } else if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
            const body = res.json() as { code?: unknown; message?: unknown };
            if (typeof body.code !== 'string' || typeof body.message !== 'string')
              failures.push(`${res.statusCode} without the error body: ${String(request.url).slice(0, 200)}`);
          }
        }
      }
      // Reported for the note: how many requests, on how many routes, with which seed.
      await annotate(
        `hostile run: ${sent} requests, ${endpoints.length} routes, ${PAYLOADS_PER_ENDPOINT} each, seed ${SEED}, ${failures.length} failures`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
    },
    PAYLOADS_PER_ENDPOINT * 1_000,
  );
});
