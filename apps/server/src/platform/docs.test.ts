import { NEXT_CURSOR_HEADER } from '@jamii/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { operationIdOf } from './docs';
import { makeOpenApiDocument } from '../openapi-document';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  description?: string;
  parameters?: { in: string; name: string }[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string; description?: string }[];
  servers: { url: string }[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

const BEARER_ONLY = [{ bearer: [] }];
const TOKEN_OPTIONAL = [{}, { bearer: [] }];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  const operations: { method: string; path: string; op: Operation }[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) operations.push({ method, path, op });
  });
  afterAll(() => t?.close());

  it('gives every operation a unique operationId, a tag the document lists, and its security', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const listed = new Set(doc.tags.map((tag) => tag.name));
    expect(
      operations.filter(({ op }) => !op.tags?.length || !op.tags.every((tag) => listed.has(tag))),
    ).toEqual([]);
    expect(operations.filter(({ op }) => !Array.isArray(op.security))).toEqual([]);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.servers).toEqual([{ url: t.ctx.config.publicUrl }]);
  });

  it('makes operationIds from the method and the path', () => {
    expect(operationIdOf('GET', '/api/posts/:id/comments')).toBe('getPostsByIdComments');
    expect(operationIdOf('PUT', '/api/notifications/read-all')).toBe('putNotificationsReadAll');
    expect(operationIdOf('POST', '/api/admin/held/:type/:id/approve')).toBe('postAdminHeldByTypeByIdApprove');
    expect(doc.paths['/api/posts/{id}/comments']?.get?.operationId).toBe('getPostsByIdComments');
    // The identity check answers at two paths: each has its own name.
    expect([doc.paths['/me']?.get?.operationId, doc.paths['/api/me']?.get?.operationId]).toEqual([
      'getMeAtSiteRoot',
      'getMe',
    ]);
  });

  it('says what the server does: a bearer-only operation answers a visitor 401, no other one does', async () => {
    const wrong: string[] = [];
    for (const { method, path, op } of operations) {
      // Every path parameter a plausible value; no body (a route that needs one answers 400 first).
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
      const refused = res.statusCode === 401 && res.json().code === 'UNAUTHORIZED';
      const bearerOnly = JSON.stringify(op.security) === JSON.stringify(BEARER_ONLY);
      if (refused !== bearerOnly)
        wrong.push(`${method} ${path}: ${JSON.stringify(op.security)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // A public read that answers by who asks takes a token when one comes; the login takes none.
    expect(doc.paths['/api/posts/{id}']?.get?.security).toEqual(TOKEN_OPTIONAL);
    expect(doc.paths['/api/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/admin/audit']?.get?.security).toEqual(BEARER_ONLY);
  });

  it(`declares ${NEXT_CURSOR_HEADER} on every list that takes a cursor, and on no other answer`, () => {
    const takesCursor = operations
      .filter(({ op }) => op.parameters?.some((p) => p.in === 'query' && p.name === 'cursor'))
      .map(({ method, path }) => `${method} ${path}`);
    const declares = operations
      .filter(({ op }) => Object.values(op.responses).some((r) => r.headers?.[NEXT_CURSOR_HEADER]))
      .map(({ method, path }) => `${method} ${path}`);
    expect(takesCursor.length).toBeGreaterThan(15);
    expect(declares).toEqual(takesCursor);
    expect(doc.paths['/api/notifications/{id}']?.get?.responses['200']?.headers).toEqual({
      [NEXT_CURSOR_HEADER]: {
        schema: { type: 'string' },
        description: 'The cursor of the next page; absent on the last one.',
      },
    });
  });

  it('documents the data export as the zip it serves', () => {
    const answer = doc.paths['/api/users/{id}/export']?.get?.responses['200'];
    expect(Object.keys(answer?.content ?? {})).toEqual(['application/zip']);
    expect(answer?.content?.['application/zip']).toMatchObject({
      schema: { type: 'string', format: 'binary' },
    });
    // Its errors are JSON, as everywhere.
    expect(Object.keys(doc.paths['/api/users/{id}/export']?.get?.responses['4XX']?.content ?? {})).toEqual([
      'application/json',
    ]);
  });

  it('has no two paths that differ only by the names of their parameters', () => {
    const shapes = Object.keys(doc.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.filter((shape, i) => shapes.indexOf(shape) !== i)).toEqual([]);
  });

  it('is what npm run lint:openapi lints: the same document, made without a server', async () => {
    const made = (await makeOpenApiDocument()) as unknown as Document;
    expect({ ...made, servers: [] }).toEqual({ ...doc, servers: [] });
  });
});
