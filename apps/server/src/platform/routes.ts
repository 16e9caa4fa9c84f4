import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  preHandlerHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { $ZodType, output } from 'zod/v4/core';
import type { Guards, RoutePolicy } from './auth';
import { PageQuery, sendPage, type Page } from './pagination';
import { NoContent } from './responses';

/** The instance a feature plugin (FastifyPluginAsyncZod) receives. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * One route's definition: who may call it, its OpenAPI summary and its zod schemas (params,
 * querystring, body, response), in the order the document shows them.
 */
export interface RouteSpec extends FastifySchema {
  policy: RoutePolicy;
  summary: string;
  /** A public route whose service answers by who asks: sets req.user when a valid token comes. */
  viewer?: true;
  /** Checks run after the guard (rate limits), in order. */
  limits?: preHandlerHookHandler[];
  /** The OpenAPI operationId, when the one made from the method and path will not do (docs.ts). */
  operationId?: string;
}

type Handler<S extends RouteSpec> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** The request a handler of spec S sees: params, query and body typed from its zod schemas. */
export type RouteRequest<S extends RouteSpec> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;

type Answer<S extends RouteSpec, Status extends number> =
  S['response'] extends Record<Status, $ZodType> ? output<S['response'][Status]> : never;
type WithPageQuery<S extends RouteSpec> = S['querystring'] extends $ZodType
  ? S
  : S & { querystring: typeof PageQuery };
type PageItem<S extends RouteSpec> = Answer<S, 200> extends readonly (infer T)[] ? T : never;

/**
 * The guard a policy implies (the central check in registerRoutePolicies enforces it as well):
 * admin → requireAdmin, member and owner → requireUser (the service checks ownership), public →
 * none, or optionalUser for a route that answers by who asks.
 */
export function guardsFor(guards: Guards, spec: Pick<RouteSpec, 'policy' | 'viewer' | 'limits'>) {
  const guard =
    spec.policy === 'admin'
      ? guards.requireAdmin
      : spec.policy === 'member' || spec.policy === 'owner'
        ? guards.requireUser
        : spec.viewer
          ? guards.optionalUser
          : undefined;
  const all = [...(guard ? [guard] : []), ...(spec.limits ?? [])];
  if (all.length === 0) return {};
  return { preHandler: all.length === 1 ? all[0]! : all };
}

/**
 * The routes of one feature, each stated once: its policy (from which the guard follows), its
 * OpenAPI tag (the feature's) and summary, its schemas and its handler. Beside the plain methods:
 * `created` (POST answering 201 with what the handler returns), `removed` (DELETE answering 204,
 * no body) and `page` (GET answering one keyset page: the items, and X-Next-Cursor).
 */
export function routeKit(app: ZodApp, guards: Guards, tag: string) {
  const tags = [tag];
  // Typed at the edges (the methods below); here a handler is any function of request and reply.
  const add = (
    method: HTTPMethods,
    url: string,
    { policy, viewer, limits, ...schema }: RouteSpec,
    handler: (req: FastifyRequest, reply: FastifyReply) => unknown,
    keysetPage = false,
  ) =>
    app.route({
      method,
      url,
      schema: { tags, ...schema },
      ...guardsFor(guards, { policy, viewer, limits }),
      config: { policy, ...(keysetPage ? { keysetPage } : {}) },
      handler: handler as RouteHandlerMethod,
    });
  const define =
    (method: HTTPMethods) =>
    <S extends RouteSpec>(url: string, spec: S, handler: Handler<S>) =>
      add(method, url, spec, handler as (req: FastifyRequest, reply: FastifyReply) => unknown);
  return {
    get: define('GET'),
    post: define('POST'),
    put: define('PUT'),
    patch: define('PATCH'),
    delete: define('DELETE'),
    /** POST answering 201 with the handler's result (response: { 201: schema } in the spec). */
    created: <S extends RouteSpec & { response: { 201: $ZodType } }>(
      url: string,
      spec: S,
      handler: (req: RouteRequest<S>, reply: FastifyReply) => Promise<Answer<S, 201>>,
    ) =>
      add('POST', url, spec, async (req, reply) =>
        reply.code(201).send(await handler(req as RouteRequest<S>, reply)),
      ),
    /** DELETE answering 204 with no body once the handler is done. */
    removed: <S extends RouteSpec>(
      url: string,
      spec: S,
      handler: (req: RouteRequest<S>) => Promise<unknown>,
    ) =>
      add('DELETE', url, { ...spec, response: { 204: NoContent } }, async (req, reply) => {
        await handler(req as RouteRequest<S>);
        return reply.code(204).send();
      }),
    /**
     * GET answering one keyset page (response: { 200: z.array(item) } in the spec); the query is
     * PageQuery unless the spec names another.
     */
    page: <S extends RouteSpec & { response: { 200: $ZodType } }>(
      url: string,
      spec: S,
      handler: (req: RouteRequest<WithPageQuery<S>>) => Promise<Page<PageItem<S>>>,
    ) => {
      const { response, querystring = PageQuery, ...rest } = spec;
      add(
        'GET',
        url,
        { ...rest, querystring, response },
        async (req, reply) => sendPage(reply, await handler(req as RouteRequest<WithPageQuery<S>>)),
        true,
      );
    },
  };
}
