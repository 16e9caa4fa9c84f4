import {
  BROKEN_CHARACTER_MESSAGE,
  hasBrokenCharacter,
  hasNulCharacter,
  MAX_BODY_DEPTH,
  NUL_CHARACTER_MESSAGE,
  TOO_DEEP_MESSAGE,
} from '@jamii/shared';
import type { FastifyInstance } from 'fastify';
import { validationError } from './errors';

/** What no route can take: the field ('_' for the value itself) and why. */
export interface RefusedText {
  field: string;
  message: string;
}

const textProblem = (text: string) =>
  hasNulCharacter(text) ? NUL_CHARACTER_MESSAGE : hasBrokenCharacter(text) ? BROKEN_CHARACTER_MESSAGE : null;

/**
 * The first thing in a parsed value that no route can take: a text holding a NUL or a broken
 * (lone surrogate) character, which PostgreSQL cannot store, or nesting deeper than MAX_BODY_DEPTH,
 * which would overflow the stack of whatever walks it next (hashing, validation, logging).
 */
export function findRefusedText(value: unknown): RefusedText | null {
  if (value === undefined || value === null) return null;
  // A loop, not recursion: a JSON body may be nested far deeper than the call stack.
  const pending: [path: string, value: unknown, depth: number][] = [['', value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [path, item, depth] = next;
    if (typeof item === 'string') {
      const message = textProblem(item);
      if (message) return { field: path || '_', message };
    } else if (item !== null && typeof item === 'object') {
      if (depth >= MAX_BODY_DEPTH) return { field: '_', message: TOO_DEEP_MESSAGE };
      for (const [key, child] of Object.entries(item)) {
        const message = textProblem(key);
        if (message) return { field: path || '_', message };
        pending.push([path ? `${path}.${key}` : key, child, depth + 1]);
      }
    }
  }
  return null;
}

function assertTakeable(value: unknown) {
  const refused = findRefusedText(value);
  if (refused) throw validationError({ [refused.field]: refused.message });
}

/** Refuses a NUL or broken character in any text a form sent (multipart fields are read by the route). */
export function assertStorableText(fields: Record<string, string>) {
  assertTakeable(fields);
}

/**
 * Every path parameter, query value and body is checked here, before any route's validation (and
 * before the idempotency hook hashes the body), so no route can forget it.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertTakeable(request.params);
      assertTakeable(request.query);
      assertTakeable(request.body);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}
