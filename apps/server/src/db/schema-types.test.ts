import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTestDatabase, testDatabaseKind } from '../test/test-database';
import type { Database } from './database';

// schema.ts is written by hand; this reads its types with the TypeScript compiler and compares them
// with the migrated database's information_schema, so neither can drift from the other unnoticed.

type Kind = 'number' | 'string' | 'boolean' | 'date' | 'json';

interface ColumnShape {
  kind: Kind | string;
  nullable: boolean;
  /** Inserts may leave it out (Generated, or a nullable column without a default is not that). */
  hasDefault: boolean;
  /** The values a union of string literals allows; undefined for a plain type. */
  literals?: string[];
}

type Tables = Record<string, Record<string, ColumnShape>>;

const SCHEMA_FILE = path.join(import.meta.dirname, 'schema.ts');
const SERVER_TSCONFIG = path.join(import.meta.dirname, '../../tsconfig.json');

function parts(type: ts.Type): ts.Type[] {
  return type.isUnion() ? type.types : [type];
}

function kindOf(type: ts.Type, checker: ts.TypeChecker): Kind | string {
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return `${element ? kindOf(element, checker) : 'unknown'}[]`;
  }
  // An array of literals ('push' | 'email')[] holds strings: its element is a union, not a string type.
  if (type.isUnion() && type.types.every((t) => t.flags & ts.TypeFlags.StringLike)) return 'string';
  const flags = type.flags;
  if (flags & ts.TypeFlags.NumberLike) return 'number';
  if (flags & ts.TypeFlags.StringLike) return 'string';
  if (flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (type.getSymbol()?.getName() === 'Date') return 'date';
  // A JSON column is read as a parsed object: declared as a record of its keys.
  if (checker.getIndexInfosOfType(type).length > 0) return 'json';
  return `unknown (${type.getSymbol()?.getName() ?? flags})`;
}

/** The row types as schema.ts declares them: kysely's ColumnType keeps select and insert types apart. */
function readSchemaFile(): Tables {
  const config = ts.getParsedCommandLineOfConfigFile(
    SERVER_TSCONFIG,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const program = ts.createProgram([SCHEMA_FILE], { ...config!.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE)!;
  const db = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'DB',
  );
  if (!db) throw new Error('schema.ts declares no DB interface');
  const typeOf = (symbol: ts.Symbol) => checker.getTypeOfSymbolAtLocation(symbol, db);
  const tables: Tables = {};
  for (const table of checker
    .getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(db.name)!)
    .getProperties()) {
    const columns: Record<string, ColumnShape> = (tables[table.name] = {});
    for (const column of typeOf(table).getProperties()) {
      const declared = typeOf(column);
      const select = declared.getProperty('__select__');
      const insert = declared.getProperty('__insert__');
      const selectParts = parts(select ? typeOf(select) : declared);
      const valueParts = selectParts.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
      const kinds = [...new Set(valueParts.map((t) => kindOf(t, checker)))];
      const literals = valueParts.every((t) => t.isStringLiteral())
        ? valueParts.map((t) => (t as ts.StringLiteralType).value).sort()
        : undefined;
      columns[column.name] = {
        kind: kinds.length === 1 && kinds[0] ? kinds[0] : `mixed (${kinds.join(', ')})`,
        nullable: selectParts.some((t) => t.flags & ts.TypeFlags.Null),
        hasDefault: parts(insert ? typeOf(insert) : declared).some((t) => t.flags & ts.TypeFlags.Undefined),
        ...(literals ? { literals } : {}),
      };
    }
  }
  return tables;
}

const KIND_OF_SQL_TYPE: Record<string, Kind> = {
  smallint: 'number',
  integer: 'number',
  bigint: 'number',
  numeric: 'number',
  real: 'number',
  'double precision': 'number',
  text: 'string',
  'character varying': 'string',
  uuid: 'string',
  boolean: 'boolean',
  'timestamp with time zone': 'date',
  'timestamp without time zone': 'date',
  date: 'date',
  jsonb: 'json',
  json: 'json',
};

const KIND_OF_UDT: Record<string, Kind> = { _text: 'string', _int4: 'number', _int8: 'number' };

/** The quoted values of a column's `IN (…)` CHECK constraints. */
function checkedValues(definitions: string[]): string[] | undefined {
  const values = definitions.flatMap((d) =>
    [...d.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'")),
  );
  return values.length > 0 ? [...new Set(values)].sort() : undefined;
}

async function readDatabase(database: Database): Promise<Tables> {
  const { rows: columns } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: 'YES' | 'NO';
    has_default: boolean;
  }>`
    select table_name, column_name, data_type, udt_name, is_nullable,
           (column_default is not null or is_identity = 'YES' or is_generated = 'ALWAYS') as has_default
    from information_schema.columns
    where table_schema = 'public' and table_name <> 'schema_migrations'
    order by table_name, ordinal_position`.execute(database.db);
  const { rows: checks } = await sql<{ table_name: string; column_name: string; definition: string }>`
    select c.conrelid::regclass::text as table_name, a.attname as column_name,
           pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'c' and cardinality(c.conkey) = 1
      and c.connamespace = 'public'::regnamespace`.execute(database.db);
  const tables: Tables = {};
  for (const c of columns) {
    const type = c.data_type === 'USER-DEFINED' ? c.udt_name : c.data_type;
    // Arrays show as data_type ARRAY with the element's type name behind an underscore (`_text`).
    const elementKind = type === 'ARRAY' ? KIND_OF_UDT[c.udt_name] : undefined;
    const literalChecks = checks
      .filter((k) => k.table_name === c.table_name && k.column_name === c.column_name)
      .map((k) => k.definition)
      // PostgreSQL shows `x IN ('a', 'b')` as `x = ANY (ARRAY['a'::text, 'b'::text])`.
      .filter((d) => d.includes('= ANY (ARRAY['));
    const literals = checkedValues(literalChecks);
    (tables[c.table_name] ??= {})[c.column_name] = {
      kind: elementKind
        ? `${elementKind}[]`
        : (KIND_OF_SQL_TYPE[type] ?? `unmapped SQL type ${type}/${c.udt_name}`),
      nullable: c.is_nullable === 'YES',
      hasDefault: c.has_default,
      ...(literals ? { literals } : {}),
    };
  }
  return tables;
}

describe(`schema.ts against the migrated database on ${testDatabaseKind()}`, () => {
  let database: Database;
  let declared: Tables;
  let migrated: Tables;
  beforeAll(async () => {
    database = await freshTestDatabase();
    declared = readSchemaFile();
    migrated = await readDatabase(database);
  });
  afterAll(() => database.close());

  it('declares every migrated table, and no other', () => {
    expect(Object.keys(declared).sort()).toEqual(Object.keys(migrated).sort());
  });

  it('declares every migrated column of each table, and no other', () => {
    const names = (tables: Tables) =>
      Object.fromEntries(Object.entries(tables).map(([t, cols]) => [t, Object.keys(cols).sort()]));
    expect(names(declared)).toEqual(names(migrated));
  });

  it('gives each column the JavaScript type its driver answers, with the same nullability', () => {
    const shape = (tables: Tables) =>
      Object.entries(tables).flatMap(([t, cols]) =>
        Object.entries(cols).map(([c, s]) => `${t}.${c}: ${s.kind}${s.nullable ? ' | null' : ''}`),
      );
    expect(shape(declared).sort()).toEqual(shape(migrated).sort());
  });

  it('lets inserts leave out exactly the not-null columns that have a default (Generated)', () => {
    const optional = (tables: Tables) =>
      Object.entries(tables).flatMap(([t, cols]) =>
        Object.entries(cols)
          .filter(([, s]) => !s.nullable && s.hasDefault)
          .map(([c]) => `${t}.${c}`),
      );
    expect(optional(declared).sort()).toEqual(optional(migrated).sort());
  });

  it('narrows a text column to literal values exactly where a CHECK allows only those values', () => {
    const literal = (tables: Tables) =>
      Object.entries(tables).flatMap(([t, cols]) =>
        Object.entries(cols)
          .filter(([, s]) => s.kind === 'string' && s.literals)
          .map(([c, s]) => `${t}.${c}: ${s.literals!.join(' | ')}`),
      );
    expect(literal(declared).sort()).toEqual(literal(migrated).sort());
  });
});
