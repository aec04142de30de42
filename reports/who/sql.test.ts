// A WHO form as SQL (issue 23), statement by statement: each kind of condition (never NULL: a case
// without the value fails `in` and passes `not`), an age in whole years at the case date, the months
// between two dates, the population of the quarter `quartersBack` before the one asked, the first
// declared reason a case is left out, then "in no row" of a complete table. That the forms count the
// right cases is tests/api/who-forms.test.ts against PostgreSQL; here the statements' text.
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { Joins } from '../indicator/sql.ts';
import type { Condition, FormDefinition } from './definition.ts';
import { cellIdsQuery, conditionSql, excludedQuery, formStatement, GroupedValues, liveValues, populationDates } from './sql.ts';

const cat = reportCatalogue(loadSchemas(schemasDir));
const db = new Kysely<any>({ dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() } });
const L = { ru: 'Ф', en: 'F' };
const span = (over: object) => ({ span: ['iniTreatmentDate', 'treatmentEndDate'], columns: ['ini_treatment_date', 'treatment_end_date'], ...over }) as Condition;

/** A condition as the SQL of a case's selection (joins included), read live or grouped. */
function condition(c: Condition | undefined, grouped = false) {
  const j = new Joins(db.selectFrom('tbcase as c'), 'W');
  const values = grouped ? new GroupedValues(liveValues(j)) : liveValues(j);
  const cond = conditionSql(values, cat, c);
  const q = j.query.select(cond.as('ok')).compile();
  return { sql: q.sql, parameters: q.parameters, dims: grouped ? (values as GroupedValues).dims.map((d) => d.name) : [] };
}

describe('conditionSql: each kind of condition', () => {
  it('none: every case', () => {
    expect(condition(undefined).sql).toBe('select true as "ok" from "tbcase" as "c"');
  });
  it('values in a list, no value, all of, any of, not — never NULL', () => {
    const c = condition({ all: [{ var: 'classification', in: ['TB', 'DRTB'] }, { any: [{ var: 'registrationGroup', empty: true }, { not: { var: 'validated', in: [true] } }] }] });
    expect(c.sql).toBe('select (coalesce("c"."classification" in ($1, $2), false) and (("c"."registration_group" is null) or (not coalesce("c"."validated" in ($3), false)))) as "ok" from "tbcase" as "c"');
    expect(c.parameters).toEqual(['TB', 'DRTB', true]);
  });
  it('an age: whole years between birth and the case date (today without one), both bounds included', () => {
    const c = condition({ var: 'ageRange', ageFrom: 0, ageTo: 14 });
    expect(c.sql).toBe(
      `select coalesce(date_part('year', age(coalesce("c"."registration_date", current_date), "r_patient_id"."birth_date")) between $1 and $2, false) as "ok" from "tbcase" as "c" left join "patient" as "r_patient_id" on "r_patient_id"."id" = "c"."patient_id"`,
    );
    expect(c.parameters).toEqual([0, 14]);
  });
  it('a span: the second date at most n months after the first, or more than n months after it; no date: false', () => {
    const max = condition(span({ maxMonths: 9 }));
    expect(max.sql).toBe('select coalesce("c"."treatment_end_date" <= "c"."ini_treatment_date" + make_interval(months => $1), false) as "ok" from "tbcase" as "c"');
    expect(max.parameters).toEqual([9]);
    const over = condition(span({ overMonths: 12 }));
    expect(over.sql).toBe('select coalesce("c"."treatment_end_date" > "c"."ini_treatment_date" + make_interval(months => $1), false) as "ok" from "tbcase" as "c"');
    expect(over.parameters).toEqual([12]);
    expect(condition(span({ maxMonths: 0 })).sql).toContain('<= "c"."ini_treatment_date"');
  });
  it('grouped: each distinct value read once as a column of the groups (the same variable, age or span shares it)', () => {
    const c = condition(
      { all: [{ var: 'classification', in: ['TB'] }, { var: 'classification', in: ['DRTB'] }, { var: 'ageRange', ageFrom: 0, ageTo: 4 }, { var: 'ageRange', ageFrom: 5, ageTo: 14 }, span({ maxMonths: 9 }), span({ maxMonths: 9 }), span({ overMonths: 9 }), span({ maxMonths: 6 }), { var: 'gender', in: ['MALE'] }] },
      true,
    );
    expect(c.sql).toBe(
      'select (coalesce("g"."d0" in ($1), false) and coalesce("g"."d0" in ($2), false) and coalesce("g"."d1" between $3 and $4, false) and coalesce("g"."d1" between $5 and $6, false) and "g"."d2" and "g"."d2" and "g"."d3" and "g"."d4" and coalesce("g"."d5" in ($7), false)) as "ok" from "tbcase" as "c" left join "patient" as "r_patient_id" on "r_patient_id"."id" = "c"."patient_id"',
    );
    expect(c.dims).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5']);
  });
});

const form = (over: Partial<FormDefinition> = {}): FormDefinition => ({
  id: 'f',
  title: L,
  code: L,
  order: 0,
  population: { date: 'registrationDate', quartersBack: 4, when: { var: 'classification', in: ['TB'] } },
  exclude: [{ id: 'noGroup', label: L, when: { var: 'registrationGroup', empty: true } }, { id: 'noSite', label: L, when: { var: 'infectionSite', empty: true } }],
  tables: [{ id: 't', title: L, complete: true, when: { var: 'validated', in: [true] }, rows: [{ id: 'new', label: L, when: { var: 'registrationGroup', in: ['NEW'] } }, { id: 'rel', label: L, when: { var: 'registrationGroup', in: ['RELAPSE'] } }], columns: [{ id: 'all', label: L }] }],
  ...over,
});

describe('the population, the reasons left out, a cell’s cases', () => {
  it('the quarter quartersBack before the one asked (a year back: the same quarter of the year before)', () => {
    expect(populationDates(form(), { year: 2025, quarter: 1 })).toEqual({ from: '2024-01-01', to: '2024-04-01' });
    expect(populationDates(form({ population: { date: 'registrationDate', quartersBack: 0 } }), { year: 2025, quarter: 4 })).toEqual({ from: '2025-10-01', to: '2026-01-01' });
  });
  it('excluded: the first declared reason that holds, else in no row of a complete table (a case the table counts)', () => {
    const q = excludedQuery(db, cat, form(), { workspaceId: 'W', quarter: { year: 2025, quarter: 1 }, place: (eb) => eb('c.notification_unit_id', '=', 'U') }).compile();
    expect(q.sql).toBe(
      'select "c"."id" as "id", coalesce((case when ("c"."registration_group" is null) then $1 when ("c"."infection_site" is null) then $2 else null end), case when (coalesce("c"."validated" in ($3), false) and not (coalesce("c"."registration_group" in ($4), false) or coalesce("c"."registration_group" in ($5), false))) then $6 else null end) as "reason" from "tbcase" as "c" where "c"."workspace_id" = $7 and "c"."registration_date" >= $8::date and "c"."registration_date" < $9::date and "c"."notification_unit_id" = $10 and coalesce("c"."classification" in ($11), false)',
    );
    expect(q.parameters).toEqual(['noGroup', 'noSite', true, 'NEW', 'RELAPSE', 'noRow:t', 'W', '2024-01-01', '2024-04-01', 'U', 'TB']);
  });
  it('no reason declared and no complete table: nobody is left out; no population condition: the quarter’s cases', () => {
    const f = form({ exclude: [], population: { date: 'outcomeDate', quartersBack: 0 }, tables: [{ ...form().tables[0], complete: false }] });
    const q = excludedQuery(db, cat, f, { workspaceId: 'W', quarter: { year: 2025, quarter: 2 } }).compile();
    expect(q.sql).toBe('select "c"."id" as "id", null as "reason" from "tbcase" as "c" where "c"."workspace_id" = $1 and "c"."outcome_date" >= $2::date and "c"."outcome_date" < $3::date');
    expect(q.parameters).toEqual(['W', '2025-04-01', '2025-07-01']);
  });
  it('a cell’s cases: not left out by a declared reason, in the table, the row and the column', () => {
    const f = form();
    const t = f.tables[0];
    const q = cellIdsQuery(db, cat, f, { workspaceId: 'W', quarter: { year: 2025, quarter: 4 } }, t, t.rows[0], t.columns[0]).compile();
    expect(q.sql).toBe(
      'select "c"."id" from "tbcase" as "c" where "c"."workspace_id" = $1 and "c"."registration_date" >= $2::date and "c"."registration_date" < $3::date and coalesce("c"."classification" in ($4), false) and (case when ("c"."registration_group" is null) then $5 when ("c"."infection_site" is null) then $6 else null end) is null and (coalesce("c"."validated" in ($7), false) and coalesce("c"."registration_group" in ($8), false) and true)',
    );
    expect(q.parameters).toEqual(['W', '2024-10-01', '2025-01-01', 'TB', 'noGroup', 'noSite', true, 'NEW']);
  });
  it('the form’s statement: a column per cell in declaration order, counted when no declared reason holds; the excluded; the first listed', () => {
    const f = form({ tables: [{ ...form().tables[0], columns: [{ id: 'all', label: L }, { id: 'men', label: L, when: { var: 'gender', in: ['MALE'] } }] }] });
    const q = formStatement(db, cat, f, { workspaceId: 'W', quarter: { year: 2025, quarter: 1 } }, 500).compile();
    for (const k of [0, 1, 2, 3]) expect(q.sql).toContain(`coalesce(sum(x.n) filter (where x.declared is null and "x"."k${k}"), 0) as "k${k}"`);
    expect(q.sql).not.toContain('"k4"');
    expect(q.sql).toContain('coalesce(sum(x.n) filter (where x.reason is not null), 0) as "excluded"');
    expect(q.sql).toContain('limit $');
    expect(q.parameters).toContain(500);
    expect(q.sql).toMatch(/^with "p" as materialized \(select /);
    // grouped by what the conditions read, each once: validated, registration group, gender, site
    expect(q.sql).toContain('group by "p"."d0", "p"."d1", "p"."d2", "p"."d3")');
  });
});

describe('the form’s statement: each kind of value grouped, two complete tables', () => {
  it('an age range’s own rows by `in`, an age in years, a span: each read once per case as a grouping column', () => {
    expect(condition({ var: 'ageRange', in: ['a1'] }).sql).toContain('select coalesce("age_r_patient_id"."id" in ($1), false) as "ok"');
    const f = form({ exclude: [], tables: [{ id: 't', title: L, rows: [{ id: 'child', label: L, when: { var: 'ageRange', ageFrom: 0, ageTo: 14 } }], columns: [{ id: 'long', label: L, when: span({ overMonths: 9 }) }] }] });
    const q = formStatement(db, cat, f, { workspaceId: 'W', quarter: { year: 2025, quarter: 1 } }, 10).compile();
    expect(q.sql).toContain(`date_part('year', age(coalesce("c"."registration_date", current_date), "r_patient_id"."birth_date")) as "d0"`);
    expect(q.sql).toContain('coalesce("c"."treatment_end_date" > "c"."ini_treatment_date" + make_interval(months => $');
    expect(q.sql).toContain('from "p" group by "p"."d0", "p"."d1") as "g") as "x"');
  });
  it('a case in no row of either complete table: the first such table named', () => {
    const t = form().tables[0];
    const f = form({ exclude: [], tables: [t, { ...t, id: 'u' }] });
    const q = excludedQuery(db, cat, f, { workspaceId: 'W', quarter: { year: 2025, quarter: 1 } }).compile();
    expect(q.sql).toMatch(/^select "c"\."id" as "id", coalesce\(null, case when \(.*\) then \$\d+ when \(.*\) then \$\d+ else null end\) as "reason"/);
    expect(q.parameters).toEqual(expect.arrayContaining(['noRow:t', 'noRow:u']));
  });
});
