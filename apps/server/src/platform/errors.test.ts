import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, registerErrorHandler } from './errors';

// The one error handler, on a bare Fastify with routes that fail in each way.
describe('error model', () => {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.post('/typed', () => {
      throw new AppError('BID_CLOSED', 409, 'This bid no longer accepts offers');
    });
    app.post(
      '/validated',
      { schema: { body: z.object({ name: z.string().min(2, '*Full name required'), age: z.number() }) } },
      () => ({ ok: true }),
    );
    app.get('/crash', () => {
      throw new Error('relation "secret_table" does not exist at /srv/app.js:12');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a typed error with its status, code and message', async () => {
    const res = await app.inject({ method: 'POST', url: '/typed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'BID_CLOSED', message: 'This bid no longer accepts offers' });
  });

  it('answers validation failures with 400 and a message per field', async () => {
    const res = await app.inject({ method: 'POST', url: '/validated', payload: { name: 'A', age: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.name).toBe('*Full name required');
    expect(body.errors.age).toBeTypeOf('string');
    expect(body.message).toBe('*Full name required');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Amina",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' });
  });

  it('hides the cause of an unexpected failure', async () => {
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toContain('secret_table');
    expect(res.body).not.toContain('.js');
  });
});
