import { describe, expect, it } from 'vitest';
import { freshLogins, type DemoAccounts } from './seed/seed';
import { DEMO_MEMBERS } from './seed/demo-content';
import { startNotice } from './start-notice';

const accounts = (fresh: boolean): DemoAccounts => ({
  passwords: DEMO_MEMBERS.map((_, i) => `Jm-password-${i}-7k!`),
  hashes: [],
  fresh,
});

describe('the lines npm start prints after the log', () => {
  it('name the address, then every demo account with its password, the admin first', () => {
    const notice = startNotice({ url: 'http://localhost:3000', logins: freshLogins(accounts(true)) });
    const lines = notice.split('\n');
    expect(lines[0]).toBe('');
    expect(lines[1]).toBe('Jamii is running: open http://localhost:3000');
    expect(lines[2]).toBe(
      'Demo accounts (these passwords are shown only now; copy them, or use Forgot password later):',
    );
    const admin = DEMO_MEMBERS.findIndex((m) => m.role === 'admin');
    expect(lines[3]).toBe(`  @msimamizi       Jm-password-${admin}-7k!   admin`);
    expect(lines.slice(3, 3 + DEMO_MEMBERS.length).map((l) => l.trim().split(/ +/)[0])).toEqual([
      '@msimamizi',
      ...DEMO_MEMBERS.filter((m) => m.role !== 'admin').map((m) => m.username),
    ]);
    expect(lines[4]).toBe('  @wanjiku_k       Jm-password-0-7k!');
    expect(notice.endsWith('7k!\n\n')).toBe(true);
  });

  it('show no account when the harness gave them its one known password, nor on a restart', () => {
    expect(freshLogins(accounts(false))).toEqual([]);
    expect(startNotice({ url: 'https://jamii.co.ke', logins: [] })).toBe(
      '\nJamii is running: open https://jamii.co.ke\n\n',
    );
  });

  it('name no address for a worker, which listens on no port', () => {
    expect(startNotice({ logins: [] })).toBe('');
    expect(startNotice({ logins: freshLogins(accounts(true)) }).startsWith('\nDemo accounts')).toBe(true);
  });
});
