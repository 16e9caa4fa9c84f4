import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('settings', () => {
  it('has embedded defaults: port 3000, PGlite under ./data, demo seed and limits on', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      seedDemo: true,
      rateLimits: true,
    });
    expect(c.dataDir).toMatch(/data$/);
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('normalises admin usernames and switches', () => {
    const c = parseConfig({ ADMIN_USERNAMES: 'Boss_K, @mkuu ,', RATE_LIMITS: 'off', SEED_DEMO: 'false' });
    expect(c.adminUsernames).toEqual(['@boss_k', '@mkuu']);
    expect(c.rateLimits).toBe(false);
    expect(c.seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ RATE_LIMITS: 'maybe' }, 'RATE_LIMITS'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ CONTACT_EMAIL: 'nope' }, 'CONTACT_EMAIL'],
  ])('stops with a message naming the bad setting %j', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});
