import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The app's mark from the web build (its favicon), for the top of the documentation page. Given to
 * the plugin, read here at once (300 bytes): without one it reads Fastify's logo from disk while the
 * app is built, a wait of 40-100 ms in every start. Without a web build the plugin's own is shown.
 */
function appMark(webDistDir: string) {
  const file = path.join(webDistDir, 'favicon.svg');
  return existsSync(file) ? { type: 'image/svg+xml', content: readFileSync(file) } : undefined;
}

/** The OpenAPI document, generated from the zod schemas of the routes: /api/docs and /api/docs/json. */
export async function registerDocs(app: FastifyInstance, webDistDir: string) {
  const logo = appMark(webDistDir);
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
      ...(logo ? { logo } : {}),
    });
  });
}
