import * as shared from '@jamii/shared';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { features } from '../src/features';
import { buildTestApp, type TestApp } from '../src/test/build-test-app';
import { NoContent } from '../src/platform/responses';

interface SeenRoute {
  method: string;
  url: string;
  response: Record<string, unknown> | undefined;
}

// Every contract lives in packages/shared (STYLE rule 4): a route's answer is one of its schemas,
// or a list of one. Media files (platform/media-route.ts) and the web app are served outside the
// feature list, as files, not JSON, so they are not routes of this contract.
const sharedSchemas = new Set<unknown>(Object.values(shared).filter((v) => v instanceof z.ZodType));
/** An answer declared by media type (the export's zip): `{ content: { [type]: { schema } } }`. */
const byMediaType = (schema: unknown) =>
  Object.values((schema as { content?: Record<string, { schema?: unknown }> } | null)?.content ?? {}).map(
    (media) => media.schema,
  );
const isSharedContract = (schema: unknown): boolean =>
  schema === NoContent ||
  sharedSchemas.has(schema) ||
  (schema instanceof z.ZodArray && sharedSchemas.has(schema.element)) ||
  (byMediaType(schema).length > 0 && byMediaType(schema).every(isSharedContract));

const routeName = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('response contracts', () => {
  const seen: SeenRoute[] = [];
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>> };

  beforeAll(async () => {
    // Seen from the root (fastify-plugin), this hook sees every route the feature plugins add after it.
    const recordRoutes = fp(async (app) => {
      app.addHook('onRoute', (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD') continue;
          seen.push({
            method,
            url: route.url,
            response: route.schema?.response as Record<string, unknown> | undefined,
          });
        }
      });
    });
    features.unshift(recordRoutes);
    try {
      t = await buildTestApp();
    } finally {
      features.splice(features.indexOf(recordRoutes), 1);
    }
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t?.close());

  it('sees the routes of every feature', () => {
    expect(seen.length).toBeGreaterThan(50);
    expect(seen.map(routeName)).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/login',
        'DELETE /api/posts/:id',
        'POST /api/posts/:id/comments',
        'POST /api/videos',
      ]),
    );
  });

  it('declares a success answer on every route', () => {
    const missing = seen
      .filter((r) => !Object.keys(r.response ?? {}).some((status) => /^2\d\d$/.test(status)))
      .map(routeName);
    expect(missing).toEqual([]);
  });

  it('takes every answer from packages/shared', () => {
    const local = seen.flatMap((r) =>
      Object.entries(r.response ?? {})
        .filter(([, schema]) => !isSharedContract(schema))
        .map(([status]) => `${routeName(r)} ${status}`),
    );
    expect(local).toEqual([]);
  });

  it('shows every answer in the OpenAPI document', () => {
    const undocumented = seen.flatMap((r) => {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      const responses = doc.paths[path]?.[r.method.toLowerCase()]?.responses ?? {};
      return Object.keys(r.response ?? {})
        .filter((status) => {
          // OpenAPI spells a range 4XX.
          const answer = responses[status.toUpperCase()];
          // A 204 has no content; every other declared status is JSON with a schema.
          return !answer || (status !== '204' && !answer.content);
        })
        .map((status) => `${routeName(r)} ${status}`);
    });
    expect(undocumented).toEqual([]);
  });

  it('declares the one error body for 4xx and 5xx on every route', () => {
    const without = seen
      .filter(
        (r) => r.response?.['4xx'] !== shared.ApiErrorSchema || r.response['5xx'] !== shared.ApiErrorSchema,
      )
      .map(routeName);
    expect(without).toEqual([]);
    const errorAnswer = doc.paths['/api/posts/{id}']?.get?.responses['4XX'];
    expect(JSON.stringify(errorAnswer)).toContain('VALIDATION_FAILED');
  });

  it('answers errors in that shape through the serializer', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/posts/2147483647' });
    expect(missing.statusCode).toBe(404);
    expect(shared.ApiErrorSchema.parse(missing.json())).toEqual({
      code: 'NOT_FOUND',
      message: 'Post not found',
    });
    const invalid = await t.app.inject({ method: 'GET', url: '/api/posts/abc' });
    expect(invalid.statusCode).toBe(400);
    expect(shared.ApiErrorSchema.parse(invalid.json()).code).toBe('VALIDATION_FAILED');
  });
});
