/**
 * A WHO form computed for a reader (issue 23): the place they ask for narrowed to their view, by the
 * unit that notified each case (WHO: a case counts where it was registered, and its outcome in that
 * unit's cohort even after a transfer); every table's cells from one statement (`sql.ts`); the
 * excluded cases of the population with their reasons; for an outcome cohort, its total against the
 * registration form's number for the cohort's quarter, and the cases that differ.
 */
import { sql, type Kysely } from 'kysely';
import { t, type Lang } from '../../engine/i18n.ts';
import type { ReportCatalogue } from '../../engine/report-vars.ts';
import type { Session } from '../../server/types.ts';
import { unitsWhere, type Place } from '../../cases/places/place.ts';
import { conditionVars, type CellRef, type Condition, type FormDefinition, type FormTable, type Label } from './definition.ts';
import { cellIdsQuery, excludedQuery, formStatement, populationDates, type FormQuery } from './sql.ts';
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
}

export interface FormResult {
  form: { id: string; code: string; title: string };
  quarter: Quarter;
  /** The dates of the population: the quarter asked, or the cohort's quarter. */
  period: { from: string; to: string };
  /** A number the reader may not see (its row or column reads a field of an exam type or the treatment they may not read) is null. */
  tables: { id: string; title: string; rows: { id: string; label: string }[]; columns: { id: string; label: string }[]; values: (number | null)[][] }[];
  excluded: { count: number; list: ListedCase[] };
  reconcile?: { form: { id: string; code: string }; expected: number; counted: number; differences: { count: number; list: (ListedCase & { side: 'missing' | 'extra' })[] } };
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

/**
 * The condition placing a case (`tbcase as c`) by its notifying unit in the place, within the
 * reader's view; undefined: the whole workspace.
 * @example formQuery(db, s, { kind: 'unit', unitId }, { year: 2025, quarter: 1 })
 */
export function formQuery(db: Kysely<any>, s: Session, place: Place, quarter: Quarter): FormQuery {
  return { workspaceId: s.workspaceId, place: unitsWhere(db, s, place, 'c.notification_unit_id'), quarter };
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

const iso = (d: unknown) => (d == null ? null : d instanceof Date ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : String(d).slice(0, 10));
const listed = (f: FormDefinition, r: any, lang: Lang): ListedCase => ({
  id: r.id,
  caseNumber: r.case_number ?? null,
  patientName: [r.last_name, r.name, r.middle_name].filter((x) => x).join(' '),
  unitName: r.unit_name ?? null,
  registrationDate: iso(r.registration_date),
  reason: r.reason ?? null,
  reasonLabel: reasonLabel(f, r.reason ?? null, lang),
});

/** How many rows a sub-select gives. */
async function countOf(db: Kysely<any>, q: any): Promise<number> {
  const row = await db.selectFrom(q.as('n')).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A form for the reader: tables, excluded cases, reconciliation.
 * @example await computeForm(db, cat, forms, s, forms.get('tb07')!, formQuery(db, s, { kind: 'workspace' }, { year: 2025, quarter: 1 }), 'ru')
 */
export async function computeForm(db: Kysely<any>, cat: ReportCatalogue, forms: Map<string, FormDefinition>, s: Session, place: Place, f: FormDefinition, quarter: Quarter, lang: Lang, may: MayRead = () => true): Promise<FormResult> {
  const fq = formQuery(db, s, place, quarter);
  const counts = (await formStatement(db, cat, f, fq, LIST_LIMIT).executeTakeFirst()) as Record<string, unknown>;
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
  const excludedCount = Number(counts.excluded ?? 0);
  const excludedRows = (counts.listed ?? []) as any[];
  const result: FormResult = {
    form: { id: f.id, code: pick(f.code, lang), title: pick(f.title, lang) },
    quarter,
    period: populationDates(f, quarter),
    tables,
    excluded: { count: excludedCount, list: excludedRows.map((r) => listed(f, r, lang)) },
  };
  if (f.reconcile) result.reconcile = await reconcile(db, cat, forms, s, place, f, quarter, lang);
  return result;
}

/**
 * The cohort's total against the other form's cell for the cohort's quarter, and the cases in one
 * only, in one statement: both cells' cases read once each (materialized), the differences counted
 * and the first `LIST_LIMIT` listed (JSON) in registration order.
 */
async function reconcile(db: Kysely<any>, cat: ReportCatalogue, forms: Map<string, FormDefinition>, s: Session, place: Place, f: FormDefinition, quarter: Quarter, lang: Lang) {
  const rc = f.reconcile!;
  const other = forms.get(rc.of.form)!;
  // the quarter to ask the other form for, so that its population is the cohort's quarter
  const otherQuarter = quarterBefore(quarter, f.population.quartersBack - other.population.quartersBack);
  const own = cellOf(f, rc.own), of = cellOf(other, rc.of);
  const ownIds = cellIdsQuery(db, cat, f, formQuery(db, s, place, quarter), own.table, own.row, own.column);
  const ofIds = cellIdsQuery(db, cat, other, formQuery(db, s, place, otherQuarter), of.table, of.row, of.column);
  // a case the other form counts and the cohort does not is 'missing' (with the cohort's reason), one only the cohort counts 'extra'
  const ownReasons = excludedQuery(db, cat, f, formQuery(db, s, place, quarter));
  const missing = db
    .selectFrom('a')
    .leftJoin(ownReasons.as('r'), 'r.id', 'a.id')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('b').select('b.id').whereRef('b.id', '=', 'a.id'))))
    .select(['a.id as id', 'r.reason as reason', sql<string>`'missing'`.as('side')]);
  const extra = db
    .selectFrom('b')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('a').select('a.id').whereRef('a.id', '=', 'b.id'))))
    .select(['b.id as id', sql<string | null>`null`.as('reason'), sql<string>`'extra'`.as('side')]);
  const row = (await db
    .with((cte) => cte('a').materialized(), () => ofIds)
    .with((cte) => cte('b').materialized(), () => ownIds)
    .with((cte) => cte('d').materialized(), () => missing.unionAll(extra as any))
    .selectNoFrom([
      sql<number>`(select count(*) from a)`.as('expected'),
      sql<number>`(select count(*) from b)`.as('counted'),
      sql<number>`(select count(*) from d)`.as('count'),
      sql<any[]>`(select coalesce(json_agg(l order by l.registration_date, l.case_number), '[]') from (
          select d.id, d.reason, d.side, c.case_number, c.registration_date, lp.last_name, lp.name, lp.middle_name, lu.name as unit_name
            from d cross join lateral (select * from tbcase c where c.id = d.id and c.workspace_id = ${s.workspaceId} limit 1) c
            left join patient lp on lp.id = c.patient_id left join unit lu on lu.id = c.notification_unit_id
           order by c.registration_date, c.case_number limit ${LIST_LIMIT}) l)`.as('list'),
    ] as any)
    .executeTakeFirst()) as { expected: unknown; counted: unknown; count: unknown; list: any[] };
  return {
    form: { id: other.id, code: pick(other.code, lang) },
    expected: Number(row.expected),
    counted: Number(row.counted),
    differences: { count: Number(row.count), list: row.list.map((r: any) => ({ ...listed(f, r, lang), side: r.side as 'missing' | 'extra' })) },
  };
}

/**
 * The counted cases of one cell as a condition on the case list's `tbcase as t`, and their number.
 * @example const { where, count } = await formCellCases(db, cat, form, fq, 'byGroup', 'new', 'pulmonaryBc');
 */
export async function formCellCases(db: Kysely<any>, cat: ReportCatalogue, f: FormDefinition, fq: FormQuery, table: FormTable, row: FormTable['rows'][number], column: FormTable['columns'][number]) {
  const ids = cellIdsQuery(db, cat, f, fq, table, row, column);
  return { where: (q: any) => q.where('t.id', 'in', ids), count: await countOf(db, ids) };
}
