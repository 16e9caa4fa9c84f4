import { createRequire } from 'node:module';
import type * as Argon2 from '@node-rs/argon2';

// @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON2ID = 2;
// OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane.
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

// The native module is loaded by the first sign-up or login, not at start (memory and start-up time).
let argon2: typeof Argon2 | undefined;
const loadArgon2 = () => (argon2 ??= createRequire(import.meta.url)('@node-rs/argon2') as typeof Argon2);

export const hashPassword = (password: string) => loadArgon2().hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await loadArgon2().verify(passwordHash, password);
  } catch {
    return false;
  }
}
