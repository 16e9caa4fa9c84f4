import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { NEXT_CURSOR_HEADER } from '@jamii/shared';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { routeAuth, type RouteAuth, type RoutePolicy } from './auth';

/**
 * The app's mark from the web build (its favicon), for the top of the documentation page. Given to
 * the plugin, read here at once (300 bytes): without one it reads Fastify's logo from disk while the
 * app is built, a wait of 40-100 ms in every start. Without a web build the plugin's own is shown.
 */
function appMark(webDistDir: string) {
  const file = path.join(webDistDir, 'favicon.svg');
  return existsSync(file) ? { type: 'image/svg+xml', content: readFileSync(file) } : undefined;
}

/** The one security scheme: the access token `POST /api/login` answers, as `Authorization: Bearer …`. */
const BEARER = 'bearer';

/** Each operation's `security`, from what its route asks of callers (routeAuth: its guards). */
const SECURITY: Record<RouteAuth, Record<string, string[]>[]> = {
  bearer: [{ [BEARER]: [] }],
  // A token is read when one comes (the answer may depend on who asks), and none is needed.
  optional: [{}, { [BEARER]: [] }],
  none: [],
};

/** Who may call an operation, in words, at the start of its description. */
const WHO_MAY_CALL: Record<RoutePolicy, string> = {
  public: 'Public: no sign-in needed.',
  member: 'Signed-in members.',
  owner:
    'Signed-in members; only the member it belongs to (or who may act on it) is answered, others get 403 or 404.',
  admin: 'Admins only (members get 403).',
};

const KEYSET_PAGE = `One keyset page: give the answer's ${NEXT_CURSOR_HEADER} as \`cursor\` for the next one.`;

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const camelWords = (segment: string) => segment.split(/[-_]/).filter(Boolean).map(capitalized).join('');

/**
 * A stable operationId made from the method and the path (`GET /api/posts/:id/comments` →
 * `getPostsByIdComments`): unique as method and path are, unchanged while the route is.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  if (segments[0] === 'api') segments.shift();
  const words = segments.map((segment) =>
    segment.startsWith(':') ? `By${camelWords(segment.slice(1))}` : camelWords(segment),
  );
  return `${method.toLowerCase()}${words.join('')}`;
}

/**
 * Each route's operation as the zod schemas make it, with what the route itself tells: its
 * operationId, its security and who may call it (from its guards and policy), and on keyset lists
 * the X-Next-Cursor header of the answer.
 */
const transformRoute: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input) as {
    schema: FastifySchema & Record<string, unknown>;
    url: string;
  };
  const { route } = input;
  if (!schema || schema.hide) return { schema, url };
  const method = [route.method].flat()[0]!;
  const policy = route.config?.policy;
  const keysetPage = route.config?.keysetPage === true;
  const response = { ...(schema.response as Record<string, Record<string, unknown>> | undefined) };
  if (keysetPage && response['200']) {
    response['200'] = {
      ...response['200'],
      headers: {
        [NEXT_CURSOR_HEADER]: {
          type: 'string',
          description: 'The cursor of the next page; absent on the last one.',
        },
      },
    };
  }
  const description = [
    policy ? WHO_MAY_CALL[policy] : undefined,
    keysetPage ? KEYSET_PAGE : undefined,
    schema.description,
  ].filter(Boolean);
  return {
    url,
    schema: {
      ...schema,
      operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, route.url),
      security: SECURITY[routeAuth(route)],
      ...(description.length > 0 ? { description: description.join(' ') } : {}),
      ...(schema.response ? { response } : {}),
    },
  };
};

/** What each feature's operations (their tag) are about, for the document's list of tags. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  applications: 'Applications to jobs: applying with a CV, the poster’s list, status changes.',
  auth: 'Signing up, in and out; access tokens, passwords, sessions and email verification.',
  bids: 'Bids (work a client asks for) and the offers members make on them.',
  comments: 'Comments and replies on posts.',
  conversations: 'Messages between two members.',
  explore: 'Trending topics and the companies hiring.',
  health: 'Liveness and readiness, for load balancers and monitors.',
  jobs: 'Job listings, their filters and a member’s saved jobs.',
  moderation: 'Reports by members; admins’ decisions, held items, members and the audit log.',
  notifications: 'A member’s notifications, rendered in their language, and what they want to be told.',
  people: 'Following and blocking members; people to follow.',
  posts: 'Posts, the feed, topics and likes.',
  quiz: 'The quiz: rounds scored by the server, results and achievements.',
  reviews: 'Reviews after a finished deal, and a member’s ratings.',
  services: 'Services members offer, with their price.',
  site: 'The contact details the landing page shows.',
  users: 'Profiles, profile pictures, one’s data export and deleting one’s account.',
  videos: 'Short and long videos.',
};

/** The document's own parts: where it is served, and the features its operations are tagged with. */
const completeDocument =
  (publicUrl: string): SwaggerTransformObject =>
  (document) => {
    const { openapiObject } = document as { openapiObject: { paths?: Record<string, object> } };
    const tags = new Set<string>();
    for (const item of Object.values(openapiObject.paths ?? {}))
      for (const operation of Object.values(item ?? {}))
        for (const tag of (operation as { tags?: string[] }).tags ?? []) tags.add(tag);
    return {
      ...openapiObject,
      servers: [{ url: publicUrl }],
      tags: [...tags]
        .sort()
        .map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name })),
    } as ReturnType<SwaggerTransformObject>;
  };

/** The OpenAPI document, generated from the zod schemas of the routes: /api/docs and /api/docs/json. */
export async function registerDocs(app: FastifyInstance, webDistDir: string, publicUrl: string) {
  const logo = appMark(webDistDir);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Jamii API',
        version: '1.0.0',
        description: 'The API of the Jamii web app.',
        contact: { name: 'Jamii', url: publicUrl },
      },
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The access token `POST /api/login` answers (15 minutes; `POST /api/refresh` renews it).',
          },
        },
      },
    },
    transform: transformRoute,
    transformObject: completeDocument(publicUrl),
  });
  await app.register(async (docs) => {
    // The document and its UI are public (every /api route declares a policy; these come from a plugin).
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, policy: 'public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The UI's own Content-Security-Policy (with hashes for its scripts) replaces the app's on these pages.
      staticCSP: true,
      uiConfig: { docExpansion: 'list', deepLinking: false },
      ...(logo ? { logo } : {}),
    });
  });
}
