import { ApiErrorSchema } from '@jamii/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** A 204 answer: no body (the OpenAPI document shows the status without content). */
export const NoContent = z.undefined().describe('No content');

/**
 * Every route that declares its answers also declares the one error body (docs/design.md#api-conventions) for 4xx and
 * 5xx, so the OpenAPI document shows it and the serializer keeps error answers to that shape.
 * Added before the docs plugin so the document sees the result.
 */
export function declareErrorAnswers(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    response['4xx'] ??= ApiErrorSchema;
    response['5xx'] ??= ApiErrorSchema;
  });
}
