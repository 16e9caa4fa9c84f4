import { describe, expect, it } from 'vitest';
import { HASHES_AT_ONCE, hashingStats, hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('verifies the password it hashed, and no other', async () => {
    const hash = await hashPassword('Karibu-Sana-2026!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Karibu-Sana-2026!')).toBe(true);
    expect(await verifyPassword(hash, 'karibu-sana-2026!')).toBe(false);
    expect(await verifyPassword('not a hash', 'Karibu-Sana-2026!')).toBe(false);
  });

  it('runs no more hashes at once than the cores but one, and finishes every one asked for', async () => {
    const passwords = Array.from({ length: HASHES_AT_ONCE + 4 }, (_, i) => `Many-At-Once-${i}!`);
    const hashes = Promise.all(passwords.map((p) => hashPassword(p)));
    expect(hashingStats()).toMatchObject({ active: HASHES_AT_ONCE, waiting: 4 });
    const done = await hashes;
    expect(new Set(done).size).toBe(passwords.length);
    expect(hashingStats()).toMatchObject({ active: 0, waiting: 0, peak: HASHES_AT_ONCE });
  });
});
