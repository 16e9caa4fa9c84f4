import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process';

// A PostgreSQL primary and a streaming standby of it, made with the distribution's own programs
// (initdb, pg_basebackup -R, pg_ctl) under a temporary folder on free ports: about 2 s. As the
// postgres user when the tests run as root (PostgreSQL refuses to run as root).

const run = promisify(execFile);

/** The newest installed PostgreSQL's programs; throws (the tier fails) when there is none. */
export function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error('PostgreSQL is not installed (apt-get install postgresql): this tier needs initdb');
  return path.join(base, versions[0]!, 'bin');
}

const asRoot = process.getuid?.() === 0;

/** Runs one of PostgreSQL's programs, as postgres when we are root. */
export function pgProgram(bin: string, program: string, args: string[]) {
  const file = path.join(bin, program);
  return asRoot
    ? run('runuser', ['-u', 'postgres', '--', file, ...args], { timeout: 60_000 })
    : run(file, args, { timeout: 60_000 });
}

/** A folder the postgres user may write in. */
export function postgresFolder(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (asRoot) chownSync(dir, postgresUid(), -1);
  return dir;
}

/** The postgres user the package made, from the system's user list. */
function postgresUid() {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('there is no postgres user to run PostgreSQL as');
  return Number(line.split(':')[2]);
}

export async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

export interface Replication {
  primaryUrl: string;
  standbyUrl: string;
  stopStandby(): Promise<void>;
  startStandby(): Promise<void>;
  /** Replay stops where it is (WAL still arrives); resumeReplay goes on. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stop(): Promise<void>;
}

/** A private cluster: trust on loopback only, no fsync (it is thrown away). */
export async function initCluster(bin: string, dataDir: string) {
  await pgProgram(bin, 'initdb', ['-D', dataDir, '--auth=trust', '-U', 'postgres', '-N']);
}

export async function startCluster(bin: string, dataDir: string, port: number, socketDir: string) {
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  await pgProgram(bin, 'pg_ctl', ['-D', dataDir, '-l', `${dataDir}.log`, '-o', options, '-w', 'start']);
}

export async function stopCluster(bin: string, dataDir: string) {
  await pgProgram(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
}

export async function startReplication(): Promise<Replication> {
  const bin = postgresBin();
  const dir = postgresFolder('jamii-replication-');
  const primaryDir = path.join(dir, 'primary');
  const standbyDir = path.join(dir, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  const standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/postgres`;
  let standbyRunning = false;
  try {
    await initCluster(bin, primaryDir);
    await startCluster(bin, primaryDir, primaryPort, dir);
    await pgProgram(bin, 'pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    await startCluster(bin, standbyDir, standbyPort, dir);
    standbyRunning = true;
  } catch (err) {
    await stopCluster(bin, standbyDir);
    await stopCluster(bin, primaryDir);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    primaryUrl,
    standbyUrl,
    async stopStandby() {
      await stopCluster(bin, standbyDir);
      standbyRunning = false;
    },
    async startStandby() {
      await startCluster(bin, standbyDir, standbyPort, dir);
      standbyRunning = true;
    },
    pauseReplay: async () => void (await query(standbyUrl, 'select pg_wal_replay_pause()')),
    resumeReplay: async () => void (await query(standbyUrl, 'select pg_wal_replay_resume()')),
    async stop() {
      if (standbyRunning) await stopCluster(bin, standbyDir);
      await stopCluster(bin, primaryDir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
