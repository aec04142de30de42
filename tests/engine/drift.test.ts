// The committed migrations and generated types must say exactly what the schemas say.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { generateTypes } from '../../engine/types-gen.ts';
import { schemasDir } from '../../server/config.ts';
import { pendingSchemaSql } from '../../server/db/migration-diff.ts';
import { migrate, openOrm } from '../../server/db/orm.ts';
import { createTestDatabase, dropTestDatabase } from '../helpers/pg.ts';

const registry = loadSchemas(schemasDir);
const dbs: string[] = [];
afterAll(async () => {
  for (const db of dbs) await dropTestDatabase(db);
});

describe('drift', () => {
  it('the committed migrations build exactly the tables the schemas declare (PostgreSQL)', async () => {
    const url = await createTestDatabase('drift');
    dbs.push(url);
    const orm = await openOrm(registry, { databaseUrl: url });
    try {
      await migrate(orm);
      expect(await pendingSchemaSql(orm), 'run `npm run migration:create`').toBe('');
    } finally {
      await orm.close(true);
    }
  });

  it('the committed types are what `npm run gen:types` writes', async () => {
    const dir = fileURLToPath(new URL('../../engine/generated', import.meta.url));
    const expected = await generateTypes(registry);
    expect(readdirSync(dir).sort(), 'run `npm run gen:types`').toEqual([...expected.keys()].sort());
    for (const [name, content] of expected) expect(readFileSync(`${dir}/${name}`, 'utf8'), `${name}: run \`npm run gen:types\``).toBe(content);
  });
});
