// The one condition language compiled to SQL (`conditionSql`, what the WHO forms and the DAK
// indicators count with), run on real PostgreSQL over the hand-built rows of
// tests/helpers/condition-rows.ts: each operator at and around its boundary answers the rows written
// there by hand (as the JavaScript evaluator does: tests/engine/condition-holds.test.ts), with keys as
// parameters and as literals. Then the agreement: on the same rows, every leaf combined with another by
// `all`, `any` and `not`, JavaScript (`holds`), SQL and the JSON Schema test ajv runs (`x-visible`'s
// required-while-shown) answer the same rows.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionParts, holds, type Condition } from '../engine/condition/index.ts';
import { conditionJsonSchema } from '../engine/condition/json-schema.ts';
import { CONDITION_CASES, CONDITION_ROWS, type ConditionRow } from '../tests/helpers/condition-rows.ts';
import { createTestDatabase, dropTestDatabase } from '../tests/helpers/pg.ts';
import { conditionSql, type SqlValues } from './condition-sql.ts';

let url: string;
let db: Kysely<any>;

beforeAll(async () => {
  url = await createTestDatabase('conditions');
  db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
  await sql`create table t (id int primary key, n int, s text, b boolean, start date, "end" date)`.execute(db);
  await db.insertInto('t').values(CONDITION_ROWS).execute();
}, 60_000);
afterAll(async () => {
  await db.destroy();
  await dropTestDatabase(url);
});

const values = (literals = false): SqlValues => ({ value: (s) => sql.ref(`t.${s}`), literals });

/** The ids of the rows the condition holds for, in SQL. */
async function sqlIds(c: Condition, literals = false): Promise<number[]> {
  const rows = await db.selectFrom('t').select('id').where(conditionSql(c, values(literals))).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** The ids of the rows the condition holds for, in JavaScript. */
const jsIds = (c: Condition) => CONDITION_ROWS.filter((r) => holds(c, (s) => r[s as keyof ConditionRow])).map((r) => r.id);

describe('conditionSql: each operator at its boundaries', () => {
  it.each(CONDITION_CASES)('%s', async (_what, c, ids) => {
    expect(await sqlIds(c)).toEqual(ids);
    expect(await sqlIds(c, true)).toEqual(ids);
  });

  it('is never NULL: the complement of each test is every other row', async () => {
    for (const [, c, ids] of CONDITION_CASES) expect(await sqlIds({ not: c })).toEqual(CONDITION_ROWS.map((r) => r.id).filter((id) => !ids.includes(id)));
  });

  it('no condition holds for every row', async () => {
    const rows = await db.selectFrom('t').select('id').where(conditionSql(undefined, values())).execute();
    expect(rows).toHaveLength(5);
  });
});

describe('the evaluators agree', () => {
  const leaves = CONDITION_CASES.flatMap(([, c]) => conditionParts(c).map((p) => p.part as Condition));
  const combined: Condition[] = leaves.flatMap((a, i) => {
    const b = leaves[(i * 7 + 3) % leaves.length];
    return [a, { not: a }, { all: [a, b] }, { any: [a, { not: b }] }];
  });
  const ajv = new Ajv2020({ strict: false });

  it(`JavaScript and SQL answer the same rows for ${combined.length} conditions`, async () => {
    const sqlAnswers = await Promise.all(combined.map((c) => sqlIds(c)));
    expect(sqlAnswers).toEqual(combined.map(jsIds));
  });

  it('the JSON Schema test answers as JavaScript, where a condition has one (no span)', () => {
    for (const c of combined) {
      const test = conditionJsonSchema(c, (s) => [s]);
      if (!test) continue;
      const check = ajv.compile(test);
      // a missing value is no key at all in a form's document
      const docs = CONDITION_ROWS.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)));
      expect(CONDITION_ROWS.filter((_r, i) => check(docs[i])).map((r) => r.id), JSON.stringify(c)).toEqual(jsIds(c));
    }
  });
});
