import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { postgresFolder } from './pg-replication';
import { freePort } from './server-process';

// PgBouncer (the distribution's) in transaction mode in front of a PostgreSQL server, on a free
// port, its configuration written into a temporary folder: every database of the server through
// it, as a deployment's instances would reach theirs.

const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface Pooler {
  /** The server's URL with PgBouncer's address instead (same user and database). */
  url: string;
  stop(): Promise<void>;
}

export async function startPgBouncer(serverUrl: string): Promise<Pooler> {
  const bin = [PGBOUNCER, '/usr/bin/pgbouncer'].find((file) => existsSync(file));
  if (!bin) throw new Error('PgBouncer is not installed (apt-get install pgbouncer): this tier needs it');
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const dir = postgresFolder('jamii-pgbouncer-');
  const port = await freePort();
  const config = path.join(dir, 'pgbouncer.ini');
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 20',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      // Fewer server connections than clients: statements of different clients share them.
      'max_db_connections = 30',
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', bin, config], { stdio: 'ignore' })
    : spawn(bin, [config], { stdio: 'ignore' });
  const exited = once(child, 'exit');
  const logFile = path.join(dir, 'pgbouncer.log');
  const deadline = Date.now() + 20_000;
  while (!(existsSync(logFile) && /listening on 127\.0\.0\.1/.test(readFileSync(logFile, 'utf8')))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '(no log)';
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`PgBouncer did not start: ${log.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
