/**
 * A WHO form computed for a reader: the place they ask for narrowed to their view, by the
 * unit that notified each case (WHO: a case counts where it was registered, and its outcome in that
 * unit's cohort even after a transfer); every table's cells from one statement (`sql.ts`); the
 * excluded cases of the population with their reasons; for an outcome cohort, its total against the
 * registration form's number for the cohort's quarter, and the cases that differ.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import { analyticTable } from '../../engine/analytic.ts';
import { t, type Lang } from '../../engine/i18n.ts';
import type { Registry } from '../../engine/registry.ts';
import { reportCatalogue, type ReportCatalogue } from '../../engine/report-vars.ts';
import { scopeCondition } from '../../server/scope/rows.ts';
import type { Session } from '../../server/types.ts';
import { unitsWhere, type Place } from '../../cases/places/place.ts';
import { conditionVars, wholeForm, type CellRef, type FormDefinition, type FormTable, type Label } from './definition.ts';
import type { Condition } from '../../engine/condition/index.ts';
import { DEFAULT_SETTINGS, type FormSettings } from './rules.ts';
import { cellIdsAsideQuery, cellIdsQuery, formStatement, populationDates, reasonOfQuery, type FormQuery } from './sql.ts';
import { quarterBefore, type Quarter } from './quarter.ts';

/** The most excluded or differing cases listed (the count says how many there are). */
export const LIST_LIMIT = 500;

/** A case in a form's lists: enough to recognise it, and its id for the link. */
export interface ListedCase {
  id: string;
  caseNumber: string | null;
  patientName: string;
  unitName: string | null;
  registrationDate: string | null;
  reason: string | null;
  reasonLabel: string;
  /** What the reason leaves the case out of: the whole form, or the cells that need what it lacks (null: in no row, or no reason). */
  leftOutOf: string | null;
}

export interface FormResult {
  form: { id: string; code: string; title: string };
  quarter: Quarter;
  /** The dates of the population: the quarter asked, or the cohort's quarter. */
  period: { from: string; to: string };
  /** A number the reader may not see (its row or column reads a field of an exam type or the treatment they may not read) is null. */
  /** The workspace settings it was counted by: the WHO definitions, and how a transfer's outcome counts (a form counting outcomes only). */
  settings: { tbDefinitions: FormSettings['tbDefinitions']; transferOutcome?: FormSettings['transferOutcome'] };
  tables: { id: string; title: string; rows: { id: string; label: string }[]; columns: { id: string; label: string }[]; values: (number | null)[][] }[];
  /** The cases left out of the form or of some cells: how many, those the reader may open, and how many they may not (transferred away). */
  excluded: { count: number; list: ListedCase[]; hidden: number };
  reconcile?: {
    form: { id: string; code: string };
    /** The other form's number for the cohort's quarter, less the cases set aside. */
    expected: number;
    counted: number;
    /** The cases both sides leave out: reported in another cohort (the reasons named). */
    setAside: { count: number; reasons: string[] };
    differences: { count: number; hidden: number; list: (ListedCase & { side: 'missing' | 'extra' })[] };
  };
}

const pick = (l: Label, lang: Lang) => l[lang];

/** Which variables the reader may count by (`allowedCatalogue`): every one a condition reads. */
export type MayRead = (variableId: string) => boolean;
const readable = (may: MayRead, ...conds: (Condition | undefined)[]) => conds.every((c) => !c || conditionVars(c).every(may));

/**
 * Whether the reader may see the form at all: its population and exclusions read only what they may.
 * @example formReadable(tb07, (id) => id !== 'hivResult') // true: HIV is only in TB 07's columns
 */
export const formReadable = (f: FormDefinition, may: MayRead) => readable(may, f.population.when, ...f.exclude.map((e) => e.when));

/** Whether the reader may see a cell's number: its table, row and column read only what they may. */
export const cellReadable = (t: FormTable, row: FormTable['rows'][number], column: FormTable['columns'][number], may: MayRead) => readable(may, t.when, row.when, column.when);

/** What a form is read with: the reader, the place asked for, the workspace's settings, the forms declared. */
export interface FormReader {
  db: Kysely<any>;
  cat: ReportCatalogue;
  registry: Registry;
  forms: Map<string, FormDefinition>;
  s: Session;
  place: Place;
  settings: FormSettings;
  lang: Lang;
  /** Which variables the reader may count by; none: every one. */
  may?: MayRead;
}

/** The cases (`tbcase as c`, or their analytic rows: the same unit columns) the reader may open: the case table's read scope (a case transferred and accepted elsewhere is not one); undefined: every case. */
const opensCase = (x: FormReader) => scopeCondition(x.db, x.registry, x.registry.table('tbcase'), x.s, 'c', 'read');

/**
 * The form's query for a quarter: the cases placed by their notifying unit in the place within the
 * reader's view (undefined: the whole workspace), the settings, and which cases the reader may open.
 * @example formQuery(reader, { year: 2025, quarter: 1 })
 */
export function formQuery(x: FormReader, quarter: Quarter): FormQuery {
  return { workspaceId: x.s.workspaceId, analytic: analyticTable(x.registry, reportCatalogue(x.registry)), place: unitsWhere(x.db, x.s, x.place, 'c.notification_unit_id'), quarter, settings: x.settings, visible: opensCase(x) };
}

/**
 * The settings of the session's workspace the forms follow (schemas/tables/workspace.json: `transferOutcome`,
 * `tbDefinitions`); one not set is the default.
 * @example await formSettings(db, registry, workspaceId) // { transferOutcome: 'NOT_EVALUATED', tbDefinitions: 'WHO2021' }
 */
export async function formSettings(db: Kysely<any>, registry: Registry, workspaceId: string): Promise<FormSettings> {
  const def = registry.table('workspace');
  const col = (key: keyof FormSettings) => def.fields.find((f) => f.key === key)!.column;
  const row = (await db.selectFrom(def.name).select([sql.ref(col('transferOutcome')).as('transferOutcome'), sql.ref(col('tbDefinitions')).as('tbDefinitions')] as any).where('id', '=', workspaceId).executeTakeFirst()) as Partial<FormSettings> | undefined;
  return { transferOutcome: row?.transferOutcome ?? DEFAULT_SETTINGS.transferOutcome, tbDefinitions: row?.tbDefinitions ?? DEFAULT_SETTINGS.tbDefinitions };
}

/** The cell a reference names. */
export function cellOf(f: FormDefinition, r: CellRef): { table: FormTable; row: FormTable['rows'][number]; column: FormTable['columns'][number] } {
  const table = f.tables.find((x) => x.id === r.table)!;
  return { table, row: table.rows.find((x) => x.id === r.row)!, column: table.columns.find((x) => x.id === r.column)! };
}

/** The label of a reason id (declared, or `noRow:<table>`). */
function reasonLabel(f: FormDefinition, reason: string | null, lang: Lang): string {
  if (!reason) return t(lang, 'who.notInCell');
  if (reason.startsWith('noRow:')) {
    const table = f.tables.find((x) => x.id === reason.slice(6));
    return t(lang, 'who.noRow', { table: table ? pick(table.title, lang) : reason });
  }
  const e = f.exclude.find((x) => x.id === reason);
  return e ? pick(e.label, lang) : reason;
}

/**
 * What a reason leaves the case out of, in words: the whole form, or the cells it names (a table's
 * title, with the rows or columns named); null for `noRow:` and no reason.
 * @example leftOutOf(tb08, 'noSite', 'ru') // 'Результаты лечения: Новые и рецидивы: лёгочный, …'
 */
function leftOutOf(f: FormDefinition, reason: string | null, lang: Lang): string | null {
  const e = reason ? f.exclude.find((x) => x.id === reason) : undefined;
  if (!e) return null;
  if (wholeForm(e)) return t(lang, 'who.wholeForm');
  return e.cells!.map((x) => {
    const tb = f.tables.find((y) => y.id === x.table)!;
    const lines = [...(x.rows ?? []).map((id) => tb.rows.find((r) => r.id === id)!), ...(x.columns ?? []).map((id) => tb.columns.find((c) => c.id === id)!)];
    return lines.length ? `${pick(tb.title, lang)}: ${lines.map((l) => pick(l.label, lang)).join('; ')}` : pick(tb.title, lang);
  }).join('; ');
}

const iso = (d: unknown) => (d == null ? null : d instanceof Date ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : String(d).slice(0, 10));
const listed = (f: FormDefinition, r: any, lang: Lang): ListedCase => ({
  id: r.id,
  caseNumber: r.case_number ?? null,
  patientName: [r.last_name, r.name, r.middle_name].filter((x) => x).join(' '),
  unitName: r.unit_name ?? null,
  registrationDate: iso(r.registration_date),
  reason: r.reason ?? null,
  reasonLabel: reasonLabel(f, r.reason ?? null, lang),
  leftOutOf: leftOutOf(f, r.reason ?? null, lang),
});

/** How many rows a sub-select gives. */
async function countOf(db: Kysely<any>, q: any): Promise<number> {
  const row = await db.selectFrom(q.as('n')).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether a form counts by the cohort outcome, which the workspace's transfer setting shapes. */
const readsCohortOutcome = (f: FormDefinition) =>
  f.tables.some((tb) => [tb.when, ...tb.rows.map((r) => r.when), ...tb.columns.map((c) => c.when)].some((c) => c && conditionVars(c).includes('cohortOutcome')));

/**
 * A form for the reader: tables, excluded cases (those the reader may open listed, the rest counted),
 * reconciliation, and the settings it was counted by.
 * @example await computeForm(reader, forms.get('tb07')!, { year: 2025, quarter: 1 })
 */
export async function computeForm(x: FormReader, f: FormDefinition, quarter: Quarter): Promise<FormResult> {
  const { db, cat, lang } = x;
  const may = x.may ?? (() => true);
  // the cells and the reconciliation are independent reads: asked at once (two connections of the pool)
  const [row, reconciled] = await Promise.all([formStatement(db, cat, f, formQuery(x, quarter), LIST_LIMIT).executeTakeFirst(), f.reconcile ? reconcile(x, f, quarter) : undefined]);
  const counts = row as Record<string, unknown>;
  let k = 0;
  const tables = f.tables.map((tb) => ({
    id: tb.id,
    title: pick(tb.title, lang),
    rows: tb.rows.map((r) => ({ id: r.id, label: pick(r.label, lang) })),
    columns: tb.columns.map((c) => ({ id: c.id, label: pick(c.label, lang) })),
    values: tb.rows.map((r) => tb.columns.map((c) => {
      const n = Number(counts[`k${k++}`] ?? 0);
      return cellReadable(tb, r, c, may) ? n : null;
    })),
  }));
  const excludedRows = (counts.listed ?? []) as any[];
  const result: FormResult = {
    form: { id: f.id, code: pick(f.code, lang), title: pick(f.title, lang) },
    quarter,
    period: populationDates(f, quarter),
    settings: { tbDefinitions: x.settings.tbDefinitions, ...(readsCohortOutcome(f) ? { transferOutcome: x.settings.transferOutcome } : {}) },
    tables,
    excluded: { count: Number(counts.excluded ?? 0), list: excludedRows.map((r) => listed(f, r, lang)), hidden: Number(counts.hidden ?? 0) },
  };
  if (reconciled) result.reconcile = reconciled;
  return result;
}

/**
 * The cohort's total against the other form's cell for the cohort's quarter, and the cases in one
 * only, in one statement: both cells' cases read once each (materialized) — the other's with whether
 * the cohort leaves it out as reported in another cohort (`except`: RR/DR-TB), set aside from both —
 * the differences counted, and the first `LIST_LIMIT` the reader may open listed (JSON) in
 * registration order, each with the reason of the form that leaves it out (read for them only).
 */
async function reconcile(x: FormReader, f: FormDefinition, quarter: Quarter) {
  const { db, cat, forms, s, lang } = x;
  const rc = f.reconcile!;
  const other = forms.get(rc.of.form)!;
  // the quarter to ask the other form for, so that its population is the cohort's quarter
  const otherQuarter = quarterBefore(quarter, f.population.quartersBack - other.population.quartersBack);
  const own = cellOf(f, rc.own), of = cellOf(other, rc.of);
  const ownQuery = formQuery(x, quarter), ofQuery = formQuery(x, otherQuarter);
  const ownIds = cellIdsQuery(db, cat, f, ownQuery, own.table, own.row, own.column);
  const asides = f.exclude.filter((e) => rc.except?.includes(e.id)).map((e) => e.when);
  const ofIds = cellIdsAsideQuery(db, cat, other, ofQuery, of.table, of.row, of.column, asides);
  // a case the other form counts and the cohort does not is 'missing', one only the cohort counts 'extra'
  const missing = db
    .selectFrom('a')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('b').select('b.id').whereRef('b.id', '=', 'a.id'))))
    .select(['a.id as id', sql<string>`'missing'`.as('side')]);
  const extra = db
    .selectFrom('b')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('a').select('a.id').whereRef('a.id', '=', 'b.id'))))
    .select(['b.id as id', sql<string>`'extra'`.as('side')]);
  // the reason of the form that leaves a difference out: the cohort's for a missing one, the other's for an extra one
  const reason = sql`case d.side when 'missing' then ${reasonOfQuery(db, cat, f, ownQuery, 'd.id')} else ${reasonOfQuery(db, cat, other, ofQuery, 'd.id')} end`;
  // a difference the reader may open: the case table's read scope on it
  const visible = opensCase(x);
  const opens = visible ? sql<boolean>`exists (${db.selectFrom('tbcase as c').select(sql`1`.as('one')).where(sql<SqlBool>`c.id = d.id`).where(visible)})` : sql<boolean>`true`;
  const row = (await db
    .with((cte) => cte('o').materialized(), () => ofIds)
    .with((cte) => cte('a').materialized(), () => db.selectFrom('o').select('o.id').where('o.aside', '=', false))
    .with((cte) => cte('b').materialized(), () => ownIds)
    .with((cte) => cte('d').materialized(), () => missing.unionAll(extra as any))
    .selectNoFrom([
      sql<number>`(select count(*) from a)`.as('expected'),
      sql<number>`(select count(*) from b)`.as('counted'),
      sql<number>`(select count(*) from o where o.aside)`.as('elsewhere'),
      sql<number>`(select count(*) from d)`.as('count'),
      sql<number>`(select count(*) from d where not ${opens})`.as('hidden'),
      sql<any[]>`(select coalesce(json_agg(l order by l.registration_date, l.case_number), '[]') from (
          select d.id, ${reason} as reason, d.side, c.case_number, c.registration_date, lp.last_name, lp.name, lp.middle_name, lu.name as unit_name
            from d cross join lateral (select * from tbcase c where c.id = d.id and c.workspace_id = ${s.workspaceId} limit 1) c
            left join patient lp on lp.id = c.patient_id left join unit lu on lu.id = c.notification_unit_id
           where ${opens}
           order by c.registration_date, c.case_number limit ${LIST_LIMIT}) l)`.as('list'),
    ] as any)
    .executeTakeFirst()) as { expected: unknown; counted: unknown; elsewhere: unknown; count: unknown; hidden: unknown; list: any[] };
  return {
    form: { id: other.id, code: pick(other.code, lang) },
    expected: Number(row.expected),
    counted: Number(row.counted),
    setAside: { count: Number(row.elsewhere), reasons: f.exclude.filter((e) => rc.except?.includes(e.id)).map((e) => pick(e.label, lang)) },
    differences: {
      count: Number(row.count),
      hidden: Number(row.hidden),
      list: row.list.map((r: any) => ({ ...listed(r.side === 'extra' ? other : f, r, lang), side: r.side as 'missing' | 'extra' })),
    },
  };
}

/**
 * The counted cases of one cell as a condition on the case list's `tbcase as t`, and their number.
 * @example const { where, count } = await formCellCases(reader, form, quarter, table, row, column);
 */
export async function formCellCases(x: FormReader, f: FormDefinition, quarter: Quarter, table: FormTable, row: FormTable['rows'][number], column: FormTable['columns'][number]) {
  const ids = cellIdsQuery(x.db, x.cat, f, formQuery(x, quarter), table, row, column);
  return { where: (q: any) => q.where('t.id', 'in', ids), count: await countOf(x.db, ids) };
}
