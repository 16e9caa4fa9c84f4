import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The app's mark (apps/web/public/favicon.svg), at the top of the API's documentation page. */
const JAMII_MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#046a2f"/><path d="M19 8v9.5a5 5 0 0 1-10 0" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/><circle cx="23.5" cy="8.5" r="2.5" fill="#7ce19d"/></svg>';

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
      // Ours, given here: without one the plugin reads Fastify's logo from disk while the app is built,
      // a wait of 40-100 ms in every start.
      logo: { type: 'image/svg+xml', content: JAMII_MARK },
    });
  });
}
