import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@jamii/shared';
import { isDatabaseUnavailable } from './pg-errors';

/** A database that went away is usually back within seconds (a restart, a failover). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A failure the client may see, with a stable code (STYLE rule 7). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', 404, `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError('FORBIDDEN', 403, message);
export const unauthorized = (message = 'Please log in to continue') =>
  new AppError('UNAUTHORIZED', 401, message);
export const conflict = (code: ErrorCode, message: string) => new AppError(code, 409, message);
export const validationError = (errors: Record<string, string>, message?: string) =>
  new AppError('VALIDATION_FAILED', 400, message ?? Object.values(errors)[0] ?? 'Invalid input', errors);

/** First message per field, keyed by the dotted path, as the forms show them. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

const BAD_URL = { code: 'BAD_REQUEST', message: 'The address is not valid', status: 400 } as const;

// Fastify's own 4xx codes, mapped to our stable codes.
const FASTIFY_CODES: Record<string, { code: ErrorCode; message?: string; status?: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'MALFORMED_JSON', message: 'The request body is empty' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many files' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Expected a multipart form',
  },
  // The router's own (frameworkErrorAnswers below): Fastify's messages quote the whole path.
  FST_ERR_BAD_URL: BAD_URL,
  FST_ERR_MAX_PARAM_LENGTH: { code: 'BAD_REQUEST', message: 'The address is too long', status: 414 },
};

/**
 * Fastify's answers to an address its router cannot read (`FST_ERR_BAD_URL`, 400) or whose path
 * segment is over `maxParamLength` (`FST_ERR_MAX_PARAM_LENGTH`, 414), for its `frameworkErrors`
 * option. Its own answers quote the whole path back, so whatever a caller put in it (script, SQL)
 * came back in our JSON; ours say what is wrong and quote nothing. They are answered before any
 * hook runs, so they carry our security headers here.
 */
export function frameworkErrorAnswers(headers: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const { code, message = BAD_URL.message, status = 400 } = FASTIFY_CODES[error.code] ?? BAD_URL;
    void reply
      .headers(headers)
      .code(status)
      .send({ code, message } satisfies ApiErrorBody);
  };
}

/** The one place where failures become HTTP answers: no stack and no SQL ever leaves the server. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // A body refused for its size is refused while it streams in: closing the connection after the
    // answer stops the phone sending (and paying for) the rest, which nobody will read.
    if (error.statusCode === 413) reply.header('connection', 'close');
    if (error instanceof AppError) {
      const body: ApiErrorBody = { code: error.code, message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(
        error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? 'Invalid value',
        })),
      );
      const body: ApiErrorBody = {
        code: 'VALIDATION_FAILED',
        message: Object.values(errors)[0] ?? 'Invalid input',
        errors,
      };
      return reply.code(400).send(body);
    }
    // Errors of the request itself carry a status; a lost database connection does not.
    if (error.statusCode === undefined && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', DATABASE_RETRY_AFTER_SECONDS)
        .send({
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is briefly unavailable. Please try again in a moment.',
        } satisfies ApiErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Headers a plugin put on its error, as Fastify's own handler keeps them: the
      // `Content-Range: bytes */size` of a 416 from @fastify/static tells a player the file's length.
      const headers = (error as { headers?: Record<string, string> }).headers;
      if (headers) reply.headers(headers);
      const known = FASTIFY_CODES[error.code];
      if (status === 429) {
        return reply
          .code(429)
          .send({ code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' });
      }
      return reply.code(known?.status ?? status).send({
        code: known?.code ?? 'BAD_REQUEST',
        message: known?.message ?? error.message,
      } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    } satisfies ApiErrorBody);
  });
}
