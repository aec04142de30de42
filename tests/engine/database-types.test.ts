// The database interface `kysely()` is typed by (engine/generated/database.ts) names every table and
// column the committed migrations build, with the type the driver returns and the nullability the
// database enforces: a column a migration adds but the interface lacks fails here, not in production.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Column, databaseTables } from '../../engine/database-gen.ts';
import { loadSchemas } from '../../engine/load.ts';
import { schemasDir } from '../../server/config.ts';
import { dropTestDatabase } from '../helpers/pg.ts';
import { seededDatabase } from '../helpers/server.ts';

interface InfoColumn {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

/** The TypeScript type a driver returns for a PostgreSQL type, written by hand from the pg and MikroORM type parsers. */
const READ_AS: Record<string, string> = {
  uuid: 'string', text: 'string', varchar: 'string', date: 'string', timestamptz: 'string',
  int4: 'number', float8: 'number', int8: 'string | number', bool: 'boolean', _uuid: 'string[]',
};

/** Where the interface and the database disagree, one line each (empty: they agree). */
function disagreements(iface: Map<string, Column[]>, info: InfoColumn[]): string[] {
  const out: string[] = [];
  const db = new Map<string, InfoColumn[]>();
  for (const c of info) db.set(c.table_name, [...(db.get(c.table_name) ?? []), c]);
  for (const t of iface.keys()) if (!db.has(t)) out.push(`${t}: in the interface, not in the database`);
  for (const [t, cols] of db) {
    const declared = iface.get(t);
    if (!declared) {
      out.push(`${t}: in the database, not in the interface`);
      continue;
    }
    for (const d of declared) if (!cols.some((c) => c.column_name === d.name)) out.push(`${t}.${d.name}: in the interface, not in the database`);
    for (const c of cols) {
      const d = declared.find((x) => x.name === c.column_name);
      if (!d) {
        out.push(`${t}.${c.column_name}: in the database, not in the interface`);
        continue;
      }
      const nullable = d.ts.endsWith(' | null');
      if (nullable !== (c.is_nullable === 'YES')) out.push(`${t}.${c.column_name}: nullable ${c.is_nullable}, interface ${d.ts}`);
      if (!!d.generated !== (c.column_default !== null)) out.push(`${t}.${c.column_name}: default ${c.column_default}, interface generated ${!!d.generated}`);
      const base = nullable ? d.ts.slice(0, -' | null'.length) : d.ts;
      if (c.udt_name !== 'jsonb' && READ_AS[c.udt_name] !== base) out.push(`${t}.${c.column_name}: ${c.udt_name} is read as ${READ_AS[c.udt_name]}, interface ${base}`);
      if (c.udt_name === 'jsonb' && d.write !== 'string') out.push(`${t}.${c.column_name}: jsonb takes its JSON text too`);
      if (['date', 'timestamptz'].includes(c.udt_name) && d.write !== 'Date') out.push(`${t}.${c.column_name}: ${c.udt_name} takes a Date too`);
    }
  }
  return out;
}

describe('the database interface', () => {
  const iface = databaseTables(loadSchemas(schemasDir));
  let url: string;
  let info: InfoColumn[];
  beforeAll(async () => {
    url = await seededDatabase('dbtypes');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      info = (await client.query<InfoColumn>(
        `select table_name, column_name, udt_name, is_nullable, column_default from information_schema.columns
          where table_schema = 'public' and table_name <> 'mikro_orm_migrations' order by table_name, ordinal_position`,
      )).rows;
    } finally {
      await client.end();
    }
  });
  afterAll(async () => {
    if (url) await dropTestDatabase(url);
  });

  it('names every table and column of the migrated database, with its type and nullability', () => {
    expect(new Set(info.map((c) => c.table_name)).size).toBeGreaterThan(80);
    expect(disagreements(iface, info)).toEqual([]);
  });

  it('self-test: a column or table the interface lacks, a wrong type or nullability is reported', () => {
    const planted = new Map([...iface].map(([t, cols]) => [t, cols.map((c) => ({ ...c }))]));
    planted.set('tbcase', planted.get('tbcase')!.filter((c) => c.name !== 'registration_date'));
    planted.delete('casetag');
    planted.get('unit')!.find((c) => c.name === 'name')!.ts = 'string | null';
    planted.get('changelog')!.find((c) => c.name === 'seq')!.ts = 'number';
    expect(disagreements(planted, info).sort()).toEqual([
      'casetag: in the database, not in the interface',
      'changelog.seq: int8 is read as string | number, interface number',
      'tbcase.registration_date: in the database, not in the interface',
      'unit.name: nullable NO, interface string | null',
    ]);
  });
});
