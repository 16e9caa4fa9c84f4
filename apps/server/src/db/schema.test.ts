import { verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTestDatabase, testDatabaseKind } from '../test/test-database';
import type { Database } from './database';
import { migrate, readMigrations } from './migrate';
import { demoAccounts, seedDemo, seedIfEmpty } from '../seed/seed';

const EXPECTED_TABLES = [
  'audit_log',
  'background_jobs',
  'bids',
  'blocks',
  'comments',
  'conversation_members',
  'conversations',
  'email_digest_items',
  'email_verification_tokens',
  'employer_verifications',
  'follows',
  'hashtags',
  'idempotency_keys',
  'job_alert_deliveries',
  'job_alerts',
  'job_applications',
  'jobs',
  'kenya_places',
  'ledger_entries',
  'messages',
  'mpesa_messages',
  'notification_deliveries',
  'notification_preferences',
  'notifications',
  'offers',
  'password_reset_tokens',
  'payment_events',
  'payments',
  'phone_codes',
  'post_hashtags',
  'post_likes',
  'posts',
  'push_subscriptions',
  'quiz_results',
  'quiz_rounds',
  'reports',
  'reviews',
  'saved_jobs',
  'schema_migrations',
  'server_keys',
  'services',
  'session_families',
  'sessions',
  'shield_decisions',
  'users',
  'ussd_pins',
  'video_renditions',
  'videos',
];

describe(`the schema on ${testDatabaseKind()}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshTestDatabase();
  });
  afterAll(() => database.close());

  it('has every table of the product', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' order by table_name`.execute(database.db);
    expect(rows.map((r) => r.table_name)).toEqual(EXPECTED_TABLES);
  });

  it('records every migration and applies none twice', async () => {
    const names = readMigrations().map((m) => m.name);
    const { rows } = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(
      database.db,
    );
    expect(rows.map((r) => r.name)).toEqual(names);
    expect(await migrate(database.db)).toEqual([]);
  });

  it('has an index leading with every foreign key column', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select c.conrelid::regclass::text as table_name, a.attname as column_name
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]
        )`.execute(database.db);
    expect(rows).toEqual([]);
  });

  it('refuses a price of zero, an unknown role and a score above the total', async () => {
    const db = database.db;
    const user = await db
      .insertInto('users')
      .values({ username: '@schema_u', name: 'Schema User', email: 'schema@jenga.co.ke', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      db.insertInto('bids').values({ client_id: user.id, job_title: 'Paint', max_price: 0 }).execute(),
    ).rejects.toThrow(/check/i);
    await expect(sql`update users set role = 'superuser' where id = ${user.id}`.execute(db)).rejects.toThrow(
      /check/i,
    );
    await expect(
      db.insertInto('quiz_results').values({ user_id: user.id, score: 11, total: 10 }).execute(),
    ).rejects.toThrow(/check/i);
    await expect(
      db
        .insertInto('users')
        .values({ username: '@SCHEMA_U', name: 'Other', email: 'o@jenga.co.ke', password_hash: 'x' })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('lets only one offer per bid be accepted', async () => {
    const db = database.db;
    const [client, bidder] = await db
      .insertInto('users')
      .values([
        { username: '@offer_c', name: 'Client', email: 'c@jenga.co.ke', password_hash: 'x' },
        { username: '@offer_b', name: 'Bidder', email: 'b@jenga.co.ke', password_hash: 'x' },
      ])
      .returning('id')
      .execute();
    const bid = await db
      .insertInto('bids')
      .values({ client_id: client!.id, job_title: 'Roof', max_price: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const offer = { bid_id: bid.id, user_id: bidder!.id, offer_price: 50, message: 'Done in a day' };
    await db
      .insertInto('offers')
      .values({ ...offer, accepted: true })
      .execute();
    await expect(
      db
        .insertInto('offers')
        .values({ ...offer, accepted: true })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('erases a member and everything they made with the account', async () => {
    const seeded = await freshTestDatabase();
    try {
      await seedDemo(seeded.db);
      const member = await seeded.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', '@otieno_dev')
        .executeTakeFirstOrThrow();
      await seeded.db.deleteFrom('users').where('id', '=', member.id).execute();
      for (const [table, column] of [
        ['posts', 'user_id'],
        ['jobs', 'client_id'],
        ['bids', 'client_id'],
        ['offers', 'user_id'],
        ['services', 'user_id'],
        ['follows', 'follower_id'],
        ['follows', 'followee_id'],
      ] as const) {
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${member.id}`.execute(
          seeded.db,
        );
        expect(rows[0]!.n, `${table}.${column}`).toBe(0);
      }
    } finally {
      await seeded.close();
    }
  });
});

describe('the demo seed', () => {
  it('fills an empty database once, with Kenyan content, and leaves a filled one alone', async () => {
    const database = await freshTestDatabase();
    try {
      const first = await seedIfEmpty(database.db);
      expect(first).toMatchObject({ members: 11, jobs: 10, bids: 6, posts: 16, services: 6 });
      expect(await seedIfEmpty(database.db)).toBeNull();
      const cities = await database.db.selectFrom('users').select('location').distinct().execute();
      expect(cities.map((c) => c.location).sort()).toEqual([
        'Eldoret',
        'Kisumu',
        'Mombasa',
        'Nairobi',
        'Nakuru',
      ]);
      const closed = await database.db
        .selectFrom('bids')
        .select('job_title')
        .where('status', '=', 'Closed')
        .execute();
      expect(closed).toHaveLength(1);
      const topics = await database.db.selectFrom('hashtags').select('tag').execute();
      expect(topics.map((t) => t.tag)).toContain('nairobitech');
    } finally {
      await database.close();
    }
  });

  it('takes the accounts hashed beforehand, as a new install hashes them while its database opens', async () => {
    const database = await freshTestDatabase();
    try {
      const accounts = demoAccounts({ password: 'Mlima-Kenya-2026!' });
      expect(await seedIfEmpty(database.db, { accounts: () => accounts })).toMatchObject({ members: 11 });
      const { passwords, hashes, fresh } = await accounts;
      expect(fresh).toBe(false);
      const rows = await database.db.selectFrom('users').select('password_hash').orderBy('id').execute();
      expect(rows.map((r) => r.password_hash)).toEqual(hashes);
      expect(await verify(rows[3]!.password_hash, passwords[3]!)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('gives each account a fresh password of its own, to be shown once', async () => {
    const { passwords, hashes, fresh } = await demoAccounts();
    expect(fresh).toBe(true);
    expect(new Set(passwords).size).toBe(11);
    expect(new Set(hashes).size).toBe(11);
    expect(await verify(hashes[5]!, passwords[5]!)).toBe(true);
  });
});
