import { JobApplyInput, PostInput, SignupInput, VideoInput } from '@jamii/shared';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import type { TestApp } from './build-test-app';
import { encodeCursor } from '../platform/pagination';
import { TEST_PASSWORD } from './factories';
import {
  edgeText,
  fieldArbitrary,
  schemaArbitrary,
  SQL_TEXTS,
  UNICODE_EDGES,
  type Hints,
  type JsonSchema,
} from './schema-arbitraries';

// Every route of the app, read from its own OpenAPI document, and fast-check arbitraries of the
// requests a hostile or careless client sends them (docs/security.md#hostile-input): broken JSON,
// wrong types, huge strings, deep nesting, prototype-pollution keys, odd Unicode, SQL and LIKE
// metacharacters, numbers out of range, missing and extra fields, broken forms and files; and
// requests shaped by each route's own schemas at their edges, which get past validation. Used by
// hostile-routes.test.ts (the fuzz) and event-loop.test.ts (validRequest).

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify style, e.g. /api/users/:id. */
  path: string;
  pathParams: string[];
  query: string[];
  /** Fields of a JSON body schema; empty when the route declares none. */
  jsonFields: string[];
  /** Text fields and the file field of a multipart form, for routes that read one. */
  multipart?: MultipartForm;
  /** The JSON Schemas the route declares (for multipart routes, its form's, from the zod contract). */
  schemas: { body?: JsonSchema; path: Record<string, JsonSchema>; query: Record<string, JsonSchema> };
}

interface MultipartForm {
  fields: string[];
  file: string;
  kind: 'image' | 'video' | 'pdf';
  schema?: JsonSchema;
}

const formOf = (input: z.ZodObject, file: string, kind: MultipartForm['kind']): MultipartForm => ({
  fields: Object.keys(input.shape),
  file,
  kind,
  schema: z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
});

/** Routes that read a multipart form in their handler, so their OpenAPI entry has no body. */
export const MULTIPART_ROUTES: Record<string, MultipartForm> = {
  'POST /api/signup': formOf(SignupInput, 'profile_pic', 'image'),
  'POST /api/posts': formOf(PostInput, 'image', 'image'),
  'POST /api/videos': formOf(VideoInput, 'video', 'video'),
  'PUT /api/user/:id/profile-pic': { fields: [], file: 'profile_pic', kind: 'image' },
  'POST /api/jobs/:id/apply': formOf(JobApplyInput, 'cv', 'pdf'),
};

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every route the app serves, from GET /api/docs/json. */
export async function listEndpoints(t: TestApp): Promise<Endpoint[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = res.json() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const endpoints: Endpoint[] = [];
  for (const [openApiPath, operations] of Object.entries(doc.paths)) {
    const path = openApiPath.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, op] of Object.entries(operations)) {
      const upper = method.toUpperCase() as Endpoint['method'];
      const parameters = op.parameters ?? [];
      const body = op.requestBody?.content?.['application/json']?.schema;
      const multipart = MULTIPART_ROUTES[`${upper} ${path}`];
      const params = (place: string) =>
        Object.fromEntries(parameters.filter((p) => p.in === place).map((p) => [p.name, p.schema ?? {}]));
      endpoints.push({
        method: upper,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        jsonFields: Object.keys(body?.properties ?? {}),
        multipart,
        schemas: { body: body ?? multipart?.schema, path: params('path'), query: params('query') },
      });
    }
  }
  return endpoints;
}

/**
 * Percent-encodes like a browser; a lone surrogate (which encodeURIComponent refuses) becomes the
 * bytes of one, which no valid UTF-8 has: one more thing a server must refuse calmly.
 */
function encodeText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return Array.from(text, (char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80';
      }
    }).join('');
  }
}

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Texts that once broke a server somewhere: NUL, numbers out of range, bad dates, odd Unicode. */
const KNOWN_HOSTILE_TEXTS: readonly string[] = [
  '\u0000',
  'ama\u0000ni',
  '%00',
  '2147483648',
  '99999999999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e309',
  '-0',
  '0x10',
  'NaN',
  'Infinity',
  '-Infinity',
  ' 12 ',
  '2024-02-30',
  cursorOf('2024-02-30T10:00:00.000000Z|5'),
  cursorOf('2024-01-01T24:00:00Z|2147483648'),
  cursorOf('0000-01-01T00:00:00Z|1'),
  cursorOf('x|y|z'),
  cursorOf("2024-01-01T00:00:00Z|1' OR '1'='1"),
  '\uD800',
  'a\uDC00b',
  '💥'.repeat(60),
  '\u202Eevil',
  'a\u200Bdmin',
  'N’gang’a Wa\u0301njiku',
  '',
  ' ',
  '\t\r\n',
  'a'.repeat(256),
  'a'.repeat(5001),
  'a'.repeat(100_000),
  'ab.'.repeat(20_000),
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  '%s%n{{7*7}}${x}',
  '@',
  '@@admin',
  '#'.repeat(2000),
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
];

/** A hostile text: known breakers, SQL and LIKE metacharacters, odd Unicode, random code units, numbers as text. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...KNOWN_HOSTILE_TEXTS) },
  { weight: 2, arbitrary: fc.constantFrom(...SQL_TEXTS) },
  { weight: 2, arbitrary: edgeText(400) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...UNICODE_EDGES).map((c) => c.repeat(3000)) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.integer(), fc.double(), fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }))
      .map(String),
  },
);

/** JSON text written as is: numbers JSON.stringify cannot write, deep nesting, pollution objects. */
class RawJson {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

const RAW_VALUES: readonly RawJson[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
  '-0',
  '0x10',
  '01',
  '.5',
  '1.',
  deepArray(64),
  deepArray(2000),
  deepObject(64),
  deepObject(2000),
  '{"__proto__":{"isAdmin":true,"role":"admin"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '[{"__proto__":{"polluted":1}}]',
].map((text) => new RawJson(text));

/** JSON values of every type, for fields that expect one type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, true, false, 0, -1, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 0.1),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_VALUES) },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 5000 }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Keys that try to reach an object's prototype or a field the server sets itself. */
const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'role',
  'id',
  'user_id',
  'client_id',
  'password_hash',
  'email_verified',
  'accepted',
  'status',
  'moderation',
  'created_at',
] as const;

const toJsonText = (value: unknown) => (value instanceof RawJson ? value.text : JSON.stringify(value));
/** An object's JSON written key by key, so `__proto__` is a key and a key may repeat. */
const objectText = (entries: readonly (readonly [string, unknown])[]) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;

interface Body {
  type: string;
  payload: string | Buffer;
}

/** Bodies that are not the JSON object a route expects, with the content type they claim. */
const HOSTILE_BODIES: readonly (() => Body)[] = [
  () => ({ type: 'application/json', payload: '' }),
  () => ({ type: 'application/json', payload: '{' }),
  () => ({ type: 'application/json', payload: 'null' }),
  () => ({ type: 'application/json', payload: '"text"' }),
  () => ({ type: 'application/json', payload: '[1,2,3]' }),
  () => ({ type: 'application/json', payload: '12' }),
  () => ({ type: 'application/json', payload: 'NaN' }),
  () => ({ type: 'application/json', payload: deepArray(100_000) }),
  () => ({ type: 'application/json', payload: deepObject(100_000) }),
  () => ({ type: 'application/json', payload: '{"__proto__": {"isAdmin": true}}' }),
  () => ({ type: 'application/json', payload: '{"constructor": {"prototype": {"x": 1}}}' }),
  () => ({ type: 'application/json', payload: '{"a":"\\u0000"}' }),
  () => ({ type: 'application/json', payload: '{"a":"\\ud800"}' }),
  () => ({ type: 'application/json', payload: '{"a":1,"a":2}' }),
  () => ({
    type: 'application/json',
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  }),
  () => ({ type: 'application/json', payload: Buffer.from('\uFEFF{}') }),
  () => ({ type: 'application/json; charset=utf-16', payload: '{}' }),
  () => ({ type: 'application/json; charset=latin1', payload: '{}' }),
  () => ({ type: 'text/plain', payload: 'hello' }),
  () => ({ type: 'application/xml', payload: '<a/>' }),
  () => ({ type: 'application/x-www-form-urlencoded', payload: 'title=a&content=%00&__proto__[x]=1' }),
  () => ({ type: 'multipart/form-data', payload: '--x\r\n\r\nabc\r\n--x--\r\n' }),
  () => ({ type: 'multipart/form-data; boundary=x', payload: 'garbage' }),
  () => ({
    type: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
  }),
  () => ({ type: 'multipart/form-data; boundary=', payload: '' }),
  () => ({ type: '', payload: '{}' }),
  () => ({ type: 'application/json', payload: `{"a":"${'b'.repeat(1_100_000)}"}` }),
];

/** A valid value for each field name the routes use, so a mutation reaches past validation. */
function validValue(field: string, memberId: number): unknown {
  const values: Record<string, unknown> = {
    username: 'kamau_w',
    password: 'Umoja-Kazi-2024!',
    confirmPassword: 'Umoja-Kazi-2024!',
    rememberMe: false,
    email: 'wanjiku@tujenge.co.ke',
    token: 'a'.repeat(43),
    name: 'Wanjiku Kamau',
    bio: 'Accountant in Nairobi.',
    location: 'Nairobi',
    user_id: memberId,
    message: 'Habari, I can help.',
    type: 'info',
    score: 7,
    total: 10,
    title: 'Accountant',
    company: 'Tujenge Ltd',
    description: 'Keep the books of a SACCO.',
    salary: 'KES 80,000',
    job_title: 'Logo for a matatu SACCO',
    max_price: 500,
    bid_id: 1,
    offer_price: 100,
    price: 250,
    content: 'Habari ya leo #Nairobi',
    search: 'Nairobi',
    limit: 20,
    offset: 0,
  };
  return field in values ? values[field] : 'x';
}

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

interface FilePart {
  field: string;
  data: Buffer;
  name: string;
  type: string;
}

function multipartBody(
  fields: readonly (readonly [string, string])[],
  file?: FilePart,
): Body & { payload: Buffer } {
  const boundary = 'jamiiHostileBoundary7MA4YWxk';
  const chunks: Buffer[] = fields.map(([key, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
}

/** A valid file of the form's kind, or none for videos (a real clip needs ffmpeg: videos.test.ts has them). */
function validFile(form: MultipartForm): fc.Arbitrary<FilePart | undefined> {
  const as = (data: Buffer, name: string, type: string) => ({ field: form.file, data, name, type });
  if (form.kind === 'pdf')
    return fc.option(fc.constant(as(TINY_PDF, 'cv.pdf', 'application/pdf')), { nil: undefined });
  if (form.kind === 'video') return fc.constant(undefined);
  return fc.option(fc.constant(as(TINY_PNG, 'photo.png', 'image/png')), { nil: undefined });
}

/** A file a hostile client sends: the wrong bytes under an image's name, a name that climbs folders, junk. */
function hostileFile(form: MultipartForm): fc.Arbitrary<FilePart> {
  const name = fc.oneof(
    fc.constantFrom(
      'photo.png',
      '../../etc/passwd.png',
      '..\\..\\win.ini',
      '/etc/passwd',
      'a\u0000.png',
      '.htaccess',
      'x.svg',
      'x.html',
    ),
    hostileText.map((t) => t.slice(0, 300)),
  );
  const data = fc.oneof(
    fc.constantFrom(
      TINY_PNG,
      TINY_PDF,
      SVG,
      HTML,
      Buffer.concat([TINY_PNG, HTML]),
      TINY_PNG.subarray(0, 20),
      Buffer.alloc(0),
    ),
    hostileText.map((t) => Buffer.from(t)),
    fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
  );
  const type = fc.constantFrom(
    'image/png',
    'image/svg+xml',
    'text/html',
    'application/octet-stream',
    'application/pdf',
    'video/mp4',
  );
  return fc.record({ data, name, type }).map((f) => ({ field: form.file, ...f }));
}

export interface Identity {
  label: 'anonymous' | 'member' | 'admin';
  headers: Record<string, string>;
  memberId: number;
}

/** Who the fuzz sends as, and which existing names a path may use. */
export interface FuzzTargets {
  identities: readonly Identity[];
  /** Usernames of members that exist (never the admin's own, which the admin routes could demote). */
  usernames: readonly string[];
}

export interface FuzzCase {
  kind: 'hostile' | 'edge';
  as: Identity['label'];
  request: InjectOptions;
  /** Whether the request carried an Idempotency-Key (its answer is stored even when it refuses). */
  idempotent: boolean;
}

/** A field left out of a request. */
const MISSING = Symbol('missing');

const COOKIE_ROUTES = new Set(['/api/refresh', '/api/logout']);

/** A path id that is never the signed-in member's own account where deleting it would end the run. */
function safePathValue(endpoint: Endpoint, name: string, value: string, identity: Identity) {
  const ownAccount =
    endpoint.method === 'DELETE' &&
    endpoint.path === '/api/users/:id' &&
    name === 'id' &&
    value === String(identity.memberId);
  return ownAccount ? String(identity.memberId + 100_000) : value;
}

function finish(
  endpoint: Endpoint,
  identity: Identity,
  kind: FuzzCase['kind'],
  parts: { url: string; query: string[]; headers: Record<string, string>; body?: Body },
): FuzzCase {
  const headers = { ...identity.headers, ...parts.headers };
  if (COOKIE_ROUTES.has(endpoint.path)) headers['x-requested-with'] = 'XMLHttpRequest';
  if (parts.body?.type) headers['content-type'] = parts.body.type;
  return {
    kind,
    as: identity.label,
    idempotent: 'idempotency-key' in headers,
    request: {
      method: endpoint.method,
      url: parts.query.length > 0 ? `${parts.url}?${parts.query.join('&')}` : parts.url,
      headers,
      ...(parts.body && endpoint.method !== 'GET' ? { payload: parts.body.payload } : {}),
    },
  };
}

/** Header values a client may send (visible ASCII only: Node refuses others before they leave). */
const headerText = fc.oneof(
  fc.constantFrom('', ' ', 'a'.repeat(5000), "' OR 1=1 --", '%00', '../..', 'null', '0'),
  fc.string({ unit: fc.constantFrom(...'abcXYZ019 !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'), maxLength: 200 }),
);

/** Mostly a member's request, sometimes a visitor's or an admin's (on admin routes, mostly an admin's). */
function identityArb(endpoint: Endpoint, targets: FuzzTargets) {
  const adminRoute = endpoint.path.startsWith('/api/admin/');
  const weightOf = (label: Identity['label']) =>
    label === 'member' ? 3 : label === 'admin' ? (adminRoute ? 4 : 1) : 1;
  return fc.oneof(
    ...targets.identities.map((i) => ({ weight: weightOf(i.label), arbitrary: fc.constant(i) })),
  );
}

const authHeaders = fc.oneof(
  { weight: 8, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { authorization: 'Bearer not-a-token' },
      { authorization: `Bearer ${'a'.repeat(5000)}` },
      { authorization: 'Basic YTpi' },
      { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.' },
      { authorization: '' },
    ),
  },
  { weight: 1, arbitrary: headerText.map((key) => ({ 'idempotency-key': key })) },
);

/** One hostile request for an endpoint: some or all parts of an otherwise valid request are broken. */
export function hostileRequest(endpoint: Endpoint, targets: FuzzTargets): fc.Arbitrary<FuzzCase> {
  const slot = (valid: fc.Arbitrary<string>) =>
    fc.oneof({ weight: 2, arbitrary: valid }, { weight: 1, arbitrary: hostileText });
  const pathValues = fc.tuple(
    ...endpoint.pathParams.map((name) =>
      fc.tuple(
        slot(
          name === 'username'
            ? fc.constantFrom(...targets.usernames)
            : fc.integer({ min: 1, max: 8 }).map(String),
        ),
        // Most often encoded as a browser would; sometimes raw, which may not even be a valid URL.
        fc.boolean(),
      ),
    ),
  );
  const queryValues = fc.tuple(
    ...endpoint.query.map((name) =>
      fc.option(
        fc.tuple(slot(fc.constant(String(validValue(name, 1)))), fc.option(hostileText, { freq: 20 })),
        { freq: 3 },
      ),
    ),
  );
  const junkQuery = fc.option(
    fc.constantFrom(
      '%',
      '%E0%A4%A',
      'a[b]=c',
      '__proto__[x]=1',
      'constructor[prototype][isAdmin]=1',
      '&&&=',
      'limit=1&limit=2',
    ),
    { freq: 15 },
  );
  const json = fc
    .tuple(
      fc.tuple(
        ...endpoint.jsonFields.map((name) =>
          fc.option(
            fc.oneof(
              { weight: 2, arbitrary: fc.constant(validValue(name, 1)) },
              { weight: 1, arbitrary: hostileValue },
            ),
            {
              freq: 10,
              nil: MISSING,
            },
          ),
        ),
      ),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), hostileText), hostileValue), {
        maxLength: 3,
      }),
    )
    .map(([values, extra]): Body => {
      const entries = endpoint.jsonFields.flatMap((name, i) =>
        values[i] === MISSING ? [] : [[name, values[i]] as const],
      );
      return { type: 'application/json', payload: objectText([...entries, ...extra]) };
    });
  const form = endpoint.multipart;
  const multipart = form
    ? fc
        .record({
          fields: fc.tuple(
            ...form.fields.map((name) =>
              fc.option(slot(fc.constant(String(validValue(name, 1)))), { freq: 10, nil: MISSING }),
            ),
          ),
          extra: fc.array(
            fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.constant(form.file)), hostileText),
            { maxLength: 2 },
          ),
          file: fc.oneof(validFile(form), hostileFile(form)),
          cut: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { freq: 6 }),
        })
        .map(({ fields, extra, file, cut }) => {
          const entries = form.fields.flatMap((name, i) => {
            const value = fields[i];
            return typeof value === 'string' ? [[name, value] as const] : [];
          });
          const body = multipartBody([...entries, ...extra], file);
          return cut === null
            ? body
            : { ...body, payload: body.payload.subarray(0, Math.floor(cut * body.payload.length)) };
        })
    : undefined;
  const regular =
    multipart ??
    (endpoint.jsonFields.length > 0 || endpoint.method !== 'GET' ? json : fc.constant(undefined));
  const body = fc.oneof(
    { weight: 4, arbitrary: regular },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_BODIES).map((make) => make()) },
  );

  return fc
    .record({
      identity: identityArb(endpoint, targets),
      path: pathValues,
      query: queryValues,
      junk: junkQuery,
      auth: authHeaders,
      cookie: hostileText,
      body,
    })
    .map(({ identity, path, query, junk, auth, cookie, body }) => {
      let i = 0;
      const url = endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
        const [value, encoded] = path[i++]!;
        const safe = safePathValue(endpoint, name, value, identity);
        return encoded ? encodeText(safe) : safe.replace(/[/?#\s]/g, '');
      });
      const pairs: string[] = [];
      endpoint.query.forEach((name, j) => {
        const chosen = query[j];
        if (!chosen) return;
        pairs.push(`${name}=${encodeText(chosen[0])}`);
        if (chosen[1] !== null) pairs.push(`${name}=${encodeText(chosen[1])}`);
      });
      if (junk) pairs.push(junk);
      const headers: Record<string, string> = { ...auth };
      if (COOKIE_ROUTES.has(endpoint.path)) headers.cookie = `jamii_rt=${encodeText(cookie)}`;
      return finish(endpoint, identity, 'hostile', { url, query: pairs, headers, body });
    });
}

/** Cursors in the server's own format, from year 1 to 9999: they pass the format check and reach SQL. */
const keysetCursor = fc
  .record({
    time: fc.date({
      min: new Date('0001-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    }),
    micros: fc.integer({ min: 0, max: 999 }),
    id: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(2147483647)),
  })
  .map(({ time, micros, id }) =>
    encodeCursor({ createdAt: time.toISOString().replace('Z', `${String(micros).padStart(3, '0')}Z`), id }),
  );

function hintsFor(targets: FuzzTargets): Hints {
  const usernames = fc.constantFrom(
    ...targets.usernames,
    ...targets.usernames.map((u) => u.replace(/^@/, '')),
  );
  const password = fc.constant(TEST_PASSWORD);
  return {
    username: usernames,
    password,
    confirmPassword: password,
    current_password: password,
    cursor: fc.option(keysetCursor, { nil: undefined, freq: 2 }),
  };
}

/** A request shaped by the route's own schemas, at their edges: most pass validation and reach the service. */
export function edgeRequest(endpoint: Endpoint, targets: FuzzTargets): fc.Arbitrary<FuzzCase> {
  const hints = hintsFor(targets);
  const pathValue = (name: string) =>
    fieldArbitrary(name, endpoint.schemas.path[name] ?? { type: 'integer', minimum: 1 }, hints);
  const path = fc.tuple(...endpoint.pathParams.map(pathValue));
  const query = fc.record(
    Object.fromEntries(
      endpoint.query.map((name) => [name, fieldArbitrary(name, endpoint.schemas.query[name], hints)]),
    ),
    { requiredKeys: [] },
  );
  const form = endpoint.multipart;
  const body: fc.Arbitrary<Body | undefined> = form
    ? fc
        .record({ values: schemaArbitrary(form.schema ?? { type: 'object' }, hints), file: validFile(form) })
        .map(({ values, file }) => {
          const entries = Object.entries(values as Record<string, unknown>).map(
            ([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as const,
          );
          return multipartBody(entries, file);
        })
    : endpoint.schemas.body
      ? schemaArbitrary(endpoint.schemas.body, hints).map((value) => ({
          type: 'application/json',
          payload: JSON.stringify(value),
        }))
      : fc.constant(undefined);
  const idempotencyKey = endpoint.method === 'POST' ? fc.option(fc.uuid(), { freq: 4 }) : fc.constant(null);
  return fc
    .record({ identity: identityArb(endpoint, targets), path, query, body, key: idempotencyKey })
    .map(({ identity, path: values, query: chosen, body: b, key }) => {
      let i = 0;
      const url = endpoint.path.replace(/:(\w+)/g, (_match, name: string) =>
        encodeText(safePathValue(endpoint, name, String(values[i++]), identity)),
      );
      const pairs = Object.entries(chosen)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}=${encodeText(String(v))}`);
      const headers: Record<string, string> = key ? { 'idempotency-key': key } : {};
      return finish(endpoint, identity, 'edge', { url, query: pairs, headers, body: b });
    });
}

/** The fuzz's requests for one endpoint: three hostile for every two shaped by its schemas. */
export const fuzzRequest = (endpoint: Endpoint, targets: FuzzTargets) =>
  fc.oneof(
    { weight: 3, arbitrary: hostileRequest(endpoint, targets) },
    { weight: 2, arbitrary: edgeRequest(endpoint, targets) },
  );

/**
 * A request with valid values everywhere except `overrides`, placed where `where` says (a path
 * parameter, the query, the JSON body or the multipart form).
 */
export function validRequest(
  endpoint: Endpoint,
  memberId: number,
  headers: Record<string, string>,
  overrides: Record<string, string>,
  where: 'path' | 'query' | 'json' | 'multipart',
): InjectOptions {
  const valueOf = (field: string, place: typeof where) =>
    place === where && field in overrides ? overrides[field]! : String(validValue(field, memberId));
  const url = endpoint.path.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(
      where === 'path' && name in overrides
        ? overrides[name]!
        : name === 'username' || endpoint.path === '/api/users/:id'
          ? String(memberId)
          : '1',
    ),
  );
  const query = endpoint.query.map((name) => `${name}=${encodeURIComponent(valueOf(name, 'query'))}`);
  const request: InjectOptions = {
    method: endpoint.method,
    url: query.length > 0 ? `${url}?${query.join('&')}` : url,
    headers: { ...headers },
  };
  if (endpoint.multipart) {
    const body = multipartBody(endpoint.multipart.fields.map((f) => [f, valueOf(f, 'multipart')] as const));
    request.headers = { ...request.headers, 'content-type': body.type };
    request.payload = body.payload;
  } else if (endpoint.jsonFields.length > 0) {
    request.payload = Object.fromEntries(
      endpoint.jsonFields.map((f) => [
        f,
        where === 'json' && f in overrides ? overrides[f] : validValue(f, memberId),
      ]),
    );
  }
  return request;
}
