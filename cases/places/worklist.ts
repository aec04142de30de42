/**
 * A unit's worklist: what its doctor has to act on today, each
 * row a case on treatment owned by the unit and in the reader's view —
 * - missed doses: planned intake days of the last {@link MISSED_WINDOW_DAYS} days (before today,
 *   inside the treatment period) without a dose taken: marked NOT_TAKEN or not recorded, as the
 *   adherence alert counts them (`cases/treatment/alert.ts`); a day is planned when a prescription
 *   covers it on one of its weekdays (`cases/treatment/plan.ts`);
 * - exams due: a smear or culture the monitoring schedule (`monitoring.ts`) asks for in the current
 *   treatment month, not yet recorded in that month;
 * - no outcome: the treatment's planned end has passed and the case is still open;
 * - contacts waiting for evaluation and TPT doses missed (`cases/contacts/worklist.ts`).
 *
 * Each list reads only the unit's cases on treatment whose treatment period it asks about — the
 * index `tbcase (workspace_id, owner_unit_id, state, treatment_end_date)`, the case's copy of its
 * treatment's period (migrations case_treatment_end, case_treatment_ini): past today (no outcome),
 * reaching the last 14 days (missed doses) or today (exams due) — and reaches their rows by the
 * case's keys (prescriptions, the window's calendar months, exams), a few lookups per case, so its
 * cost is that of the unit's current treatments, not of every case it ever put on treatment.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import type { Registry } from '../../engine/registry.ts';
import type { Session } from '../../server/types.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { composePatientName } from '../../server/sys/patient-name.ts';
import type { StoredMonth } from '../treatment/alert.ts';
import type { PlanPrescription } from '../treatment/plan.ts';
import { MISSED_WINDOW_DAYS, missedDosesOf } from './missed-doses.ts';
import { MONITORING } from './monitoring.ts';
import { unitsWhere } from './place.ts';
import { contactsToEvaluate, tptMissedDoses, type ContactToEvaluateRow, type TptMissedRow } from '../contacts/worklist.ts';

/** Rows a list shows at most (a unit's worklist is read, not paged). */
export const WORKLIST_LIMIT = 200;

/** What every row names: the case and its patient. */
export interface WorklistCase {
  caseId: string;
  caseNumber: string | null;
  classification: string;
  patient: string;
}
export interface MissedDosesRow extends WorklistCase {
  /** Planned days of the window. */
  plannedDays: number;
  /** Of them: marked NOT_TAKEN, and not recorded. */
  notTaken: number;
  notRecorded: number;
  /** The last day of the window with a dose taken, or null. */
  lastTaken: string | null;
}
export interface ExamDueRow extends WorklistCase {
  exam: 'EXAM_MICROSCOPY' | 'EXAM_CULTURE';
  /** The treatment month (1-based) and its first and last day. */
  month: number;
  from: string;
  to: string;
}
export interface NoOutcomeRow extends WorklistCase {
  /** The treatment's planned end. */
  endDate: string;
  daysOverdue: number;
}
export interface Worklist {
  /** Null: the reader may not read the intake calendar (CASE_INTAKEMED). */
  missedDoses: MissedDosesRow[] | null;
  /** Null (both): the reader may not read the treatment (CASE_TREAT). */
  examsDue: ExamDueRow[] | null;
  noOutcome: NoOutcomeRow[] | null;
  /** Null (both): the reader may not read contacts (CASECONTACT); `cases/contacts/worklist.ts`. */
  contactsToEvaluate: ContactToEvaluateRow[] | null;
  tptMissedDoses: TptMissedRow[] | null;
  /** A list cut at {@link WORKLIST_LIMIT} rows. */
  truncated: boolean;
}

/**
 * The unit's cases on treatment in the reader's view whose treatment's planned end is `op` `day`,
 * with their treatment period read from the case's copy of it (`treatment_ini_date`,
 * `treatment_end_date`: the end is the column the index orders by, so the list past the end reads its
 * first rows in that order, not all of them sorted).
 */
function casesOnTreatment(db: Kysely<Database>, s: Session, unitId: string, op: '<' | '>=', day: RawBuilder<string>) {
  return db
    .selectFrom('tbcase as t')
    .select(['t.id', 't.case_number', 't.classification', 't.patient_id', 't.treatment_ini_date as ini_date', 't.treatment_end_date as end_date'])
    .where('t.workspace_id', '=', s.workspaceId)
    .where('t.state', '=', 'ONTREATMENT')
    .where(unitsWhere(db, s, { kind: 'unit', unitId }, 't.owner_unit_id')!)
    .where('t.treatment_end_date', op, day);
}

const rowCase = (s: Session, r: Record<string, any>): WorklistCase => ({
  caseId: r.id,
  caseNumber: r.case_number ?? null,
  classification: r.classification,
  patient: composePatientName({ name: r.name, middleName: r.middle_name, lastName: r.last_name }, s.patientNameComposition),
});

/**
 * The cases with a planned day of the last 14 days (today excluded: its dose may still come) without
 * a dose taken (`missed-doses.ts`), most such days first. The database reads, per case on treatment
 * whose period reaches the window, its prescriptions and the window's (at most two) calendar months
 * by the case's keys; the days are counted here, and only the cases the page shows (the ties at its
 * edge included) are ordered by patient in SQL.
 * @example await missedDoses(db, s, unitId, '2026-11-26') // [{ patient: 'Осмонов Нурлан', plannedDays: 10, notTaken: 2, notRecorded: 1, lastTaken: '2026-11-24', … }]
 */
export async function missedDoses(db: Kysely<Database>, s: Session, unitId: string, today: string): Promise<MissedDosesRow[]> {
  const lo = sql`greatest(c.ini_date, ${today}::date - ${MISSED_WINDOW_DAYS}::int)`;
  const hi = sql`least(c.end_date, ${today}::date - 1)`;
  const rows = await sql<{ id: string; patient_id: string; ini: string; end: string; rx: PlanPrescription[]; months: StoredMonth[] | null; prior: StoredMonth | null }>`
    with c as materialized (${casesOnTreatment(db, s, unitId, '>=', sql<string>`${today}::date - ${MISSED_WINDOW_DAYS}::int`)})
    select c.id, c.patient_id, c.ini_date::text as ini, c.end_date::text as "end",
           (select coalesce(json_agg(json_build_object('iniDate', rx.ini_date, 'endDate', rx.end_date, 'frequency', rx.frequency)), '[]')
              from prescription rx where rx.workspace_id = ${s.workspaceId} and rx.case_id = c.id and rx.ini_date <= ${hi} and rx.end_date >= ${lo}) as rx,
           -- the window's months as a range of the unique key (workspace, case, year, month)
           (select json_agg(json_build_object('year', a.year, 'month', a.month, 'days', a.days))
              from adherence a where a.workspace_id = ${s.workspaceId} and a.case_id = c.id
               and (a.year, a.month) >= (extract(year from ${lo})::int, extract(month from ${lo})::int)
               and (a.year, a.month) <= (extract(year from ${hi})::int, extract(month from ${hi})::int)) as months,
           -- the last dose before the window: the latest earlier month holding one (DOTS or self-administered)
           (select json_build_object('year', a.year, 'month', a.month, 'days', a.days)
              from adherence a where a.workspace_id = ${s.workspaceId} and a.case_id = c.id
               and (a.year, a.month) < (extract(year from ${lo})::int, extract(month from ${lo})::int) and a.days ~ '[DS]'
             order by a.year desc, a.month desc limit 1) as prior
      from c where c.ini_date is not null and ${lo} <= ${hi}`.execute(db);
  const missed = rows.rows.flatMap((r) => {
    const m = missedDosesOf({ ini: r.ini, end: r.end, prescriptions: r.rx, months: [...(r.prior ? [r.prior] : []), ...(r.months ?? [])], today });
    return m ? [{ id: r.id, patientId: r.patient_id, ...m, missed: m.notTaken + m.notRecorded }] : [];
  });
  // the page: the cases missing more days than the first one left out, and all those tied with it
  const edge = [...missed].sort((a, b) => b.missed - a.missed)[WORKLIST_LIMIT]?.missed ?? -1;
  const shown = missed.filter((m) => m.missed >= edge);
  if (!shown.length) return [];
  const byId = new Map(shown.map((m) => [m.id, m]));
  const named = await sql<Record<string, any>>`
    select t.id, t.case_number, t.classification, p.name, p.middle_name, p.last_name
      from unnest(${shown.map((m) => m.id)}::uuid[], ${shown.map((m) => m.missed)}::int[]) x(id, missed)
      join tbcase t on t.id = x.id join patient p on p.id = t.patient_id
     order by x.missed desc, p.last_name, p.name, t.id
     limit ${WORKLIST_LIMIT + 1}`.execute(db);
  return named.rows.map((r) => {
    const m = byId.get(r.id)!;
    return { ...rowCase(s, r), plannedDays: m.plannedDays, notTaken: m.notTaken, notRecorded: m.notRecorded, lastTaken: m.lastTaken };
  });
}

/**
 * The smears and cultures the monitoring schedule asks for in each case's current treatment month
 * and that month has none of, the month ending soonest first.
 * @example await examsDue(db, registry, s, unitId, '2026-11-26') // [{ exam: 'EXAM_CULTURE', month: 3, from: '2026-11-10', to: '2026-12-09', … }]
 */
export async function examsDue(db: Kysely<Database>, registry: Registry, s: Session, unitId: string, today: string): Promise<ExamDueRow[]> {
  const tableOf = (exam: string) => [...registry.tables.values()].find((d) => d.meta.followup === exam)!.name;
  // the schedule as rows (classification, exam, month or 0 for every month)
  const rules = Object.entries(MONITORING).flatMap(([cla, list]) =>
    list.flatMap((r) => (r.months === 'every' ? [[cla, r.exam, 0]] : r.months.map((m) => [cla, r.exam, m]))),
  );
  const schedule = sql.join(rules.map(([cla, exam, month]) => sql`(${cla}, ${exam}, ${month}::int)`));
  const exams = [...new Set(rules.map((r) => r[1] as string))];
  const recorded = sql.join(
    exams.map((exam) => sql`(w.exam = ${exam} and exists (select 1 from ${sql.table(tableOf(exam))} e where e.case_id = w.id and e.date between w.win_ini and w.win_end))`),
    sql` or `,
  );
  const rows = await sql<Record<string, any>>`
    with c as materialized (${casesOnTreatment(db, s, unitId, '>=', sql<string>`${today}::date`)}),
    k as (
      -- the whole months from the start to today: n, or n − 1 when the start's day comes later in today's month
      select c.*, (extract(year from ${today}::date)::int - extract(year from c.ini_date)::int) * 12
                  + extract(month from ${today}::date)::int - extract(month from c.ini_date)::int as n
        from c where c.ini_date <= ${today}::date and c.end_date >= ${today}::date
    ),
    m as (
      select k.*, 1 + least(60, k.n - (case when (k.ini_date + make_interval(months => k.n))::date > ${today}::date then 1 else 0 end)) as month
        from k
    ),
    w as (
      select m.*, r.exam, (m.ini_date + make_interval(months => m.month - 1))::date as win_ini,
             (m.ini_date + make_interval(months => m.month))::date - 1 as win_end
        from m join (values ${schedule}) r(cla, exam, mon) on r.cla = m.classification and (r.mon = 0 or r.mon = m.month)
    )
    select w.id, w.case_number, w.classification, w.exam, w.month, to_char(w.win_ini, 'YYYY-MM-DD') as win_ini,
           to_char(w.win_end, 'YYYY-MM-DD') as win_end, p.name, p.middle_name, p.last_name
      from w join patient p on p.id = w.patient_id
     where not (${recorded})
     order by w.win_end, p.last_name, p.name, w.id, w.exam
     limit ${WORKLIST_LIMIT + 1}`.execute(db);
  return rows.rows.map((r) => ({ ...rowCase(s, r), exam: r.exam, month: r.month, from: r.win_ini, to: r.win_end }));
}

/**
 * The open cases whose treatment's planned end has passed, the longest overdue first.
 * @example await noOutcome(db, s, unitId, '2026-11-26') // [{ endDate: '2026-10-31', daysOverdue: 26, … }]
 */
export async function noOutcome(db: Kysely<Database>, s: Session, unitId: string, today: string): Promise<NoOutcomeRow[]> {
  const rows = await sql<Record<string, any>>`
    with c as (${casesOnTreatment(db, s, unitId, '<', sql<string>`${today}::date`)})
    select c.id, c.case_number, c.classification, to_char(c.end_date, 'YYYY-MM-DD') as end_date, (${today}::date - c.end_date)::int as overdue,
           p.name, p.middle_name, p.last_name
      from c join patient p on p.id = c.patient_id
     where c.end_date < ${today}::date
     order by c.end_date, p.last_name, p.name, c.id
     limit ${WORKLIST_LIMIT + 1}`.execute(db);
  return rows.rows.map((r) => ({ ...rowCase(s, r), endDate: r.end_date, daysOverdue: r.overdue }));
}

/**
 * The unit's worklist on `today` (ISO), each list only when the reader may read what it comes from.
 * @example await unitWorklist(db, registry, s, unitId, '2026-11-26') // { missedDoses: […], examsDue: […], noOutcome: […], truncated: false }
 */
export async function unitWorklist(db: Kysely<Database>, registry: Registry, s: Session, unitId: string, today: string): Promise<Worklist> {
  const treat = hasPermission(s, registry.table('treatment').meta.permission!);
  const intake = hasPermission(s, registry.table('adherence').meta.permission!);
  const contacts = hasPermission(s, registry.table('contact').meta.permission!);
  const [missed, exams, open, toEvaluate, tptMissed] = await Promise.all([
    intake ? missedDoses(db, s, unitId, today) : null,
    treat ? examsDue(db, registry, s, unitId, today) : null,
    treat ? noOutcome(db, s, unitId, today) : null,
    contacts ? contactsToEvaluate(db, s, unitId, today) : null,
    contacts ? tptMissedDoses(db, s, unitId, today) : null,
  ]);
  const lists = [missed, exams, open, toEvaluate, tptMissed];
  const truncated = lists.some((l) => l && l.length > WORKLIST_LIMIT);
  const cut = <T>(l: T[] | null) => l && l.slice(0, WORKLIST_LIMIT);
  return { missedDoses: cut(missed), examsDue: cut(exams), noOutcome: cut(open), contactsToEvaluate: cut(toEvaluate), tptMissedDoses: cut(tptMissed), truncated };
}
