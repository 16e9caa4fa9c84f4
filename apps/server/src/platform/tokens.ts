import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  userId: number;
  /** The login the token belongs to (session_families.id): revoking it ends the token at once. */
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tokens whose signature was checked, kept until they expire; past this many the oldest go. */
export const VERIFIED_TOKENS_KEPT = 20_000;

export function createAccessTokens(secret: string, now: () => number = Date.now) {
  const key = new TextEncoder().encode(secret);
  // A member's app sends the same token for 15 minutes, and checking its HMAC through WebCrypto was
  // about a tenth of the server's CPU under load (bench/RESULTS.md, soak profile). The key is the
  // whole token, signature included, so only a token that was verified can be found here; whether
  // its login still stands is checked on every request all the same (platform/auth.ts).
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  function remember(token: string, claims: AccessClaims, exp: number | undefined) {
    if (exp === undefined) return;
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expiresAtMs: exp * 1000 });
  }
  return {
    sign(userId: number, sessionId: string) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    /** The claims of a valid, unexpired token; null for anything else, a token without a login included. */
    async verify(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (now() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (!Number.isInteger(userId) || userId <= 0) return null;
        if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return null;
        const claims = { userId, sessionId };
        remember(token, claims, payload.exp);
        return claims;
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** An opaque random token for refresh cookies and reset links; only its hash is stored. */
export const randomToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
