import { expect } from 'vitest';
import type { TestApp } from './build-test-app';

type Caller = { auth: Record<string, string> };

const patch = (t: TestApp, url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PATCH', url, headers, payload });

/**
 * The owner's PATCH of `url` (a job, bid or service) answers 200 with the item, `expected`
 * fields and a fresh `edited_at`; answered for further checks.
 */
export async function expectOwnerEdit(
  t: TestApp,
  url: string,
  owner: Caller,
  edit: object,
  expected: Record<string, unknown>,
) {
  const res = await patch(t, url, owner.auth, edit);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ ...expected, edited_at: expect.any(String) });
  return res;
}

/**
 * Only the owner edits `url`: each of `others` (an admin too) 403, an unknown id (`unknownUrl`,
 * asked by the owner) 404, a visitor 401. Each sends `{ [field]: … }`, a text field of the item.
 */
export async function expectOnlyOwnerEdits(
  t: TestApp,
  {
    url,
    unknownUrl,
    owner,
    others,
    field,
  }: {
    url: string;
    unknownUrl: string;
    owner: Caller;
    others: Caller[];
    field: string;
  },
) {
  for (const who of others) {
    expect((await patch(t, url, who.auth, { [field]: 'Mine' })).statusCode).toBe(403);
  }
  expect((await patch(t, unknownUrl, owner.auth, { [field]: 'X' })).statusCode).toBe(404);
  expect((await patch(t, url, {}, { [field]: 'X' })).statusCode).toBe(401);
}
