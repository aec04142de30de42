/**
 * The SQL computing cases' analytic rows (`engine/analytic.ts`) from the case (`tbcase as c`) and
 * what its declarations reach: its patient (a reference), its treatment (a sub-record with one row),
 * its newest exams (a dated sub-record: the newest row by date, then id — as of a case date plus
 * some months with `asOf`), its tags and prescriptions (every row, as a sorted array), its unit's admin
 * unit path, the age-range catalogue. Each table is joined once however many columns read it. Table and
 * column names come only from the schemas.
 */
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/kysely.ts';
import type { AnalyticColumn, AnalyticTable } from '../../engine/analytic.ts';
import type { VarSource } from '../../engine/report-vars.ts';
import { areaPathColumns } from '../../engine/area-path.ts';
import { prepared } from '../db/prepared.ts';

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/** The alias a source is joined under (one join per source). */
const aliasOf = (s: VarSource) =>
  s.kind === 'case' ? 'c' : s.kind === 'ref' ? `r_${s.column}` : s.kind === 'latest' && s.until ? `s_${s.table}_${s.until.column}_${s.until.months}` : `s_${s.table}`;

/** The joins of a set of columns and each column's value over them. */
class Sources {
  readonly joins = new Map<string, RawBuilder<unknown>>();

  private once(alias: string, join: () => RawBuilder<unknown>) {
    if (!this.joins.has(alias)) this.joins.set(alias, join());
  }

  /** The alias of the row a source reads, joined. */
  source(s: VarSource): string {
    const a = aliasOf(s);
    if (s.kind === 'ref') this.once(a, () => sql`left join ${sql.table(s.table)} as ${sql.id(a)} on ${ref(a, 'id')} = ${ref('c', s.column)}`);
    if (s.kind === 'one') this.once(a, () => sql`left join ${sql.table(s.table)} as ${sql.id(a)} on ${ref(a, s.parent)} = c.id`);
    if (s.kind === 'latest') {
      // the newest row (as it stood `months` after a case date: none when the case has no such date)
      const until = s.until ? sql` and l.${sql.id(s.date)} <= ${ref('c', s.until.column)} + make_interval(months => ${sql.lit(s.until.months)})` : sql``;
      this.once(a, () => sql`left join lateral (select * from ${sql.table(s.table)} as l where l.${sql.id(s.parent)} = c.id${until} order by l.${sql.id(s.date)} desc, l.id desc limit 1) as ${sql.id(a)} on true`);
    }
    return a;
  }

  /** A column's value. */
  value(col: AnalyticColumn): RawBuilder<unknown> {
    const d = col.derive;
    const s = col.source;
    if (d.kind === 'array') {
      const e = s as Extract<VarSource, { kind: 'each' }>;
      return sql`coalesce((select array_agg(distinct e.${sql.id(col.from)} order by e.${sql.id(col.from)}) from ${sql.table(e.table)} as e where e.${sql.id(e.parent)} = c.id and e.${sql.id(col.from)} is not null), '{}')`;
    }
    if (d.kind === 'first' || d.kind === 'exists') {
      // every row of the sub-record, folded to one value
      const e = s as Extract<VarSource, { kind: 'any' }>;
      const rows = sql`from ${sql.table(e.table)} as e where e.${sql.id(e.parent)} = c.id`;
      const field = sql`e.${sql.id(col.from)}`;
      if (d.kind === 'exists') return sql`exists (select 1 ${rows} and ${field} is not null)`;
      return sql`(select case ${sql.join(d.keys.map((k) => sql`when bool_or(${field} = ${sql.lit(k)}) then ${sql.lit(k)}`), sql` `)} end ${rows})`;
    }
    const a = this.source(s);
    const v = ref(a, col.from);
    if (d.kind === 'value') return v;
    if (d.kind === 'years') return sql`date_part('year', age(coalesce(${ref('c', d.at)}, current_date), ${v}))::int`;
    if (d.kind === 'band') {
      return sql`(select ar.id from agerange as ar where ar.workspace_id = c.workspace_id
        and date_part('year', age(coalesce(${ref('c', d.at)}, current_date), ${v})) between ar.ini_age and ar.end_age order by ar.ini_age limit 1)`;
    }
    // the admin unit at the level, on the path of the referenced unit's admin unit
    const u = `u_${a}_${col.from}`, au = `a_${a}_${col.from}`;
    this.once(u, () => sql`left join ${sql.table(d.unitTable)} as ${sql.id(u)} on ${ref(u, 'id')} = ${v}`);
    this.once(au, () => sql`left join adminunit as ${sql.id(au)} on ${ref(au, 'id')} = ${ref(u, d.unitColumn)}`);
    return ref(au, areaPathColumns[d.level - 1]);
  }
}

/**
 * The analytic rows of the cases `where` selects (a condition on `tbcase as c`), as computed now: a
 * select of `id`, `workspace_id` and every column, in the table's order.
 * @example await analyticSelect(a, sql`c.workspace_id = ${ws}`).execute(db) // [{ id, workspace_id, owner_unit_id, state, … }]
 */
export function analyticSelect(a: AnalyticTable, where: RawBuilder<SqlBool>): RawBuilder<Record<string, unknown>> {
  const s = new Sources();
  const values = a.columns.map((c) => sql`${s.value(c)} as ${sql.id(c.name)}`);
  return sql`select c.id, c.workspace_id, ${sql.join(values)} from tbcase as c ${sql.join([...s.joins.values()], sql` `)} where ${where}`;
}

/** The upsert of the analytic rows of the cases `where` selects (see `upsertAnalytic`). */
function upsertStatement(a: AnalyticTable, where: RawBuilder<SqlBool>): RawBuilder<unknown> {
  const names = a.columns.map((c) => sql.id(c.name));
  return sql`insert into ${sql.table(a.name)} as t (id, workspace_id, ${sql.join(names)})
    ${analyticSelect(a, where)}
    on conflict (id) do update set ${sql.join(a.columns.map((c) => sql`${sql.id(c.name)} = excluded.${sql.id(c.name)}`))}
     where (${sql.join(a.columns.map((c) => sql`t.${sql.id(c.name)}`))}) is distinct from (${sql.join(a.columns.map((c) => sql`excluded.${sql.id(c.name)}`))})`;
}

/**
 * Upserts the analytic rows of the cases `where` selects (a condition on `tbcase as c`): every column
 * computed in one statement, a row rewritten only when a value differs. A deleted case's row goes with
 * it (its key references the case, on delete cascade). Answers how many rows it wrote. A save's one
 * case goes by `upsertAnalyticCase`.
 * @example await upsertAnalytic(db, a, sql`c.id = any(${ids}::uuid[])`)
 */
export async function upsertAnalytic(db: Kysely<Database>, a: AnalyticTable, where: RawBuilder<SqlBool>): Promise<number> {
  const r = await upsertStatement(a, where).execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** The one-case upsert of each analytic table, compiled: its text and values, the case id's place among them. */
const caseUpserts = new WeakMap<AnalyticTable, { query: CompiledQuery; idAt: number }>();

/**
 * Upserts the analytic row of one case, as a save does (`upsertAnalytic` with `c.id = caseId`). The
 * statement (~9 kB of SQL, eight joins, six sub-queries) is built and compiled once per analytic table
 * and prepared once per connection (server/db/prepared.ts): a save sends only its values, and neither
 * the server nor PostgreSQL builds, parses or plans it again — under many writers at once that was the
 * save's largest cost after its own update. Answers how many rows it wrote (0: the row already held
 * these values).
 * @example await upsertAnalyticCase(db, a, caseId) // 1
 */
export async function upsertAnalyticCase(db: Kysely<Database>, a: AnalyticTable, caseId: string): Promise<number> {
  let compiled = caseUpserts.get(a);
  if (!compiled) {
    const placeholder = randomUUID();
    const query = prepared(upsertStatement(a, sql<SqlBool>`c.id = ${placeholder}::uuid`)).compile(db);
    compiled = { query, idAt: query.parameters.indexOf(placeholder) };
    caseUpserts.set(a, compiled);
  }
  const parameters = [...compiled.query.parameters];
  parameters[compiled.idAt] = caseId;
  const r = await db.executeQuery(CompiledQuery.raw(compiled.query.sql, parameters));
  return Number(r.numAffectedRows ?? 0);
}

/** Each analytic table's copy of a case's own columns, compiled (see `copyCaseColumns`). */
const caseCopies = new WeakMap<AnalyticTable, CompiledQuery>();

/**
 * The columns of an analytic table that hold a case column as it is (the case's own report variables
 * and `x-analytic` fields: no join, nothing derived).
 * @example copiedColumns(a).map((c) => c.from) // ['owner_unit_id', 'state', 'diagnosis_type', …]
 */
export const copiedColumns = (a: AnalyticTable): AnalyticColumn[] => a.columns.filter((c) => c.source.kind === 'case' && c.derive.kind === 'value');

/**
 * Copies a case's own columns into its analytic row (`copiedColumns`), as a save that changed only
 * such fields needs: one row by key, no join — about half the cost of recomputing the row in
 * PostgreSQL. Compiled once per table, prepared once per connection. The other columns are left as
 * they are (they read nothing the save changed). Answers false when the case has no analytic row yet
 * (the refill has not reached it): the caller recomputes the whole row.
 * @example if (!(await copyCaseColumns(db, a, caseId))) await upsertAnalyticCase(db, a, caseId)
 */
export async function copyCaseColumns(db: Kysely<Database>, a: AnalyticTable, caseId: string): Promise<boolean> {
  let query = caseCopies.get(a);
  if (!query) {
    const cols = copiedColumns(a);
    const statement = sql`with copied as (update ${sql.table(a.name)} as t set ${sql.join(cols.map((c) => sql`${sql.id(c.name)} = ${ref('c', c.from)}`))}
        from tbcase as c where c.id = ${'$id'}::uuid and t.id = c.id
         and (${sql.join(cols.map((c) => sql`t.${sql.id(c.name)}`))}) is distinct from (${sql.join(cols.map((c) => ref('c', c.from)))}) returning 1)
      select exists (select 1 from ${sql.table(a.name)} where id = ${'$id'}::uuid) as present`;
    query = prepared(statement).compile(db);
    caseCopies.set(a, query);
  }
  const r = await db.executeQuery<{ present: boolean }>(CompiledQuery.raw(query.sql, query.parameters.map(() => caseId)));
  return r.rows[0]?.present === true;
}

/**
 * The SQL text the rows are computed with: what the analytic rows of a database were last filled by
 * (its digest marks the table, `backfill.ts`), so a change of the declarations refills them.
 */
export function analyticDefinition(db: Kysely<Database>, a: AnalyticTable): string {
  return `${a.columns.map((c) => `${c.name} ${c.sqlType}`).join(', ')}\n${analyticSelect(a, sql<SqlBool>`true`).compile(db).sql}`;
}
