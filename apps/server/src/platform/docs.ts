import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the zod schemas of the routes: /api/docs and /api/docs/json. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Jamii API', version: '1.0.0', description: 'The API of the Jamii web app.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
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
    });
  });
}
