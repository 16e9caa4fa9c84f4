import fc from 'fast-check';

// fast-check arbitraries derived from the JSON Schemas of the app's own OpenAPI document (which
// fastify-type-provider-zod makes from the zod contracts of packages/shared), and from those
// contracts through z.toJSONSchema for the multipart forms. They answer values of the right shape
// at the edges of what each schema allows, so a fuzz case gets past validation into the service,
// the SQL and the mappers. zod-fast-check would do this from the zod schemas directly, but it needs
// zod 3 and fast-check 3 (we run zod 4 and fast-check 4).

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0 style (a boolean beside minimum) or JSON Schema 2020 style (a number). */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  nullable?: boolean;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Code points that tend to break text handling: direction overrides, zero widths, BOM, NUL, halves of surrogate pairs. */
export const UNICODE_EDGES = [
  '\u0000',
  '\u202E',
  '\u202D',
  '\u2066',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\uD800',
  '\uDFFF',
  '\uFFFD',
  '\uFFFF',
  '\u0301',
  '\u0009',
  '\u000B',
  '\u2028',
  '\u3000',
  '𝕏',
  '👩🏾‍💻',
  '🇰🇪',
  'ß',
  'İ',
  'ﬃ',
] as const;

/** SQL and LIKE metacharacters, and a few injections that would show if text ever reached SQL unbound. */
export const SQL_TEXTS = [
  "'",
  '"',
  "''",
  '%',
  '_',
  '\\',
  '%_\\',
  '\\%',
  '[a-z]',
  ';',
  '--',
  '/*',
  '*/',
  '$1',
  '$$',
  '::text',
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  "1' AND pg_sleep(2) IS NULL --",
  "E'\\x00'",
  "%' UNION SELECT password_hash FROM users --",
  'NULL',
] as const;

/** Text that reaches the product's own rules: mentions, tags, links, phone numbers, money, markup. */
const PRODUCT_TEXTS = [
  'Habari ya leo #Nairobi',
  '@member_1 angalia hii',
  '#kazi #Mombasa',
  'Pay KSh 5,000 registration fee to 0712 345 678 via M-Pesa',
  'WhatsApp me on +254 712 345678',
  'https://example.com/?a=1&b=<x>',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}%s%n',
  'N’gang’a Wa\u0301njiku',
  'Nyeri, Kenya',
  '   ',
] as const;

const pieces = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 2, arbitrary: fc.constantFrom(...UNICODE_EDGES) },
  { weight: 2, arbitrary: fc.constantFrom(...SQL_TEXTS) },
  { weight: 2, arbitrary: fc.constantFrom(...PRODUCT_TEXTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);

/** Concatenated pieces of awkward text, cut to at most `max` UTF-16 units. */
export const edgeText = (max: number) =>
  fc.array(pieces, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('').slice(0, max));

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  // Long enough to reach every limit the contracts set, short enough to stay fast.
  const max = Math.min(schema.maxLength ?? 300, 6000);
  const pattern = schema.pattern ?? schema.allOf?.find((s) => s.pattern)?.pattern;
  const exact = fc.constantFrom(...new Set([Math.max(min, 1), max, max + 1])).map((n) => 'a'.repeat(n));
  if (pattern) {
    // Not filtered by length: for a pattern whose matches are mostly shorter than its minimum (the
    // push keys' base64url, 20 or more) a filter retried forever and hung the fuzz. A match of the
    // wrong length is a request the route must refuse, which is worth sending too.
    const matching = fc.stringMatching(new RegExp(pattern, 'u'));
    return fc.oneof(
      { weight: 6, arbitrary: matching },
      { weight: 1, arbitrary: edgeText(max) },
      { weight: 1, arbitrary: exact },
    );
  }
  if (schema.format === 'email') return fc.oneof(fc.emailAddress(), edgeText(max));
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'uuid') return fc.oneof(fc.uuid(), edgeText(40));
  return fc.oneof(
    { weight: 6, arbitrary: edgeText(max) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 60) }) },
    { weight: 1, arbitrary: exact },
  );
}

function bounds(schema: JsonSchema, integer: boolean) {
  const step = integer ? 1 : 0.01;
  let min = schema.minimum ?? -1e9;
  let max = schema.maximum ?? 1e9;
  if (schema.exclusiveMinimum === true) min += step;
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step;
  if (schema.exclusiveMaximum === true) max -= step;
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step;
  return { min: integer ? Math.ceil(min) : min, max: integer ? Math.floor(max) : max };
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, integer);
  const edges = [min, max, 0, 1, -1, min - 1, max + 1].filter((n) => Number.isSafeInteger(Math.trunc(n)));
  const inRange = integer
    ? fc.integer({ min: Math.max(min, -(2 ** 53) + 1), max: Math.min(max, 2 ** 53 - 1) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // Ids in the fuzz's database are small: most integers should name a row that exists.
  const low = Math.max(min, 1);
  const small = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: low, max: Math.max(Math.min(max, 4), low) }) },
    { weight: 1, arbitrary: fc.integer({ min: low, max: Math.max(Math.min(max, 12), low) }) },
  );
  return integer
    ? fc.oneof(
        { weight: 4, arbitrary: small },
        { weight: 2, arbitrary: fc.constantFrom(...edges) },
        { weight: 2, arbitrary: inRange },
      )
    : fc.oneof(
        { weight: 3, arbitrary: inRange },
        { weight: 2, arbitrary: fc.constantFrom(...edges, 0.01, 0.005, 1e-9, 99.999) },
        { weight: 2, arbitrary: small },
      );
}

/**
 * Values a field of a given name should mostly take, whatever its schema says (an existing
 * username, the members' password, a cursor in the server's format), so requests reach past
 * "not found" too.
 */
export type Hints = Readonly<Record<string, fc.Arbitrary<unknown>>>;

/** A value for the field `name`: mostly its hint if it has one, else shaped by its schema. */
export function fieldArbitrary(
  name: string,
  schema: JsonSchema | undefined,
  hints: Hints,
): fc.Arbitrary<unknown> {
  const hint = hints[name];
  const own = schemaArbitrary(schema, hints);
  return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: own }) : own;
}

/** A value shaped by `schema`, at its edges (and now and then just past them). */
export function schemaArbitrary(schema: JsonSchema | undefined, hints: Hints = {}): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.jsonValue({ maxDepth: 2 });
  const own = valueArb(schema, hints);
  return schema.nullable ? fc.option(own, { nil: null, freq: 6 }) : own;
}

function valueArb(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => schemaArbitrary(s, hints)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringArb(schema);
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schemaArbitrary(schema.items, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 12, 40),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, fieldArbitrary(k, s, hints)])),
        { requiredKeys: (schema.required ?? []).filter((k) => k in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
