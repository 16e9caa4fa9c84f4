import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

// The repository's deploy/nginx.conf in front of test instances: the same file with the test's own
// listening port, upstream ports and log and pid files in a temporary folder (nginx -p -c -e -g).

const root = path.resolve(import.meta.dirname, '../../../..');
export const NGINX_CONF = path.join(root, 'deploy/nginx.conf');

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** deploy/nginx.conf with these upstream ports (one per `server` line of its upstream) and this port. */
export function testNginxConf(conf: string, port: number, upstreams: number[], dir: string) {
  let next = 0;
  const out = conf
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^(\s*)access_log \S+;/m, `$1access_log ${path.join(dir, 'access.log')};`)
    .replace(/^worker_processes auto;/m, 'worker_processes 1;')
    .replace(/^(\s*)server 127\.0\.0\.1:\d+/gm, (_match, indent: string) => {
      const upstream = upstreams[next++];
      if (upstream === undefined)
        throw new Error('deploy/nginx.conf names more instances than the test started');
      return `${indent}server 127.0.0.1:${upstream}`;
    });
  if (next !== upstreams.length)
    throw new Error(`deploy/nginx.conf names ${next} instances; the test started ${upstreams.length}`);
  return out;
}

export async function startNginx(upstreams: number[]): Promise<Nginx> {
  const bin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
  if (!bin) throw new Error('nginx is not installed (apt-get install nginx-light): this tier needs it');
  const dir = mkdtempSync(path.join(tmpdir(), 'jamii-nginx-'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, testNginxConf(readFileSync(NGINX_CONF, 'utf8'), port, upstreams, dir));
  const errorLog = path.join(dir, 'error.log');
  const child = spawn(
    bin,
    ['-p', dir, '-c', conf, '-e', errorLog, '-g', `pid ${path.join(dir, 'nginx.pid')}; daemon off;`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    // Any answer from nginx itself will do: it listens.
    const up = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '';
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start: ${stderr}${log}`.slice(0, 3000));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
