// The cases behind one number of an indicator (drill-through, issue 22): which way a cell's page is
// read — row by row in the list's order when the cube says the cell holds at least 1 % of the
// indicator's cases, else the cell's cases collected first — and the condition each key puts on the
// listed case (`tbcase as t`). That the pages hold the very cases counted is tests/api/case-reports.test.ts
// against PostgreSQL; here the statements, with a recording stand-in for the database.
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { offlineDb } from '../../tests/helpers/offline-db.ts';
import { cellCases } from './cell.ts';
import { caseCube } from './cube.ts';
import type { CaseQuery } from './sql.ts';

const registry = loadSchemas(schemasDir);
const cat = reportCatalogue(registry);
const cube = caseCube(registry, cat)!;
const v = (id: string) => cat.variable(id)!;

/** The cell's condition on a case list, its count, and the statements run to find them. */
async function drill(cell: [string, string | boolean | null][], counts: Record<string, unknown>[][], cq: Partial<CaseQuery> = {}, withCube = true) {
  const { db, executed } = offlineDb(counts);
  const out = await cellCases(db, { workspaceId: 'W', filters: [], ...cq }, cell.map(([id, key]) => ({ v: v(id), key })), withCube ? cube : undefined);
  const list = out.where(db.selectFrom('tbcase as t').select('t.id')).compile();
  return { count: out.count, list, executed };
}

describe('cellCases: which way a page is read', () => {
  it('1 case of 100 (1 %) is read row by row: each key on the listed case itself; the count is the cube’s', async () => {
    const r = await drill([['classification', 'TB'], ['validated', false]], [[{ cell: '1', all: '100' }]]);
    expect(r.count).toBe(1);
    expect(r.executed).toHaveLength(1);
    expect(r.list.sql).toBe('select "t"."id" from "tbcase" as "t" where ("t"."classification" in ($1) and "t"."validated" in ($2))');
    expect(r.list.parameters).toEqual(['TB', false]);
  });
  it('1 case of 101 (under 1 %) is collected first, by the live selection; the count is still the cube’s', async () => {
    const r = await drill([['classification', 'TB']], [[{ cell: '1', all: '101' }]]);
    expect(r.count).toBe(1);
    expect(r.executed).toHaveLength(1);
    expect(r.list.sql).toBe('select "t"."id" from "tbcase" as "t" where "t"."id" in (select "c"."id" from "tbcase" as "c" where "c"."workspace_id" = $1 and "c"."classification" = $2)');
  });
  it('an empty indicator (0 of 0) is read row by row; its total cell has no condition but the filters', async () => {
    const r = await drill([], [[{ cell: '0', all: '0' }]]);
    expect(r.list.sql).toBe('select "t"."id" from "tbcase" as "t" where (true)');
    const f = await drill([], [[{ cell: '5', all: '5' }]], { filters: [{ filter: cat.filter('state')!, value: { keys: ['CLOSED'] } }] });
    expect(f.list.sql).toBe('select "t"."id" from "tbcase" as "t" where ("t"."state" in ($1))');
    expect(f.count).toBe(5);
  });
  it('row by row, a key without a value, a year and a patient’s field each find the case', async () => {
    const r = await drill([['outcome', null], ['registrationDate.year', '2025'], ['gender', 'FEMALE']], [[{ cell: '50', all: '100' }]]);
    expect(r.list.sql).toBe(
      'select "t"."id" from "tbcase" as "t" where (exists ((select 1 as "one" from "tbcase" as "c" where "c"."workspace_id" = $1 and "c"."outcome" is null and "c"."id" = "t"."id")) and exists ((select 1 as "one" from "tbcase" as "c" where "c"."workspace_id" = $2 and to_char("c"."registration_date", \'YYYY\') = $3 and "c"."id" = "t"."id")) and exists (select 1 from "patient" as r where "r"."id" = "t"."patient_id" and "r"."gender" in ($4)))',
    );
    expect(r.list.parameters).toEqual(['W', 'W', '2025', 'FEMALE']);
  });
  it('without the cube the cell’s cases are counted live (none answered: 0)', async () => {
    const r = await drill([['tag', 't1'], ['medicine', null]], [[{ n: '42' }]], {}, false);
    expect(r.count).toBe(42);
    expect(r.executed.map((q) => q.sql)).toEqual([
      'select count(*) as "n" from (select "c"."id" from "tbcase" as "c" where "c"."workspace_id" = $1 and exists (select 1 from "casetag" as e where "e"."case_id" = c.id and "e"."tag_id" = $2) and not exists (select 1 from "prescription" as e where "e"."case_id" = c.id)) as "x"',
    ]);
    expect((await drill([['tag', 't1']], [], {}, false)).count).toBe(0);
  });
});
