import { COUNTY_NAMES, KENYA_COUNTIES, PLACE_KEYS, placeKey } from '@jamii/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTestDatabase, freshTestDatabase, testDatabaseKind } from '../test/test-database';
import type { Database } from './database';
import { migrate, readMigrations } from './migrate';

// Migration 0028 keeps Kenya's places in SQL (to derive the stored county of jobs and members);
// packages/shared/src/places.ts keeps them for the forms and filters. Both must say the same.
describe(`Kenya's places on ${testDatabaseKind()}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshTestDatabase();
  });
  afterAll(() => database.close());

  const countyOf = async (location: string) =>
    (await sql<{ county: string | null }>`select jamii_county_of(${location}) as county`.execute(database.db))
      .rows[0]!.county;

  it('holds the same places, each in the same county, as the shared list', async () => {
    const rows = await database.db
      .selectFrom('kenya_places')
      .select(['place', 'county'])
      .orderBy('place')
      .execute();
    const shared = [...PLACE_KEYS].map(([place, county]) => ({ place, county }));
    shared.sort((a, b) => (a.place < b.place ? -1 : a.place > b.place ? 1 : 0));
    expect(rows).toEqual(shared);
    expect(new Set(rows.map((r) => r.county))).toEqual(new Set(COUNTY_NAMES));
    expect(COUNTY_NAMES).toHaveLength(47);
  });

  it('spells place keys as placeKey does', async () => {
    for (const text of ["Murang'a", 'Murang’a', '  Homa-Bay!! ', 'ELDAMA   RAVINE', 'Kisumu, 2025', '']) {
      const { rows } = await sql<{ key: string }>`select jamii_place_key(${text}) as key`.execute(
        database.db,
      );
      expect(rows[0]!.key, text).toBe(placeKey(text));
    }
  });

  it('finds the county every county and town of the list names', async () => {
    for (const county of KENYA_COUNTIES) {
      for (const place of [county.name, ...county.towns])
        expect(await countyOf(place), place).toBe(county.name);
    }
  });

  it('reads free text: any case, the wider place named last, whole words only', async () => {
    expect(await countyOf('ruiru, kiambu')).toBe('Kiambu');
    expect(await countyOf('Kenol, Muranga')).toBe("Murang'a");
    expect(await countyOf('Westlands, Nairobi City')).toBe('Nairobi');
    expect(await countyOf('Near Kendu Bay')).toBe('Homa Bay');
    expect(await countyOf('ELDORET')).toBe('Uasin Gishu');
    expect(await countyOf('Embuya village')).toBeNull();
    expect(await countyOf('Remote')).toBeNull();
    expect(await countyOf('')).toBeNull();
  });

  it('gives rows written before migration 0028 their county', async () => {
    const old = await emptyTestDatabase();
    try {
      const files = readMigrations();
      const at = files.findIndex((file) => file.name.startsWith('0028_'));
      await migrate(old.db, files.slice(0, at));
      const user = await old.db
        .insertInto('users')
        .values({
          username: '@old_one',
          name: 'Old One',
          email: 'old@one.co.ke',
          password_hash: 'x',
          location: 'Thika',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await old.db
        .insertInto('jobs')
        .values([
          { client_id: user.id, title: 'Old job', location: 'Nyahururu' },
          { client_id: user.id, title: 'Older job', location: '' },
        ] as never)
        .execute();
      await migrate(old.db, files);
      const member = await old.db.selectFrom('users').select('county').executeTakeFirstOrThrow();
      expect(member.county).toBe('Kiambu');
      const jobs = await old.db.selectFrom('jobs').select(['title', 'county']).orderBy('title').execute();
      expect(jobs).toEqual([
        { title: 'Old job', county: 'Laikipia' },
        { title: 'Older job', county: null },
      ]);
    } finally {
      await old.close();
    }
  });
});
