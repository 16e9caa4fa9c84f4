import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from './index';
import { BidInput, OfferInput, OfferPatchInput } from './bids';
import { CommentInput } from './comments';
import { OpenConversationInput } from './messages';
import { ExploreQuery } from './explore';
import { fromDecimalText, Id, MemberItemsQuery } from './input';
import { JobInput, JobSearchQuery } from './jobs';
import { ReportInput } from './moderation';
import { NotificationInput } from './notifications';
import { QuizAnswersInput, QuizResultInput } from './quiz';
import { RATING_MESSAGE } from './review-rules';
import { REVIEW_DEAL_MESSAGE, ReviewInput } from './reviews';
import { ServiceInput } from './services';
import { VideoListQuery } from './videos';

// Numbers are JSON numbers or plain decimal text ("1500", "1500.50"): zod's coerce once stored
// `max_price: true` as 1, `[5]` as 5 and `"0x10"` as 16.

/** What no number field takes, whatever its limits: none of these is a number written plainly. */
const NOT_NUMBERS: [label: string, value: unknown][] = [
  ['true', true],
  ['false', false],
  ['[5]', [5]],
  ['["5"]', ['5']],
  ['{}', {}],
  ['hex', '0x10'],
  ['binary', '0b1'],
  ['octal', '0o7'],
  ['an exponent', '1e3'],
  ['a capital exponent', '2E2'],
  ['a space', ' '],
  ['a leading space', ' 5'],
  ['a trailing space', '5 '],
  ['a tab', '\t5'],
  ['a line break', '5\n'],
  ['a plus sign', '+5'],
  ['Infinity', 'Infinity'],
  ['-Infinity', '-Infinity'],
  ['NaN', 'NaN'],
  ['the number NaN', Number.NaN],
  ['the number Infinity', Number.POSITIVE_INFINITY],
  ['underscores', '1_000'],
  ['a thousands comma', '1,500'],
  ['a trailing dot', '5.'],
  ['a leading dot', '.5'],
  ['full-width digits', '５'],
  ['Arabic-Indic digits', '٥'],
  ['a unit', '5kg'],
  ['a very long run of digits', '9'.repeat(1000)],
];

describe('fromDecimalText', () => {
  it.each([
    ['1500', 1500],
    ['1500.50', 1500.5],
    ['0', 0],
    ['-3', -3],
    ['007', 7],
  ])('reads %j as %d', (text, number) => {
    expect(fromDecimalText(text)).toBe(number);
  });

  it.each(NOT_NUMBERS)('leaves %s as it came', (_label, value) => {
    expect(fromDecimalText(value)).toBe(value);
  });
});

interface NumberField {
  name: string;
  schema: z.ZodType;
  /** A valid body without the field (or with it, for fields inside a list). */
  body: (value: unknown) => Record<string, unknown>;
  path: (string | number)[];
  /** The field's message for a value that is not a number. */
  message: string | RegExp;
  /** An example that must pass, as text and as a JSON number. */
  valid: number;
  /** A blank form field means "not given" for this field. */
  blankIsUnset?: boolean;
}

const field = (
  name: string,
  schema: z.ZodType,
  key: string,
  others: Record<string, unknown>,
  message: string | RegExp,
  valid: number,
  blankIsUnset = false,
): NumberField => ({
  name,
  schema,
  body: (value) => ({ ...others, [key]: value }),
  path: [key],
  message,
  valid,
  blankIsUnset,
});

const ZOD_NOT_A_NUMBER = /^Invalid input: expected number, received/;
const offer = { bid_id: 1, offer_price: 100, message: 'I can do it' };

/** Every kind of number a contract takes: prices, ids, days, ratings, limits, quiz answers and scores. */
const FIELDS: NumberField[] = [
  field(
    'a bid’s max price',
    BidInput,
    'max_price',
    { job_title: 'Fix a tap' },
    'Max price is required',
    1500.5,
  ),
  field('an offer’s price', OfferInput, 'offer_price', offer, 'Price is required', 1500),
  field('an offer’s bid', OfferInput, 'bid_id', offer, 'Bid is required', 12),
  field('delivery days', OfferInput, 'delivery_days', offer, 'Delivery days must be a number', 7, true),
  field('an offer edit’s price', OfferPatchInput, 'offer_price', {}, 'Price is required', 99.99),
  field('a service’s price', ServiceInput, 'price', { title: 'Tutoring' }, 'Price is required', 0),
  field(
    'a salary',
    JobInput,
    'salary_min',
    { title: 'Driver' },
    'Minimum salary must be a number',
    30000,
    true,
  ),
  field(
    'a job’s days open',
    JobInput,
    'expires_in_days',
    { title: 'Driver' },
    'Expires in must be a number of days',
    14,
    true,
  ),
  field('a rating', ReviewInput, 'rating', { bid_id: 3 }, RATING_MESSAGE, 4),
  field('a reviewed deal', ReviewInput, 'bid_id', { rating: 4 }, REVIEW_DEAL_MESSAGE, 3),
  field('a list’s member', MemberItemsQuery, 'user_id', {}, ZOD_NOT_A_NUMBER, 5),
  field('a job list’s member', JobSearchQuery, 'user_id', {}, ZOD_NOT_A_NUMBER, 5),
  field('a video list’s member', VideoListQuery, 'user_id', {}, 'user_id must be a number', 5),
  field('a comment’s parent', CommentInput, 'parent_id', { body: 'Hi' }, ZOD_NOT_A_NUMBER, 9),
  field(
    'a conversation’s context',
    OpenConversationInput,
    'context_id',
    { username: 'wanjiku', context_type: 'job' },
    ZOD_NOT_A_NUMBER,
    2,
  ),
  field(
    'a report’s target',
    ReportInput,
    'target_id',
    { target_type: 'post', reason: 'spam' },
    ZOD_NOT_A_NUMBER,
    8,
  ),
  field('a note’s member', NotificationInput, 'user_id', { message: 'Call back' }, ZOD_NOT_A_NUMBER, 1),
  field('a list’s limit', ExploreQuery, 'limit', {}, ZOD_NOT_A_NUMBER, 10),
  field('a quiz score', QuizResultInput, 'score', { total: 10 }, 'Score must be a whole number', 7),
  {
    name: 'a quiz answer',
    schema: QuizAnswersInput,
    body: (value) => ({ answers: [0, value] }),
    path: ['answers', 1],
    message: 'An answer is the index of an option',
    valid: 2,
  },
];

describe.each(FIELDS)('$name', ({ schema, body, path, message, valid, blankIsUnset }) => {
  const valueAt = (data: unknown) =>
    path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], data);

  it('takes a JSON number and its plain decimal text', () => {
    for (const value of [valid, String(valid)]) {
      const parsed = schema.safeParse(body(value));
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(valueAt(parsed.data)).toBe(valid);
    }
  });

  it.each([...NOT_NUMBERS, ...(blankIsUnset ? [] : [['an empty text', ''] as [string, unknown]])])(
    'refuses %s with the field’s own message',
    (_label, value) => {
      const parsed = schema.safeParse(body(value));
      expect(parsed.success).toBe(false);
      const issue = parsed.error!.issues.find((i) => JSON.stringify(i.path) === JSON.stringify(path));
      expect(issue?.message).toMatch(
        message instanceof RegExp ? message : new RegExp(`^${escape(message)}$`),
      );
    },
  );
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('Id', () => {
  it('reads a path’s or a query’s digits', () => {
    expect(Id.parse('42')).toBe(42);
    expect(Id.parse(42)).toBe(42);
  });

  it.each(['0x10', '1e1', '16.0x', ' 16', '', '16.5', '-16', '0'])('names no row with %j', (text) => {
    expect(Id.safeParse(text).success).toBe(false);
  });
});

/** Every zod schema inside `root` (objects' fields, lists' items, wrappers, pipes). */
function schemasInside(root: z.ZodType): Set<{ _zod: { def: Record<string, unknown> } }> {
  const found = new Set<{ _zod: { def: Record<string, unknown> } }>();
  const walk = (schema: unknown) => {
    if (!schema || typeof schema !== 'object' || found.has(schema as never) || !('_zod' in schema)) return;
    const node = schema as { _zod: { def: Record<string, unknown> } };
    found.add(node);
    for (const [key, value] of Object.entries(node._zod.def)) {
      if (key === 'shape' && value && typeof value === 'object') Object.values(value).forEach(walk);
      else if (Array.isArray(value)) value.forEach(walk);
      else if (key === 'getter' && typeof value === 'function') walk((value as () => unknown)());
      else walk(value);
    }
  };
  walk(root);
  return found;
}

describe('every contract', () => {
  it('reads no number by coercion', () => {
    const coerced: string[] = [];
    for (const [name, value] of Object.entries(shared)) {
      if (!(value instanceof z.ZodType)) continue;
      for (const inner of schemasInside(value)) if (inner._zod.def.coerce === true) coerced.push(name);
    }
    expect(coerced).toEqual([]);
  });
});
