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

// Each kind of value and each way a case reaches a table, as the SQL a reader's count runs: the
// statements below are written from the rules in engine/report-vars.ts (a date by month, quarter or
// year; recorded = the date is set; the age range at the case date; the admin unit at a level; the
// newest dated sub-record, as it stood months after a case date), each table joined once.
describe('indicatorQuery: each kind of variable', () => {
  const inner = (rows: string[], columns: string[] = ['gender']) => compile({}, rows, columns).sql;
  it('a date by quarter and by year', () => {
    expect(compile({}, ['registrationDate.quarter'], ['registrationDate.year']).sql).toBe(
      `select "x"."r0", "x"."c0", grouping("x"."r0", "x"."c0") as "g", count(*) as "n" from (select to_char("c"."registration_date", 'YYYY-"Q"Q') as "r0", to_char("c"."registration_date", 'YYYY') as "c0", "c"."id" as "case_id" from "tbcase" as "c" where "c"."workspace_id" = $1) as "x" group by grouping sets (("x"."r0", "x"."c0"), ("x"."r0"), ("x"."c0"), ())`,
    );
  });
  it('whether a date is recorded', () => {
    expect(inner(['cultureConversion.recorded'])).toContain('("c"."culture_conversion_date" is not null) as "r0"');
  });
  it('the age range the patient’s age in whole years at registration (today without one) falls in, the first by its lower age', () => {
    const q = compile({}, ['ageRange'], ['classification']);
    expect(q.sql).toBe(
      `select "x"."r0", "x"."c0", grouping("x"."r0", "x"."c0") as "g", count(*) as "n" from (select "age_r_patient_id"."id" as "r0", "c"."classification" as "c0", "c"."id" as "case_id" from "tbcase" as "c" left join "patient" as "r_patient_id" on "r_patient_id"."id" = "c"."patient_id" left join lateral (select "ar"."id" from "agerange" as "ar" where "ar"."workspace_id" = $1 and date_part('year', age(coalesce("c"."registration_date", current_date), "r_patient_id"."birth_date")) between ar.ini_age and ar.end_age order by "ar"."ini_age" limit $2) as "age_r_patient_id" on true where "c"."workspace_id" = $3) as "x" group by grouping sets (("x"."r0", "x"."c0"), ("x"."r0"), ("x"."c0"), ())`,
    );
    expect(q.parameters).toEqual(['W', 1, 'W']);
  });
  it('the age range joined once when it is both a row and a filter', () => {
    const q = compile({ filters: [{ filter: f('ageRange'), value: { keys: ['a1'] } }] }, ['ageRange'], ['gender']);
    expect(q.sql.split('left join lateral (select "ar"."id"').length).toBe(2);
    expect(q.sql.split('left join "patient"').length).toBe(2);
    expect(q.sql).toContain('"age_r_patient_id"."id" in ($4)');
  });
  it('the admin unit at level n of the owner unit’s address is column p(n-1); unit and admin unit joined once for several levels', () => {
    const q = compile({}, ['ownerUnitArea3', 'ownerUnitArea1'], ['ownerUnitArea5']);
    expect(q.sql).toBe(
      `select "x"."r0", "x"."r1", "x"."c0", grouping("x"."r0", "x"."r1", "x"."c0") as "g", count(*) as "n" from (select "a_c_owner_unit_id"."p2_id" as "r0", "a_c_owner_unit_id"."p0_id" as "r1", "a_c_owner_unit_id"."p4_id" as "c0", "c"."id" as "case_id" from "tbcase" as "c" left join "unit" as "u_c_owner_unit_id" on "u_c_owner_unit_id"."id" = "c"."owner_unit_id" left join "adminunit" as "a_c_owner_unit_id" on "a_c_owner_unit_id"."id" = "u_c_owner_unit_id"."address_admin_unit_id" where "c"."workspace_id" = $1) as "x" group by grouping sets (("x"."r0", "x"."r1", "x"."c0"), ("x"."r0", "x"."r1"), ("x"."c0"), ())`,
    );
  });
  it('the newest exam, as it stood 6 months after the start of treatment, and the newest without a limit; each lateral once', () => {
    const q = compile({}, ['cultureAtMonth6', 'hivArt.recorded'], ['hivCpt.recorded']);
    expect(q.sql).toBe(
      `select "x"."r0", "x"."r1", "x"."c0", grouping("x"."r0", "x"."r1", "x"."c0") as "g", count(*) as "n" from (select "s_examcul_ini_treatment_date_6"."result" as "r0", ("s_examhiv"."started_ar_tdate" is not null) as "r1", ("s_examhiv"."started_cp_tdate" is not null) as "c0", "c"."id" as "case_id" from "tbcase" as "c" left join lateral (select "l".* from "examcul" as "l" where "l"."case_id" = "c"."id" and "l"."date" <= "c"."ini_treatment_date" + make_interval(months => $1) order by "l"."date" desc, "l"."id" desc limit $2) as "s_examcul_ini_treatment_date_6" on true left join lateral (select "l".* from "examhiv" as "l" where "l"."case_id" = "c"."id" order by "l"."date" desc, "l"."id" desc limit $3) as "s_examhiv" on true where "c"."workspace_id" = $4) as "x" group by grouping sets (("x"."r0", "x"."r1", "x"."c0"), ("x"."r0", "x"."r1"), ("x"."c0"), ())`,
    );
    expect(q.parameters).toEqual([6, 1, 1, 'W']);
  });
  it('a sub-record of one row per case (the treatment) joined once and counted by rows; only a several-rows one counts distinct cases', () => {
    const one = compile({}, ['regimen', 'individualized'], ['gender']).sql;
    expect(one).toContain('"s_treatment"."regimen_id" as "r0", "s_treatment"."moved_to_individualized" as "r1"');
    expect(one.split('left join "treatment" as "s_treatment" on "s_treatment"."case_id" = "c"."id"').length).toBe(2);
    expect(one).toContain('count(*) as "n"');
    expect(compile({}, ['gender'], ['medicine']).sql).toContain('count(distinct x.case_id) as "n"');
    expect(inner(['medicine'])).toContain('"s_prescription"."product_id" as "r0"');
  });
});

describe('indicatorQuery: the place and each kind of filter', () => {
  it('the place after the workspace, then each filter; an area filter at any of the five levels; an exam as it stood; a period with only its end; an empty period filters nothing; several-rows filters by EXISTS', () => {
    const q = indicatorQuery(
      db,
      {
        workspaceId: 'W',
        place: (eb) => eb('c.owner_unit_id', '=', 'U'),
        filters: [
          { filter: f('ownerUnitArea'), value: { keys: ['A'] } },
          { filter: f('cultureAtMonth6'), value: { keys: ['NEGATIVE'] } },
          { filter: f('hivArt'), value: { end: '2025-02' } },
          { filter: f('outcomeDate'), value: {} },
          { filter: f('medicine'), value: { keys: ['p', 'q'] } },
        ],
      },
      [v('gender')],
      [v('state')],
    ).compile();
    expect(q.sql).toContain(
      `where "c"."workspace_id" = $4 and "c"."owner_unit_id" = $5 and ("a_c_owner_unit_id"."p0_id" in ($6) or "a_c_owner_unit_id"."p1_id" in ($7) or "a_c_owner_unit_id"."p2_id" in ($8) or "a_c_owner_unit_id"."p3_id" in ($9) or "a_c_owner_unit_id"."p4_id" in ($10)) and "s_examcul_ini_treatment_date_6"."result" in ($11) and ("s_examhiv"."started_ar_tdate" < ($12::date + interval '1 month')) and true and exists (select 1 from "prescription" as e where "e"."case_id" = c.id and "e"."product_id" in ($13, $14))`,
    );
    expect(q.sql).not.toContain('left join "prescription"');
    expect(q.parameters).toEqual([6, 1, 1, 'W', 'U', 'A', 'A', 'A', 'A', 'A', 'NEGATIVE', '2025-02-01', 'p', 'q']);
  });
  it('a period with only its start', () => {
    const q = compile({ filters: [{ filter: f('diagnosisDate'), value: { ini: '2024-12' } }] }, ['gender'], ['state']);
    expect(q.sql).toContain('and ("c"."diagnosis_date" >= $2::date))');
    expect(q.parameters).toEqual(['W', '2024-12-01']);
  });
});

describe('rowCondition: each kind of filter on a listed case', () => {
  const on = (id: string, value: any, alias = 't') => db.selectFrom(`tbcase as ${alias}`).select(`${alias}.id`).where(rowCondition(db, 'W', f(id), value, alias)).compile();
  it('a case column of each plain kind (enum, yes/no, a reference, a period) compared directly, on the list’s alias', () => {
    expect(on('validated', { keys: [true] }, 'x').sql).toBe('select "x"."id" from "tbcase" as "x" where "x"."validated" in ($1)');
    expect(on('ownerUnit', { keys: ['U'] }).sql).toBe('select "t"."id" from "tbcase" as "t" where "t"."owner_unit_id" in ($1)');
    expect(on('classification', { keys: ['TB'] }, 'x').sql).toBe('select "x"."id" from "tbcase" as "x" where "x"."classification" in ($1)');
    const end = on('outcomeDate', { end: '2025-12' });
    expect(end.sql).toBe(`select "t"."id" from "tbcase" as "t" where ("t"."outcome_date" < ($1::date + interval '1 month'))`);
    expect(end.parameters).toEqual(['2025-12-01']);
    expect(on('outcomeDate', {}).sql).toBe('select "t"."id" from "tbcase" as "t" where true');
  });
  it('the patient’s column on the list’s alias', () => {
    expect(on('gender', { keys: ['MALE'] }, 'x').sql).toBe('select "x"."id" from "tbcase" as "x" where exists (select 1 from "patient" as r where "r"."id" = "x"."patient_id" and "r"."gender" in ($1))');
  });
  it('anything else (the treatment, the age range, an area at any level, an exam as it stood, tags) through an EXISTS on the same case', () => {
    expect(on('regimen', { keys: ['R'] }).sql).toBe(
      'select "t"."id" from "tbcase" as "t" where exists ((select 1 as "one" from "tbcase" as "c" left join "treatment" as "s_treatment" on "s_treatment"."case_id" = "c"."id" where "c"."workspace_id" = $1 and "s_treatment"."regimen_id" in ($2) and "c"."id" = "t"."id"))',
    );
    for (const [id, key] of [['ageRange', 'a'], ['ownerUnitArea', 'A'], ['cultureAtMonth6', 'NEGATIVE']]) {
      const q = on(id, { keys: [key] });
      expect(q.sql, id).toMatch(/^select "t"\."id" from "tbcase" as "t" where exists \(\(select 1 as "one" from "tbcase" as "c" .* and "c"\."id" = "t"\."id"\)\)$/);
    }
    expect(on('tag', { keys: ['t'] }, 'x').sql).toBe(
      'select "x"."id" from "tbcase" as "x" where exists ((select 1 as "one" from "tbcase" as "c" where "c"."workspace_id" = $1 and exists (select 1 from "casetag" as e where "e"."case_id" = c.id and "e"."tag_id" in ($2)) and "c"."id" = "x"."id"))',
    );
  });
});
