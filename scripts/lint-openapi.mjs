// `npm run lint:openapi`: makes the OpenAPI document as /api/docs/json serves it (the app is built
// from its sources and asked for it; no server, port or database) into reports/openapi.json, then
// lints it with Spectral (spectral:oas, .spectral.yaml) and Redocly (recommended, redocly.yaml).
// Either reporting an error fails; warnings are shown. Both run offline: Redocly's telemetry and its
// update check (the only network calls it makes) are turned off here and in redocly.yaml.
import path from 'node:path';
import { root, run } from './lib.mjs';

const document = path.join(root, 'reports', 'openapi.json');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const offline = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

const steps = [
  ['the document', bin('tsx'), ['apps/server/src/openapi-cli.ts', document]],
  [
    'Spectral',
    bin('spectral'),
    ['lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'error', document],
  ],
  ['Redocly', bin('redocly'), ['lint', '--config', 'redocly.yaml', '--format', 'stylish', document]],
];
for (const [name, command, args] of steps) {
  const code = await run(command, args, { env: offline });
  if (code !== 0) {
    console.error(`lint:openapi: ${name} failed (exit ${code})`);
    process.exit(code);
  }
}
