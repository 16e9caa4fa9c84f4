import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokens } from './tokens';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const SESSION = '0b8f2a4e-6c1d-4e7a-9f3b-2d5c8e1a7b90';

describe('access tokens', () => {
  it('verifies a token it signed, again and again, until it expires', async () => {
    let clock = Date.now();
    const tokens = createAccessTokens(SECRET, () => clock);
    const token = await tokens.sign(7, SESSION);

    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: SESSION });
    // The second time from what was verified; the answer is the same.
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: SESSION });

    clock += (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000;
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses an expired token it has never seen', async () => {
    const token = await createAccessTokens(SECRET).sign(7, SESSION);
    const later = Date.now() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000;
    expect(await createAccessTokens(SECRET, () => later).verify(token)).toBeNull();
  });

  it('refuses a changed signature or payload even while the genuine token is remembered', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign(7, SESSION);
    expect(await tokens.verify(token)).not.toBeNull();

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '8' }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await createAccessTokens('another-secret-of-thirty-two-characters!').verify(token)).toBeNull();
  });
});
