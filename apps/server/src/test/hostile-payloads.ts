import { JobApplyInput, PostInput, SignupInput, VideoInput } from '@jamii/shared';
import type { InjectOptions } from 'fastify';
import type { TestApp } from './build-test-app';

// Every route of the app, read from its own OpenAPI document, and a seeded generator of hostile
// requests for them (issue 15, finding 4). Used by hostile-routes.test.ts and event-loop.test.ts.

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify style, e.g. /api/users/:id. */
  path: string;
  pathParams: string[];
  query: string[];
  /** Fields of a JSON body schema; empty when the route declares none. */
  jsonFields: string[];
  /** Text fields and the file field of a multipart form, for routes that read one. */
  multipart?: { fields: string[]; file: string };
}

/** Routes that read a multipart form in their handler, so their OpenAPI entry has no body. */
export const MULTIPART_ROUTES: Record<string, { fields: string[]; file: string }> = {
  'POST /api/signup': { fields: Object.keys(SignupInput.shape), file: 'profile_pic' },
  'POST /api/posts': { fields: Object.keys(PostInput.shape), file: 'image' },
  'POST /api/videos': { fields: Object.keys(VideoInput.shape), file: 'video' },
  'PUT /api/user/:id/profile-pic': { fields: [], file: 'profile_pic' },
  'POST /api/jobs/:id/apply': { fields: Object.keys(JobApplyInput.shape), file: 'cv' },
};

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
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
      const schema = op.requestBody?.content?.['application/json']?.schema;
      endpoints.push({
        method: upper,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        jsonFields: Object.keys(schema?.properties ?? {}),
        multipart: MULTIPART_ROUTES[`${upper} ${path}`],
      });
    }
  }
  return endpoints;
}

/** A small, fast, seeded source of numbers in [0, 1) (mulberry32), so a failure can be replayed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

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

/** Texts that once broke a server somewhere: NUL, numbers out of range, bad dates, odd Unicode. */
const HOSTILE_TEXTS: readonly (() => string)[] = [
  () => '\u0000',
  () => 'ama\u0000ni',
  () => '%00',
  () => '2147483648',
  () => '99999999999999999999999999',
  () => '-1',
  () => '0',
  () => '1.5',
  () => '1e309',
  () => '-0',
  () => '0x10',
  () => 'NaN',
  () => 'Infinity',
  () => ' 12 ',
  () => '2024-02-30',
  () => cursorOf('2024-02-30T10:00:00.000000Z|5'),
  () => cursorOf('2024-01-01T24:00:00Z|2147483648'),
  () => cursorOf('0000-01-01T00:00:00Z|1'),
  () => cursorOf('x|y|z'),
  () => '\uD800',
  () => 'a\uDC00b',
  () => '💥'.repeat(60),
  () => '\u202Eevil',
  () => 'N’gang’a Wa\u0301njiku',
  () => '',
  () => ' ',
  () => '\t\r\n',
  () => 'a'.repeat(256),
  () => 'a'.repeat(5001),
  () => 'a'.repeat(100_000),
  () => 'ab.'.repeat(20_000),
  () => "' OR 1=1 --",
  () => '%_\\',
  () => '../../etc/passwd',
  () => '<script>alert(1)</script>',
  () => '%s%n{{7*7}}${x}',
  () => '@',
  () => '@@admin',
  () => '#'.repeat(2000),
  () => 'true',
  () => 'null',
  () => '[]',
];

/** JSON values of every type, for fields that expect one type. */
const HOSTILE_VALUES: readonly (() => unknown)[] = [
  () => null,
  () => true,
  () => 0,
  () => -1,
  () => 2 ** 31,
  () => 2 ** 53 + 2,
  () => 1e308,
  () => -1e308,
  () => 0.1,
  () => [],
  () => ['a', 'b'],
  () => ({}),
  () => ({ nested: { deeper: ['\u0000'] } }),
  () => JSON.parse(deepArray(2000)) as unknown,
  () => Array.from({ length: 5000 }, (_, i) => i),
];

/** Bodies that are not the JSON object a route expects, with the content type they claim. */
const HOSTILE_BODIES: readonly (() => { type: string; payload: string | Buffer })[] = [
  () => ({ type: 'application/json', payload: '' }),
  () => ({ type: 'application/json', payload: '{' }),
  () => ({ type: 'application/json', payload: 'null' }),
  () => ({ type: 'application/json', payload: '"text"' }),
  () => ({ type: 'application/json', payload: '[1,2,3]' }),
  () => ({ type: 'application/json', payload: '12' }),
  () => ({ type: 'application/json', payload: deepArray(100_000) }),
  () => ({ type: 'application/json', payload: '{"__proto__": {"isAdmin": true}}' }),
  () => ({ type: 'application/json', payload: '{"constructor": {"prototype": {"x": 1}}}' }),
  () => ({ type: 'application/json', payload: '{"a":"\\u0000"}' }),
  () => ({ type: 'application/json', payload: '{"a":"\\ud800"}' }),
  () => ({
    type: 'application/json',
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  }),
  () => ({ type: 'application/json; charset=utf-16', payload: '{}' }),
  () => ({ type: 'text/plain', payload: 'hello' }),
  () => ({ type: 'application/xml', payload: '<a/>' }),
  () => ({ type: 'application/x-www-form-urlencoded', payload: 'title=a&content=%00' }),
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

function hostileText(random: Random): string {
  return pick(random, HOSTILE_TEXTS)();
}

function hostileValue(random: Random): unknown {
  return random() < 0.6 ? hostileText(random) : pick(random, HOSTILE_VALUES)();
}

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipartBody(fields: Record<string, string>, file?: { field: string; data: Buffer; name: string }) {
  const boundary = 'jamiiHostileBoundary7MA4YWxk';
  const parts = Object.entries(fields).map(
    ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
  );
  const chunks: Buffer[] = parts.map((part) => Buffer.from(part));
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
}

export interface Identity {
  label: 'anonymous' | 'member';
  headers: Record<string, string>;
  memberId: number;
}

/** One hostile request for an endpoint: one or more parts of an otherwise valid request are broken. */
export function hostileRequest(endpoint: Endpoint, identity: Identity, random: Random): InjectOptions {
  const mutateAll = random() < 0.15;
  const mutate = () => mutateAll || random() < 0.35;

  const url = endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    if (!mutate()) {
      // Never the member's own account: deleting it would leave the rest of the run anonymous.
      if (name === 'id' && endpoint.path.startsWith('/api/users/') && endpoint.method === 'DELETE')
        return String(identity.memberId + 1000);
      if (name === 'username' || (name === 'id' && endpoint.path === '/api/users/:id'))
        return String(identity.memberId);
      return String(1 + Math.floor(random() * 5));
    }
    const text = hostileText(random);
    // Most often encoded as a browser would; sometimes raw, which may not even be a valid URL.
    return random() < 0.8 ? encodeText(text) : text.replace(/[/?#\s]/g, '');
  });

  const query: string[] = [];
  for (const name of endpoint.query) {
    if (random() < 0.3) continue;
    const value = mutate() ? hostileText(random) : String(validValue(name, identity.memberId));
    query.push(`${name}=${encodeText(value)}`);
    if (random() < 0.05) query.push(`${name}=${encodeText(hostileText(random))}`);
  }
  if (random() < 0.05) query.push(pick(random, ['%', '%E0%A4%A', 'a[b]=c', '__proto__[x]=1', '&&&=']));

  const headers: Record<string, string> = { ...identity.headers };
  const roll = random();
  if (roll < 0.05) headers.authorization = 'Bearer not-a-token';
  else if (roll < 0.08) headers.authorization = `Bearer ${'a'.repeat(5000)}`;
  else if (roll < 0.1) headers.authorization = 'Basic YTpi';
  if (endpoint.path === '/api/refresh' || endpoint.path === '/api/logout') {
    headers['x-requested-with'] = 'XMLHttpRequest';
    headers.cookie = `jamii_rt=${encodeText(hostileText(random))}`;
  }

  let body: { type: string; payload: string | Buffer } | undefined;
  const bodyRoll = random();
  if (bodyRoll < 0.2) {
    body = pick(random, HOSTILE_BODIES)();
  } else if (endpoint.multipart) {
    const fields: Record<string, string> = {};
    for (const name of endpoint.multipart.fields) {
      if (random() < 0.1) continue;
      fields[name] = mutate() ? hostileText(random) : String(validValue(name, identity.memberId));
    }
    const fileRoll = random();
    const file =
      fileRoll < 0.1
        ? { field: endpoint.multipart.file, data: TINY_PNG, name: 'photo.png' }
        : fileRoll < 0.15
          ? {
              field: endpoint.multipart.file,
              data: Buffer.from(hostileText(random)),
              name: hostileText(random),
            }
          : undefined;
    body = multipartBody(fields, file);
    if (random() < 0.15)
      body.payload = (body.payload as Buffer).subarray(0, Math.floor(random() * body.payload.length));
  } else if (endpoint.jsonFields.length > 0 || endpoint.method !== 'GET') {
    const json: Record<string, unknown> = {};
    for (const name of endpoint.jsonFields) {
      if (random() < 0.1) continue;
      json[name] = mutate() ? hostileValue(random) : validValue(name, identity.memberId);
    }
    if (random() < 0.1) json[hostileText(random)] = hostileValue(random);
    body = { type: 'application/json', payload: JSON.stringify(json) };
  }

  if (body?.type) headers['content-type'] = body.type;
  return {
    method: endpoint.method,
    url: query.length > 0 ? `${url}?${query.join('&')}` : url,
    headers,
    ...(body && endpoint.method !== 'GET' ? { payload: body.payload } : {}),
  };
}

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
    const fields = Object.fromEntries(endpoint.multipart.fields.map((f) => [f, valueOf(f, 'multipart')]));
    const body = multipartBody(fields);
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
