// `npm run bench`: every benchmark in turn (needs `npm run build` first). Each is bounded in time.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

for (const script of ['startup.mjs', 'http.mjs', 'login.mjs', 'search.mjs']) {
  console.log(`\n== ${script} ==`);
  const r = spawnSync(process.execPath, [path.join(import.meta.dirname, script)], {
    stdio: 'inherit',
    timeout: 300_000,
  });
  if (r.status !== 0) process.exitCode = 1;
}
