import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON2ID = 2;
// OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane.
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
