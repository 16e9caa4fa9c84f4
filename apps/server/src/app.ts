import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { features } from './features';
import type { AppContext } from './platform/context';
import { registerDocs } from './platform/docs';
import { registerErrorHandler } from './platform/errors';
import { registerSecurity } from './platform/security';
import { registerWebApp, registerWebAppFallback, sendApiNotFound } from './platform/web-app';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
}

/** The whole HTTP application, without listening: main.ts serves it, the tests inject into it. */
export async function buildApp(ctx: AppContext, opts: BuildAppOptions = {}) {
  const app = Fastify({
    logger: opts.logger ?? {
      level: ctx.config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: ctx.config.trustProxy,
    // Keep-alive sockets that sit idle must not hold up a graceful shutdown.
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurity(app, ctx);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await registerDocs(app);

  for (const feature of features) await app.register(feature, ctx);

  const hasWebApp = await registerWebApp(app, ctx.config.webDistDir);
  if (hasWebApp) registerWebAppFallback(app);
  else app.setNotFoundHandler((_request, reply) => sendApiNotFound(reply));

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
