// A database of the run's PostgreSQL (tests/setup/global-pg.ts, also in the unit tests' and the
// mutation run's configuration) holding hand-built cases for the tests of the report queries that count
// them: the cases' analytic rows (`caseanalytic`, its columns as the declarations make them), the case
// rows a list reads (`tbcase`), the counts cube and the catalogues they name — tables made from the
// schemas' declarations, without migrations, so a file starts in a fraction of a second (the mutation
// run starts it once per mutant).
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { analyticTable, sqlTypeOf, type AnalyticTable } from '../../engine/analytic.ts';
import type { Registry } from '../../engine/registry.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import type { TableDef } from '../../engine/types.ts';
import { createTestDatabase, dropTestDatabase } from './pg.ts';

/** A declared table's columns as a `create table` (no references: the rows are the test's). */
const tableDdl = (def: TableDef) =>
  `create table "${def.name}" (id uuid primary key, workspace_id uuid, version int not null default 1, ${def.fields
    .filter((f) => f.kind !== 'none' && f.kind !== 'via')
    .map((f) => `"${f.column}" ${f.kind === 'json' ? 'jsonb' : sqlTypeOf(f)}`)
    .join(', ')})`;

export interface AnalyticDb {
  db: Kysely<any>;
  analytic: AnalyticTable;
  close(): Promise<void>;
}

/**
 * A new database with the analytic, case, patient, unit, admin unit, age-range and cube tables; `close()` drops it.
 * @example const { db, analytic, close } = await analyticDb(registry); await addCases(db, registry, ws, handCases());
 */
export async function analyticDb(registry: Registry): Promise<AnalyticDb> {
  const url = await createTestDatabase('counts');
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  const a = analyticTable(registry, reportCatalogue(registry));
  await sql.raw(`create table "${a.name}" (id uuid primary key, workspace_id uuid not null, ${a.columns.map((c) => `"${c.name}" ${c.sqlType}${c.sqlType.endsWith('[]') ? ` not null default '{}'` : ''}`).join(', ')})`).execute(db);
  for (const t of ['tbcase', 'patient', 'unit', 'adminunit', 'agerange', 'casecube']) await sql.raw(tableDdl(registry.table(t))).execute(db);
  return {
    db,
    analytic: a,
    close: async () => {
      await db.destroy();
      await dropTestDatabase(url);
    },
  };
}

/** One hand-built case: its id, and its values by column — of its analytic row, and of its case row (`case_number`…). */
export type HandCase = { id: string } & Record<string, unknown>;

/**
 * Writes the cases: each analytic row with the values given for its columns, and its case row with
 * those of the case's columns (`case_number` defaults to the id's first 8 characters).
 * @example await addCases(db, registry, ws, [{ id: C1, state: 'CLOSED', gender: 'FEMALE', tag: [T1] }])
 */
export async function addCases(db: Kysely<any>, registry: Registry, workspaceId: string, cases: HandCase[]): Promise<void> {
  const caseColumns = new Set(registry.table('tbcase').fields.map((f) => f.column));
  const analyticColumns = new Set(analyticTable(registry, reportCatalogue(registry)).columns.map((c) => c.name));
  const pick = (c: HandCase, columns: Set<string>) => Object.fromEntries(Object.entries(c).filter(([k]) => columns.has(k)));
  for (const c of cases) {
    await db.insertInto('caseanalytic').values({ workspace_id: workspaceId, ...pick(c, analyticColumns), id: c.id }).execute();
    await db.insertInto('tbcase').values({ workspace_id: workspaceId, case_number: c.id.slice(0, 8), ...pick(c, caseColumns), id: c.id }).execute();
  }
}

/**
 * Fills the counts cube from the analytic rows, as its triggers do (migration casecube_over_analytic):
 * a row per unit cohort and combination of its dimensions, '' for no text value, 0 for no year.
 * @example await fillCube(db, ws)
 */
export async function fillCube(db: Kysely<any>, workspaceId: string): Promise<void> {
  await sql`insert into casecube (id, workspace_id, unit_id, gender, classification, diagnosis_type, state, outcome, hiv_result, registration_group, infection_site, validated, registration_year, n)
    select gen_random_uuid(), workspace_id, case when transferring and transfer_from_unit_id is not null then transfer_from_unit_id else owner_unit_id end,
           coalesce(gender, ''), coalesce(classification, ''), coalesce(diagnosis_type, ''), coalesce(state, ''), coalesce(outcome, ''), coalesce(hiv_result, ''),
           coalesce(registration_group, ''), coalesce(infection_site, ''), coalesce(validated, false), coalesce(extract(year from registration_date)::int, 0), count(*)
      from caseanalytic where workspace_id = ${workspaceId} group by 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13`.execute(db);
}
