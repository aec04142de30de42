// Which indicators the counts cube answers (issue 22 at a million cases): every variable and filter
// among the cube's declared columns (x-cube of schemas/casecube.json), a period filter in whole
// years, a place given as units; anything else is counted live (undefined here). That both give the
// same numbers is tests/api/case-cube.test.ts.
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { caseCube, cubeCellCount, cubeQuery } from './cube.ts';
import { offlineDb } from '../../tests/helpers/offline-db.ts';
import type { CaseQuery, FilterValue } from './sql.ts';

const registry = loadSchemas(schemasDir);
const cat = reportCatalogue(registry);
const cube = caseCube(registry, cat)!;
const db = new Kysely<any>({ dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() } });
const filters = (given: Record<string, FilterValue>) => Object.entries(given).map(([id, value]) => ({ filter: cat.filter(id)!, value }));
const query = (rows: string[], columns: string[], cq: Partial<CaseQuery> = {}) =>
  cubeQuery(db, cube, { workspaceId: 'W', filters: [], ...cq }, rows.map((id) => cat.variable(id)!), columns.map((id) => cat.variable(id)!))?.compile();

describe('the counts cube', () => {
  it('declares its columns by report variable', () => {
    expect([...cube.columns.keys()].sort()).toEqual(['classification', 'diagnosisType', 'gender', 'hivResult', 'infectionSite', 'outcome', 'registrationDate.year', 'registrationGroup', 'state', 'validated']);
  });

  it('answers gender × classification by summing its rows, with the totals of the live statement', () => {
    const q = query(['gender'], ['classification'])!;
    expect(q.sql).toContain('from "casecube" as "k"');
    expect(q.sql).toContain('group by grouping sets (("x"."r0", "x"."c0"), ("x"."r0"), ("x"."c0"), ())');
    expect(q.sql).toContain('coalesce(sum(x.n), 0) as "n"');
    expect(q.sql).toContain('"k"."n" <> $2');
    expect(q.parameters).toEqual(['W', 0]);
  });

  it('takes filters on its columns and a period in whole years', () => {
    const q = query(['outcome'], ['registrationDate.year'], { filters: filters({ state: { keys: ['CLOSED'] }, registrationDate: { ini: '2024-01', end: '2025-12' } }) })!;
    expect(q.sql).toContain('"k"."state" in ($');
    expect(q.parameters).toEqual(expect.arrayContaining(['CLOSED', 2024, 2025]));
    expect(query(['gender'], ['state'], { filters: filters({ registrationDate: { end: '2025-12' } }) })).toBeDefined();
  });

  it('leaves to the live count what it cannot say', () => {
    expect(query(['gender'], ['tag'])).toBeUndefined(); // several rows per case
    expect(query(['ageRange'], ['gender'])).toBeUndefined(); // not a column of the cube
    expect(query(['gender'], ['registrationDate.month'])).toBeUndefined(); // months are not kept
    expect(query(['gender'], ['classification'], { filters: filters({ registrationDate: { ini: '2025-02', end: '2025-12' } }) })).toBeUndefined();
    expect(query(['gender'], ['classification'], { filters: filters({ registrationDate: { ini: '2025-01', end: '2025-11' } }) })).toBeUndefined();
    expect(query(['gender'], ['classification'], { filters: filters({ ownerUnit: { keys: ['00000000-0000-4000-8000-000000000000'] } }) })).toBeUndefined();
    // a place it cannot place by unit
    expect(query(['gender'], ['classification'], { place: () => sql`true` as any })).toBeUndefined();
  });
});

// The cube's rules one by one: which column holds what, how a missing value reads back (none: ''
// or the year 0), each filter it can say and the ones it cannot, and the cell count's statement.
const v = (id: string) => cat.variable(id)!;
const f = (id: string) => cat.filter(id)!;
describe('the counts cube, rule by rule', () => {
  it('no cube table: no cube; a column naming no report variable stops the start; columns without x-cube are not variables', () => {
    expect(caseCube({ tables: new Map() } as any, cat)).toBeUndefined();
    const fake = (schema: object) => ({ tables: new Map([['casecube', { name: 'casecube', fields: [{ key: 'n', column: 'n', schema: {} }, { key: 'sex', column: 'sex', schema }] }]]) }) as any;
    expect(() => caseCube(fake({ 'x-cube': 'sex' }), cat)).toThrow('casecube.sex: x-cube names "sex", no report variable');
    expect(caseCube(fake({ 'x-cube': 'gender' }), cat)).toEqual({ table: 'casecube', columns: new Map([['gender', { column: 'sex', variable: v('gender') }]]) });
    expect(cube.columns.get('registrationDate.year')!.column).toBe('registration_year');
    expect(cube.columns.has('n')).toBe(false);
  });
  it('reads a value back as the live count does: no value is null ("" of a text, the year 0), yes/no as stored', () => {
    const q = query(['gender', 'validated'], ['registrationDate.year'])!;
    expect(q.sql).toBe(
      `select "x"."r0", "x"."r1", "x"."c0", grouping("x"."r0", "x"."r1", "x"."c0") as "g", coalesce(sum(x.n), 0) as "n" from (select nullif("k"."gender", '') as "r0", "k"."validated" as "r1", to_char(nullif("k"."registration_year", 0), 'FM0000') as "c0", "k"."n" from "casecube" as "k" where "k"."workspace_id" = $1 and "k"."n" <> $2) as "x" group by grouping sets (("x"."r0", "x"."r1", "x"."c0"), ("x"."r0", "x"."r1"), ("x"."c0"), ())`,
    );
  });
  it('a variable that is not the catalogue’s own (another registry’s) is not the cube’s', () => {
    expect(cubeQuery(db, cube, { workspaceId: 'W', filters: [] }, [{ ...v('gender') }], [v('state')])).toBeUndefined();
    expect(query(['gender'], ['registrationDate.quarter'])).toBeUndefined();
  });
  it('the place by units: its condition on the cube’s unit column, none when the place is the whole workspace', () => {
    const cols: string[] = [];
    const q = query(['gender'], ['state'], { place: () => sql`true` as any, units: (column) => (cols.push(column), (eb) => eb(column as any, '=', 'U')) })!;
    expect(cols).toEqual(['k.unit_id']);
    expect(q.sql).toContain('where "k"."workspace_id" = $1 and "k"."n" <> $2 and "k"."unit_id" = $3)');
    expect(query(['gender'], ['state'], { units: () => undefined })!.sql).toContain('where "k"."workspace_id" = $1 and "k"."n" <> $2)');
  });
  it('a filter by its values on the column of the same field; a period filter by whole years (January to December), either end open', () => {
    const one = (given: Record<string, FilterValue>) => query(['gender'], ['state'], { filters: filters(given) });
    const g = one({ gender: { keys: ['MALE'] }, validated: { keys: [true] } })!;
    expect(g.sql).toContain('"k"."n" <> $2 and "k"."gender" in ($3) and "k"."validated" in ($4))');
    expect(g.parameters).toEqual(['W', 0, 'MALE', true]);
    const both = one({ registrationDate: { ini: '2024-01', end: '2025-12' } })!;
    expect(both.sql).toContain('and ("k"."registration_year" <> 0 and "k"."registration_year" >= $3 and "k"."registration_year" <= $4))');
    expect(both.parameters).toEqual(['W', 0, 2024, 2025]);
    const from = one({ registrationDate: { ini: '2024-01' } })!;
    expect(from.sql).toContain('and ("k"."registration_year" <> 0 and "k"."registration_year" >= $3))');
    expect(from.parameters).toEqual(['W', 0, 2024]);
    expect(one({ registrationDate: { end: '2023-12' } })!.parameters).toEqual(['W', 0, 2023]);
    expect(one({ registrationDate: {} })!.sql).toContain('and ("k"."registration_year" <> 0))');
    expect(one({ registrationDate: { ini: '2024-12' } })).toBeUndefined();
    expect(one({ registrationDate: { end: '2024-01' } })).toBeUndefined();
    // a date the cube keeps no year of
    expect(one({ outcomeDate: { ini: '2024-01' } })).toBeUndefined();
  });
  it('a filter on another field of the same column name, another way of reaching it, or values for a period is not the cube’s', () => {
    const other = (filter: any, value: FilterValue = { keys: ['x'] }) => cubeQuery(db, cube, { workspaceId: 'W', filters: [{ filter, value }] }, [v('gender')], [v('state')]);
    expect(other({ ...f('gender'), source: { kind: 'ref', table: 'contact', column: 'contact_id' } })).toBeUndefined();
    expect(other({ ...f('state'), source: { kind: 'one', table: 'treatment', parent: 'case_id' } })).toBeUndefined();
    expect(other({ ...f('gender'), source: { kind: 'one', table: 'patient', parent: 'case_id' } })).toBeUndefined();
    expect(other(f('registrationDate'), { keys: ['2024'] })).toBeUndefined();
    expect(other({ ...f('state'), type: 'period' }, {})).toBeUndefined();
    expect(other(f('state'))).toBeDefined();
  });
  it('no cube: everything counted live', () => {
    expect(cubeQuery(db, undefined, { workspaceId: 'W', filters: [] }, [v('gender')], [v('state')])).toBeUndefined();
  });
});

describe('cubeCellCount: one cell and all of the indicator from the cube', () => {
  const count = async (cell: { v: string; key: any }[], cq: Partial<CaseQuery> = {}, answer = [{ cell: '7', all: '900' }]) => {
    const { db: rec, executed } = offlineDb([answer]);
    const out = await cubeCellCount(rec, cube, { workspaceId: 'W', filters: [], ...cq }, cell.map(({ v: id, key }) => ({ v: v(id), key })));
    return { out, q: executed[0] };
  };
  it('sums the cube rows of the cell among those of the place and filters', async () => {
    const { out, q } = await count([{ v: 'gender', key: 'FEMALE' }, { v: 'registrationDate.year', key: '2025' }], { units: (c) => (eb) => eb(c as any, '=', 'U'), filters: filters({ state: { keys: ['CLOSED'] } }) });
    expect(out).toEqual({ cell: 7, all: 900 });
    expect(q.sql).toBe(`select coalesce(sum(k.n) filter (where "k"."gender" = $1 and "k"."registration_year" = $2), 0) as "cell", coalesce(sum(k.n), 0) as "all" from "casecube" as "k" where "k"."workspace_id" = $3 and "k"."unit_id" = $4 and "k"."state" in ($5)`);
    expect(q.parameters).toEqual(['FEMALE', 2025, 'W', 'U', 'CLOSED']);
  });
  it('no value of a text is "", of a year 0, of yes/no nothing (the cube keeps no such row); a yes/no key as itself; a number key as text', async () => {
    const { q } = await count([{ v: 'outcome', key: null }, { v: 'registrationDate.year', key: null }, { v: 'validated', key: false }, { v: 'state', key: 3 }]);
    expect(q.sql).toContain('filter (where "k"."outcome" = $1 and "k"."registration_year" = 0 and "k"."validated" = $2 and "k"."state" = $3)');
    expect(q.parameters.slice(0, 3)).toEqual(['', false, '3']);
    expect((await count([{ v: 'validated', key: null }])).q.sql).toContain('filter (where false)');
  });
  it('a total cell (no key) counts every case; no row answered: 0 of 0', async () => {
    const { out, q } = await count([], {}, []);
    expect(q.sql).toBe('select coalesce(sum(k.n) filter (where true), 0) as "cell", coalesce(sum(k.n), 0) as "all" from "casecube" as "k" where "k"."workspace_id" = $1');
    expect(q.parameters).toEqual(['W']);
    expect(out).toEqual({ cell: 0, all: 0 });
  });
  it('cannot say: no cube, a place not by units, a variable or a filter not the cube’s', async () => {
    const { db: rec, executed } = offlineDb();
    const W = { workspaceId: 'W', filters: [] };
    expect(await cubeCellCount(rec, undefined, W, [])).toBeUndefined();
    expect(await cubeCellCount(rec, cube, { ...W, place: () => sql`true` as any }, [])).toBeUndefined();
    expect(await cubeCellCount(rec, cube, W, [{ v: v('ageRange'), key: null }])).toBeUndefined();
    expect(await cubeCellCount(rec, cube, { ...W, filters: filters({ tag: { keys: ['t'] } }) }, [])).toBeUndefined();
    expect(executed).toEqual([]);
  });
});
