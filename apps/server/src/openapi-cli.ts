import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeOpenApiDocument } from './openapi-document';

// `tsx apps/server/src/openapi-cli.ts <file>`: writes the OpenAPI document (as /api/docs/json
// serves it) to <file>, for the linters of `npm run lint:openapi`.
const [file] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: openapi-cli.ts <output.json>\n');
  process.exit(2);
}
const document = await makeOpenApiDocument();
mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
