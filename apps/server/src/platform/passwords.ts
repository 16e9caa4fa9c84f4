import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import type * as Argon2 from '@node-rs/argon2';
import { createSemaphore } from './concurrency';

// @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON2ID = 2;
// OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane.
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

// The native module is loaded by the first sign-up or login, not at start (memory and start-up time).
let argon2: typeof Argon2 | undefined;
const loadArgon2 = () => (argon2 ??= createRequire(import.meta.url)('@node-rs/argon2') as typeof Argon2);

/**
 * Hashes at once: all the cores but one, which stays with the event loop. Each hash holds 19 MiB
 * and a core for ~15 ms; libuv's four threads would run four at once on a 2-core machine, taking
 * both cores from the requests being answered (their p99 rose 70% under 20 logins/s) and 76 MiB of
 * memory, for no more hashes per second than the cores give. The rest wait their turn.
 */
export const HASHES_AT_ONCE = Math.max(1, availableParallelism() - 1);
const hashing = createSemaphore(HASHES_AT_ONCE);
/** How many hashes run and wait, and the most that ever ran at once. */
export const hashingStats = () => hashing.stats();

export const hashPassword = (password: string) =>
  hashing.run(() => loadArgon2().hash(password, ARGON2_OPTIONS));

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await hashing.run(() => loadArgon2().verify(passwordHash, password));
  } catch {
    return false;
  }
}
