import { describe, expect, it } from 'vitest';
import { BioField, LocationField, LoginInput, NameField, SignupInput, URL_LIKE } from './auth';
import { hasNulCharacter, Id, ID_MAX } from './input';

/** The faster of two runs, in ms: one garbage collection must not fail a test of an algorithm. */
/** The best of three runs: a pause of a busy machine comes now and then, a slow pattern every time. */
function fastestOfThree(work: () => unknown): number {
  let best = Infinity;
  for (let run = 0; run < 3; run += 1) {
    const start = Date.now();
    work();
    best = Math.min(best, Date.now() - start);
  }
  return best;
}

// docs/design.md item 0: `[a-z0-9-]+\.[a-z]{2,}\/` took 2 s on 40,000 letters and froze the server on a
// 1,000,000-character bio. Linear patterns read a million characters in a few milliseconds.
const ADVERSARIAL_TEXTS: [label: string, make: (length: number) => string][] = [
  ['letters', (n) => 'a'.repeat(n)],
  ['a name and a dot, then letters', (n) => `a.${'b'.repeat(n - 2)}`],
  ['short labels', (n) => 'ab.'.repeat(Math.floor(n / 3))],
  ['digits and hyphens', (n) => '1-'.repeat(Math.floor(n / 2))],
  ['almost a scheme', (n) => 'http:/'.repeat(Math.floor(n / 6))],
  ['almost www', (n) => 'ww.'.repeat(Math.floor(n / 3))],
];

describe('URL_LIKE', () => {
  it.each([
    'see http://example.com',
    'HTTPS://JAMII.CO.KE',
    'visit www.tujenge',
    'jamii.co.ke/jobs',
    'my-site.io/',
  ])('finds a link in %j', (text) => {
    expect(URL_LIKE.test(text)).toBe(true);
  });

  it.each(['Accountant in Nairobi.', 'Version 2.0 of me', 'a.b', 'Email me at jane@acme', 'x.co'])(
    'lets %j pass',
    (text) => {
      expect(URL_LIKE.test(text)).toBe(false);
    },
  );

  for (const length of [40_000, 1_000_000]) {
    it.each(ADVERSARIAL_TEXTS)(`reads ${length} characters of %s in linear time`, (_label, make) => {
      const text = make(length);
      // 50 ms, or 250 ms for a million on a busy machine: the quadratic pattern took seconds at 40,000.
      expect(fastestOfThree(() => URL_LIKE.test(text))).toBeLessThan(Math.max(50, length / 4000));
    });
  }
});

describe('member texts are cut to their length before any pattern reads them', () => {
  const million = 'a'.repeat(1_000_000);
  // As for the pattern above: 250 ms for a million characters on a busy machine (a parse took 111 ms
  // with two test runs on two cores); a pattern read whole would take minutes.
  const MILLION_MS = 250;
  const cases: [
    label: string,
    parse: (text: string) => { success: boolean; error?: unknown },
    message: string,
  ][] = [
    ['bio', (text) => BioField.safeParse(text), '*Max 250 characters'],
    ['name', (text) => NameField.safeParse(text), '*2-50 characters'],
    ['location', (text) => LocationField.safeParse(text), '*Max 100 characters'],
  ];

  it.each(cases)('the %s answers only its length message, fast', (_label, parse, message) => {
    let result: ReturnType<typeof parse> | undefined;
    const ms = fastestOfThree(() => (result = parse(`http://${million}!!!***`)));
    expect(result?.success).toBe(false);
    const issues = (result?.error as { issues: { message: string }[] }).issues;
    expect(issues.map((issue) => issue.message)).toEqual([message]);
    expect(ms).toBeLessThan(MILLION_MS);
  });

  it('refuses an email over 254 characters as invalid, without reading it with a pattern', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(200)}.co.ke`;
    const result = SignupInput.safeParse({ email });
    const emailIssues = result.error?.issues.filter((issue) => issue.path[0] === 'email') ?? [];
    expect(emailIssues.map((issue) => issue.message)).toEqual(['*Invalid email address']);
    expect(fastestOfThree(() => SignupInput.safeParse({ email: `${million}@acme.co.ke` }))).toBeLessThan(
      MILLION_MS,
    );
  });

  it('bounds usernames at signup and at login', () => {
    const signup = SignupInput.safeParse({ username: million });
    expect(
      signup.error?.issues.filter((issue) => issue.path[0] === 'username').map((i) => i.message),
    ).toEqual(['*5-15 characters']);
    const login = LoginInput.safeParse({ username: million, password: 'long-enough' });
    expect(login.error?.issues.map((issue) => issue.message)).toEqual(['*At most 40 characters']);
    expect(LoginInput.safeParse({ username: '@amina_hassan', password: 'long-enough' }).success).toBe(true);
  });
});

describe('Id', () => {
  it('accepts PostgreSQL integers from 1 to 2147483647, as numbers or texts', () => {
    expect(Id.parse('1')).toBe(1);
    expect(Id.parse(ID_MAX)).toBe(2_147_483_647);
    expect(Id.parse(String(ID_MAX))).toBe(ID_MAX);
  });

  it.each(['2147483648', '99999999999999999999', '0', '-1', '1.5', 'abc', '', 'NaN', 'Infinity'])(
    'refuses %j',
    (value) => {
      expect(Id.safeParse(value).success).toBe(false);
    },
  );
});

describe('hasNulCharacter', () => {
  it('finds U+0000 anywhere in a text', () => {
    expect(hasNulCharacter('\u0000')).toBe(true);
    expect(hasNulCharacter('ama\u0000ni')).toBe(true);
    expect(hasNulCharacter('amani %00')).toBe(false);
  });
});
