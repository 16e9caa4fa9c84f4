import { hasNulCharacter, NUL_CHARACTER_MESSAGE } from '@jamii/shared';
import type { FastifyInstance } from 'fastify';
import { validationError } from './errors';

/** Where the first text holding a NUL character sits in a parsed value ('_' for the value itself). */
export function findNulCharacter(value: unknown): string | null {
  // A loop, not recursion: a JSON body may be nested far deeper than the call stack.
  const pending: [path: string, value: unknown][] = [['', value]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [path, item] = next;
    if (typeof item === 'string') {
      if (hasNulCharacter(item)) return path || '_';
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (hasNulCharacter(key)) return path || '_';
        pending.push([path ? `${path}.${key}` : key, child]);
      }
    }
  }
  return null;
}

/** Refuses a NUL character in any text a form sent (multipart fields are read by the route). */
export function assertNoNulCharacter(fields: Record<string, string>) {
  const field = findNulCharacter(fields);
  if (field) throw validationError({ [field]: NUL_CHARACTER_MESSAGE });
}

/**
 * PostgreSQL cannot store U+0000 in a text (a 500 from SQL), and no person types it: every path
 * parameter, query value and body text is checked here, before any route's validation, so no
 * route can forget it.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNulCharacter(part);
      if (field) throw validationError({ [field]: NUL_CHARACTER_MESSAGE });
    }
  });
}
