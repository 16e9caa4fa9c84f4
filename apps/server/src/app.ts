import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { features } from './features';
import { findSessionUser } from './features/auth/auth.repo';
import { createGuards, registerBearerAuth, registerRoutePolicies } from './platform/auth';
import { createBackgroundTasks } from './platform/background';
import { trustProxyOption } from './platform/client-address';
import type { AppContext, Platform } from './platform/context';
import { createReportables } from './platform/reportables';
import { checkEveryMs, registerBodyTimeout } from './platform/body-timeout';
import { registerDocs } from './platform/docs';
import { registerDrain } from './platform/drain';
import { frameworkErrorAnswers, registerErrorHandler } from './platform/errors';
import { registerIdempotency } from './platform/idempotency';
import { requestLogFields } from './platform/log-fields';
import { createMailer, createQueuedMailer } from './platform/mailer';
import { createUploads } from './platform/multipart';
import { createQueue } from './platform/queue';
import { createPushService } from './platform/push/push.service';
import { createRateLimits } from './platform/rate-limits';
import { createSms } from './platform/sms';
import { declareErrorAnswers } from './platform/responses';
import { attachRealtime } from './platform/realtime';
import { appSecurityHeaders, registerPrivateAnswers, registerSecurity } from './platform/security';
import { registerMediaRoute } from './platform/media-route';
import { createPrivateFiles, createStorage, openObjectStores } from './platform/storage';
import { registerTextGuard } from './platform/text-guard';
import { createAccessTokens } from './platform/tokens';
import { createAppPage } from './platform/app-page';
import { registerReadRouting } from './platform/read-routing';
import { primaryOnly } from './db/replicas';
import {
  registerSaveDataEcho,
  registerWebApp,
  registerWebAppFallback,
  sendApiNotFound,
} from './platform/web-app';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (main gives it a non-blocking stdout); stdout when unset. */
  logStream?: DestinationStream;
  /** Sees every route as it is added (the authorization matrix test collects the route table). */
  onRoute?: (route: RouteOptions) => void;
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/**
 * Every schema is zod: Fastify's own compilers (Ajv, fast-json-stringify) would be loaded when it is
 * made and never used, about 70 ms of each start. The factories are typed for Ajv's; Fastify calls
 * what they answer as it calls any schema compiler.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** The whole HTTP application, without listening: main.ts serves it, the tests inject into it. */
export async function buildApp(ctx: AppContext, opts: BuildAppOptions = {}) {
  const answerHeaders = appSecurityHeaders(ctx);
  const app = Fastify({
    logger: opts.logger ?? {
      level: ctx.config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { req: requestLogFields },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // One route, one address: `/API/login`, `//api/login` and `/api/login/` reach `/api/login` (and
    // count in its limits), as the router already does for `/%61pi/login`.
    routerOptions: { caseSensitive: false, ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
    // Keep-alive sockets that sit idle must not hold up a graceful shutdown.
    forceCloseConnections: 'idle',
    // Headers must arrive whole within REQUEST_TIMEOUT_MS (Node answers 408 and closes), looked at
    // as often as bodies are. The whole request has no deadline: a phone sending a video may take
    // many minutes; a body that stops or trickles is ended by registerBodyTimeout instead.
    http: {
      headersTimeout: ctx.config.requestTimeoutMs,
      connectionsCheckingInterval: checkEveryMs(ctx.config.requestTimeoutMs),
    },
    requestTimeout: 0,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorAnswers(answerHeaders),
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  registerDrain(app);
  registerBodyTimeout(app, { timeoutMs: ctx.config.requestTimeoutMs, headers: answerHeaders });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  declareErrorAnswers(app);
  registerTextGuard(app);
  // Before compression, so its stored answers are the plain bodies.
  registerIdempotency(app, ctx.database.db, { leaseMs: ctx.config.idempotencyLeaseMs });

  await registerSecurity(app, ctx, answerHeaders);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  registerPrivateAnswers(app);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 30 } });
  await registerDocs(app, ctx.config.webDistDir, ctx.config.publicUrl);

  const db = ctx.database.db;
  const reads = ctx.reads ?? primaryOnly(db);
  registerReadRouting(app, reads);
  const tokens = createAccessTokens(ctx.jwtSecret);
  registerBearerAuth(app, tokens);
  const stores = await openObjectStores(ctx.config);
  const storage = createStorage(stores.media);
  app.addHook('onClose', async () => stores.close());
  const realtime = attachRealtime(app, {
    tokens,
    redis: ctx.redis,
    publicUrl: ctx.config.publicUrl,
    transports: ctx.config.realtimeTransports,
    isSessionOpen: async (userId, sessionId) => Boolean(await findSessionUser(db, userId, sessionId)),
  });
  // Socket.IO answers its own requests (polling, the WebSocket upgrade) before Fastify sees them.
  realtime.io.engine.on('headers', (headers: Record<string, string>) =>
    Object.assign(headers, answerHeaders),
  );
  // Jobs kept in the database (docs/design.md#past-one-machine): ROLE=web stores them for a worker process to run. Its
  // polling is not the requests' work, so tests' query plugins (counters, outages) do not see it.
  const queue = createQueue({
    db: db.withoutPlugins(),
    log: app.log,
    runsJobs: ctx.config.role !== 'web',
    leaseMs: ctx.config.jobLeaseMs,
  });
  app.decorate('queue', queue);
  const background = createBackgroundTasks(app.log, { queueSettled: () => queue.settled() });
  app.decorate('background', background);
  // Polling starts once every feature has registered its handlers.
  app.addHook('onReady', async () => queue.start());
  // Before the sockets and the database close: deferred work and running jobs may still write and
  // publish. Jobs not yet taken stay queued for the next start (or another worker).
  app.addHook('preClose', async () => {
    await background.finished();
    await queue.stop();
    await background.finished();
  });
  const uploads = createUploads(ctx.config.dataDir);
  uploads.register(app);
  await uploads.removeStale(app.log);
  const guards = createGuards((id, sessionId) => findSessionUser(db, id, sessionId));
  // Before any route of the features: each declares its policy, enforced here too (deny by default).
  registerRoutePolicies(app, guards);
  const mailTransport = createMailer({
    smtpUrl: ctx.config.smtpUrl,
    from: ctx.config.mailFrom,
    outboxDir: path.join(ctx.config.dataDir, 'outbox'),
    log: app.log,
  });
  const platform: Platform = {
    ...ctx,
    db,
    reads,
    reader: (memberId) => reads.reader(memberId),
    tokens,
    guards,
    storage,
    privateFiles: createPrivateFiles(stores.private),
    uploads,
    mailer: createQueuedMailer(queue, mailTransport),
    mailTransport,
    push: createPushService(db, ctx.config),
    sms: createSms(ctx.config.sms, app.log),
    limits: createRateLimits(app, ctx.config.rateLimits),
    events: realtime.events,
    background,
    queue,
    appPage: createAppPage(ctx.config.webDistDir, ctx.config.publicUrl),
    reportables: createReportables(),
  };

  // Uploaded media, from the disk or the bucket (docs/design.md#past-one-machine).
  registerMediaRoute(app, storage);

  registerSaveDataEcho(app, { websocketOnly: !ctx.config.realtimeTransports.includes('polling') });
  for (const feature of features) await app.register(feature, platform);

  const hasWebApp = await registerWebApp(app, ctx.config.webDistDir);
  if (hasWebApp) registerWebAppFallback(app, ctx.config.webDistDir);
  else app.setNotFoundHandler((_request, reply) => sendApiNotFound(reply));

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
