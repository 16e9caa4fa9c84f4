import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../src/test/server-process';

// What a newcomer reads after `npm start` on a new embedded database: below the JSON log, the
// address to open and the demo accounts with their one-time passwords, which really log in.

const ACCOUNT_LINE = /^ {2}(@\w+) +(\S+)( +admin)?$/;

/** Every line the server writes to stdout, from its start, as it comes. */
function stdoutLines(server: ServerProcess) {
  const lines: string[] = [];
  const waiting: { match: (line: string, at: number) => boolean; resolve: () => void }[] = [];
  createInterface({ input: server.child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const w of waiting.filter((x) => x.match(line, lines.length - 1))) w.resolve();
  });
  return {
    lines,
    /** Resolves once a line matching `match` has been written (the test's timeout bounds it). */
    until: (match: (line: string, at: number) => boolean) =>
      lines.some(match)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ match, resolve })),
  };
}

describe('what npm start prints', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jamii-start-notice-'));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startServerProcess(
      { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'on', LOG_LEVEL: 'info', PUBLIC_URL: '' },
      { stdio: ['ignore', 'pipe', 'inherit'], startTimeoutMs: 80_000 },
    );
    servers.push(server);
    return { server, out: stdoutLines(server) };
  };

  it('on a new embedded database: the address, then each demo account with a password that logs in', async () => {
    const { server, out } = await start();
    const port = new URL(server.url).port;
    await out.until((line) => line.startsWith('  @msimamizi '));
    await out.until((line) => line.startsWith('  @kariuki_p '));

    const address = out.lines.indexOf(`Jamii is running: open http://localhost:${port}`);
    expect(address).toBeGreaterThan(0);
    // Below the JSON log: the listening record came first, and nothing after the address is JSON.
    const listening = out.lines.findIndex(
      (line) => line.startsWith('{') && line.includes('Server listening'),
    );
    expect(listening).toBeGreaterThanOrEqual(0);
    expect(listening).toBeLessThan(address);
    expect(out.lines[address + 1]).toMatch(/^Demo accounts \(these passwords are shown only now/);
    const accounts = out.lines
      .slice(address + 2)
      .map((line) => ACCOUNT_LINE.exec(line))
      .filter((m) => m !== null)
      .map(([, username, password, admin]) => ({ username: username!, password: password!, admin: !!admin }));
    expect(accounts).toHaveLength(11);
    // The admin first: it is the account a newcomer looks for.
    expect(accounts[0]).toMatchObject({ username: '@msimamizi', admin: true });
    expect(accounts.filter((a) => a.admin)).toHaveLength(1);
    // No password is written into a log record.
    const records = out.lines.filter((line) => line.startsWith('{'));
    for (const { password } of accounts) expect(records.some((r) => r.includes(password))).toBe(false);

    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'msimamizi', password: accounts[0]!.password }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: unknown }).user).toMatchObject({
      username: '@msimamizi',
      role: 'admin',
    });
    await server.stop();
    servers.pop();
  }, 90_000);

  it('on a restart of that database: the address only', async () => {
    const { server, out } = await start();
    const address = `Jamii is running: open http://localhost:${new URL(server.url).port}`;
    // The notice is one write that ends with a blank line: the line after the address says what followed it.
    await out.until((line, at) => line === '' && out.lines[at - 1] === address);
    expect(out.lines.some((line) => line.startsWith('Demo accounts'))).toBe(false);
    expect(out.lines.some((line) => ACCOUNT_LINE.test(line))).toBe(false);
  }, 90_000);
});
