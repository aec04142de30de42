// Statements prepared once per connection (server/db/prepared.ts): a statement marked `prepared` is
// parsed and planned by PostgreSQL once on a connection and then only executed, with each run's values;
// any other statement goes as before. The save of a case recomputes its analytic row this way
// (tests/api/case-analytic.test.ts checks the rows).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { schemasDir } from '../../server/config.ts';
import { kysely } from '../../server/db/kysely.ts';
import { openOrm, type Orm } from '../../server/db/orm.ts';
import { prepared } from '../../server/db/prepared.ts';
import { createTestDatabase, dropTestDatabase } from '../helpers/pg.ts';

let url: string;
let orm: Orm;

beforeAll(async () => {
  url = await createTestDatabase('prepared');
  orm = await openOrm(loadSchemas(schemasDir), { databaseUrl: url });
});
afterAll(async () => {
  await orm.close();
  await dropTestDatabase(url);
});

/** The statements the connection of `em`'s transaction holds prepared, with how often each ran. */
const preparedOn = async (db: ReturnType<typeof kysely>) =>
  (await sql<{ statement: string; runs: number }>`select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements`.execute(db)).rows;

describe('a statement marked prepared', () => {
  it('is prepared once on its connection and answers with the values of each run', async () => {
    await orm.em.fork().transactional(async (em) => {
      const db = kysely(em);
      const answers: number[] = [];
      for (const n of [1, 2, 3, 4, 5, 6, 7]) answers.push((await prepared(sql<{ x: number }>`select ${n}::int * 10 + 1 as x`).execute(db)).rows[0].x);
      expect(answers).toEqual([11, 21, 31, 41, 51, 61, 71]);
      expect(await preparedOn(db)).toEqual([{ statement: '/* prepared */ select $1::int * 10 + 1 as x', runs: 7 }]);
    });
  });

  it('leaves every other statement as it was: not prepared', async () => {
    await orm.em.fork().transactional(async (em) => {
      const db = kysely(em);
      expect((await sql<{ x: number }>`select ${4}::int * 10 + 2 as x`.execute(db)).rows[0].x).toBe(42);
      expect((await preparedOn(db)).map((r) => r.statement)).not.toContain('select $1::int * 10 + 2 as x');
    });
  });
});
