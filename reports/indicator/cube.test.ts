// Which indicators the counts cube answers (issue 22 at a million cases): every variable and filter
// among the cube's declared columns (x-cube of schemas/casecube.json), a period filter in whole
// years, a place given as units; anything else is counted live (undefined here). That both give the
// same numbers is tests/api/case-cube.test.ts.
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { caseCube, cubeQuery } from './cube.ts';
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
