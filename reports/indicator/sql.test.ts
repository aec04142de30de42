// The indicator statement as SQL (issue 22): one statement, grouped by the variables with the
// grouping sets of the cells, the rows' and the columns' totals and the grand total; every value a
// parameter (names only from the schemas); a variable of several rows per case counted by distinct
// cases, and filtered by EXISTS, never through a join that repeats the case.
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { indicatorQuery, rowCondition, type CaseQuery } from './sql.ts';

const cat = reportCatalogue(loadSchemas(schemasDir));
const db = new Kysely<any>({ dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() } });
const v = (id: string) => cat.variable(id)!;
const f = (id: string) => cat.filter(id)!;
const compile = (cq: Partial<CaseQuery>, rows: string[], columns: string[]) => indicatorQuery(db, { workspaceId: 'W', filters: [], ...cq }, rows.map(v), columns.map(v)).compile();

describe('indicatorQuery', () => {
  it('groups by the cells, each row, each column and all, in one statement', () => {
    const q = compile({}, ['gender'], ['classification']);
    expect(q.sql).toContain('group by grouping sets (("x"."r0", "x"."c0"), ("x"."r0"), ("x"."c0"), ())');
    expect(q.sql).toContain('grouping("x"."r0", "x"."c0") as "g"');
    expect(q.sql).toContain('count(*) as "n"');
    expect(q.sql).toContain('left join "patient" as "r_patient_id" on "r_patient_id"."id" = "c"."patient_id"');
    expect(q.parameters).toEqual(['W']);
  });
  it('counts distinct cases when a variable has several rows per case', () => {
    const q = compile({}, ['tag'], ['gender']);
    expect(q.sql).toContain('count(distinct x.case_id) as "n"');
    expect(q.sql).toContain('left join "casetag" as "s_casetag" on "s_casetag"."case_id" = "c"."id"');
  });
  it('counts the month of treatment from the start to today, the start’s own month the first', () => {
    expect(compile({}, ['iniTreatmentDate.monthsSince'], ['gender']).sql).toContain(`(date_part('year', age(current_date, "c"."ini_treatment_date")) * 12 + date_part('month', age(current_date, "c"."ini_treatment_date")) + 1)::int as "r0"`);
  });
  it('takes a dated sub-record’s newest row, and a date by month', () => {
    const q = compile({}, ['registrationDate.month'], ['regimen']);
    expect(q.sql).toContain(`to_char("c"."registration_date", 'YYYY-MM')`);
    expect(q.sql).toContain('left join "treatment" as "s_treatment"');
  });
  it('filters with parameters only: a multi-select by IN, tags by EXISTS, a period by month bounds', () => {
    const hostile = "TB'); drop table tbcase; --";
    const q = compile(
      { filters: [{ filter: f('classification'), value: { keys: ['TB', hostile] } }, { filter: f('tag'), value: { keys: ['t1'] } }, { filter: f('registrationDate'), value: { ini: '2025-01', end: '2025-03' } }] },
      ['gender'],
      ['state'],
    );
    expect(q.sql).toContain('"c"."classification" in ($2, $3)');
    expect(q.sql).toContain('exists (select 1 from "casetag" as e where "e"."case_id" = c.id and "e"."tag_id" in ($4))');
    expect(q.sql).toContain(`"c"."registration_date" >= $5::date and "c"."registration_date" < ($6::date + interval '1 month')`);
    expect(q.sql).not.toContain('drop table');
    expect(q.parameters).toEqual(['W', 'TB', hostile, 't1', '2025-01-01', '2025-03-01']);
  });
});

describe('rowCondition (a search page’s filters on the listed case)', () => {
  const on = (id: string, value: any) => db.selectFrom('tbcase as t').select('t.id').where(rowCondition(db, 'W', f(id), value)).compile();
  it('compares a case column directly, so its index serves the page', () => {
    const q = on('classification', { keys: ['TB', 'NTM'] });
    expect(q.sql).toBe('select "t"."id" from "tbcase" as "t" where "t"."classification" in ($1, $2)');
    expect(on('registrationDate', { ini: '2025-01' }).sql).toContain('"t"."registration_date" >= $1::date');
  });
  it('reads a row the case references (its patient) through an EXISTS on that row by its key', () => {
    const q = on('gender', { keys: ['FEMALE'] });
    expect(q.sql).toBe('select "t"."id" from "tbcase" as "t" where exists (select 1 from "patient" as r where "r"."id" = "t"."patient_id" and "r"."gender" in ($1))');
    expect(q.parameters).toEqual(['FEMALE']);
  });
  it('reads another table through an EXISTS on the same case', () => {
    const q = on('tag', { keys: ['t1'] });
    expect(q.sql).toContain('exists ((select 1 as "one" from "tbcase" as "c"');
    expect(q.sql).toContain('"c"."id" = "t"."id"');
    expect(q.parameters).toEqual(['W', 't1']);
  });
});
