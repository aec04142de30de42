/**
 * A unit's worklist (issue 21 "What a doctor expects"): what its doctor has to act on today, each
 * row a case on treatment owned by the unit and in the reader's view —
 * - missed doses: planned intake days of the last {@link MISSED_WINDOW_DAYS} days (before today,
 *   inside the treatment period) without a dose taken: marked NOT_TAKEN or not recorded, as the
 *   adherence alert counts them (`cases/treatment/alert.ts`); a day is planned when a prescription
 *   covers it on one of its weekdays (`cases/treatment/plan.ts`);
 * - exams due: a smear or culture the monitoring schedule (`monitoring.ts`) asks for in the current
 *   treatment month, not yet recorded in that month;
 * - no outcome: the treatment's planned end has passed and the case is still open.
 *
 * Each list reads only the unit's cases on treatment whose treatment period it asks about — the
 * index `tbcase (workspace_id, owner_unit_id, state, treatment_end_date)`, the case's copy of its
 * treatment's planned end (migration case_treatment_end): past today (no outcome), reaching the last
 * 14 days (missed doses) or today (exams due) — and reaches their rows by the case's keys
 * (treatment, prescriptions, the window's calendar months, exams), a few lookups per case, so its
 * cost is that of the unit's current treatments, not of every case it ever put on treatment.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Registry } from '../../engine/registry.ts';
import type { Session } from '../../server/types.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { composePatientName } from '../../server/sys/patient-name.ts';
import { WEEKDAYS } from '../treatment/plan.ts';
import { MONITORING } from './monitoring.ts';
import { unitsWhere } from './place.ts';

/** How many days back the missed-dose list looks. */
export const MISSED_WINDOW_DAYS = 14;
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
  /** A list cut at {@link WORKLIST_LIMIT} rows. */
  truncated: boolean;
}

/**
 * The unit's cases on treatment in the reader's view whose treatment's planned end is `op` `day`,
 * with their treatment period — its end read from the case's copy, the column the index orders by
 * (the list past the end reads its first rows in that order, not all of them sorted).
 */
function casesOnTreatment(db: Kysely<any>, s: Session, unitId: string, op: '<' | '>=', day: RawBuilder<unknown>) {
  return db
    .selectFrom('tbcase as t')
    .select(['t.id', 't.case_number', 't.classification', 't.patient_id', 't.treatment_end_date as end_date'])
    // its treatment's start, one lookup by the treatment's unique key (workspace, case) per case (a
    // join was planned as a scan of every treatment); a case with a planned end has its treatment
    .select((eb) => eb.selectFrom('treatment as tr').select('tr.ini_date').where('tr.workspace_id', '=', s.workspaceId).whereRef('tr.case_id', '=', 't.id').as('ini_date'))
    .where('t.workspace_id', '=', s.workspaceId)
    .where('t.state', '=', 'ONTREATMENT')
    .where(unitsWhere(db, s, { kind: 'unit', unitId }, 't.owner_unit_id')!)
    .where('t.treatment_end_date', op, day);
}

/** SQL of the weekday bit mask (bit 0 Monday) a prescription's frequency plans (`plan.ts`). */
const weekdayMask = (col: string) =>
  sql.raw(`(case ${col} ${Object.entries(WEEKDAYS).map(([n, days]) => `when ${Number(n)} then ${days.reduce((m, d) => m | (1 << (d - 1)), 0)}`).join(' ')} else 0 end)`);

const rowCase = (s: Session, r: Record<string, any>): WorklistCase => ({
  caseId: r.id,
  caseNumber: r.case_number ?? null,
  classification: r.classification,
  patient: composePatientName({ name: r.name, middleName: r.middle_name, lastName: r.last_name }, s.patientNameComposition),
});

/**
 * The cases with a planned day of the last 14 days (today excluded: its dose may still come) without
 * a dose taken, most such days first.
 * @example await missedDoses(db, s, unitId, '2026-11-26') // [{ patient: 'Осмонов Нурлан', plannedDays: 10, notTaken: 2, notRecorded: 1, lastTaken: '2026-11-24', … }]
 */
export async function missedDoses(db: Kysely<any>, s: Session, unitId: string, today: string): Promise<MissedDosesRow[]> {
  // per case: the window inside its treatment period, the days its prescriptions plan there, the
  // window's (at most two) calendar months — each read once by the case's keys, the days computed
  const rows = await sql<Record<string, any>>`
    with c as (${casesOnTreatment(db, s, unitId, '>=', sql`${today}::date - ${MISSED_WINDOW_DAYS}::int`)}),
    w as (
      select c.id, greatest(c.ini_date, ${today}::date - ${MISSED_WINDOW_DAYS}::int) as lo, least(c.end_date, ${today}::date - 1) as hi
        from c where greatest(c.ini_date, ${today}::date - ${MISSED_WINDOW_DAYS}::int) <= least(c.end_date, ${today}::date - 1)
    ),
    d as (
      select distinct w.id, g.day::date as day
        from w join prescription rx on rx.workspace_id = ${s.workspaceId} and rx.case_id = w.id and rx.ini_date <= w.hi and rx.end_date >= w.lo
        cross join generate_series(greatest(rx.ini_date, w.lo), least(rx.end_date, w.hi), interval '1 day') g(day)
       where (${weekdayMask('rx.frequency')} >> (extract(isodow from g.day)::int - 1)) & 1 = 1
    ),
    a as (
      select w.id, a.year, a.month, a.days
        from w join adherence a on a.workspace_id = ${s.workspaceId} and a.case_id = w.id
         -- the window's months as a range of the unique key (workspace, case, year, month)
         and (a.year, a.month) >= (extract(year from w.lo)::int, extract(month from w.lo)::int)
         and (a.year, a.month) <= (extract(year from w.hi)::int, extract(month from w.hi)::int)
    ),
    st as (
      select d.id, d.day, coalesce(nullif(substr(a.days, extract(day from d.day)::int, 1), ''), '-') as status
        from d left join a on a.id = d.id and a.year = extract(year from d.day)::int and a.month = extract(month from d.day)::int
    ),
    m as (
      select st.id, count(*)::int as planned, count(*) filter (where status = 'N')::int as not_taken,
             count(*) filter (where status not in ('D', 'S', 'N'))::int as not_recorded,
             to_char(max(day) filter (where status in ('D', 'S')), 'YYYY-MM-DD') as last_taken
        from st group by st.id having count(*) filter (where status not in ('D', 'S')) > 0
    )
    select c.id, c.case_number, c.classification, p.name, p.middle_name, p.last_name, m.planned, m.not_taken, m.not_recorded, m.last_taken
      from m join c on c.id = m.id join patient p on p.id = c.patient_id
     order by m.not_taken + m.not_recorded desc, p.last_name, p.name, c.id
     limit ${WORKLIST_LIMIT + 1}`.execute(db);
  return rows.rows.map((r) => ({ ...rowCase(s, r), plannedDays: r.planned, notTaken: r.not_taken, notRecorded: r.not_recorded, lastTaken: r.last_taken ?? null }));
}

/**
 * The smears and cultures the monitoring schedule asks for in each case's current treatment month
 * and that month has none of, the month ending soonest first.
 * @example await examsDue(db, registry, s, unitId, '2026-11-26') // [{ exam: 'EXAM_CULTURE', month: 3, from: '2026-11-10', to: '2026-12-09', … }]
 */
export async function examsDue(db: Kysely<any>, registry: Registry, s: Session, unitId: string, today: string): Promise<ExamDueRow[]> {
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
    with c as (${casesOnTreatment(db, s, unitId, '>=', sql`${today}::date`)}),
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
export async function noOutcome(db: Kysely<any>, s: Session, unitId: string, today: string): Promise<NoOutcomeRow[]> {
  const rows = await sql<Record<string, any>>`
    with c as (${casesOnTreatment(db, s, unitId, '<', sql`${today}::date`)})
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
export async function unitWorklist(db: Kysely<any>, registry: Registry, s: Session, unitId: string, today: string): Promise<Worklist> {
  const treat = hasPermission(s, registry.table('treatment').meta.permission!);
  const intake = hasPermission(s, registry.table('adherence').meta.permission!);
  const [missed, exams, open] = await Promise.all([
    intake ? missedDoses(db, s, unitId, today) : null,
    treat ? examsDue(db, registry, s, unitId, today) : null,
    treat ? noOutcome(db, s, unitId, today) : null,
  ]);
  const lists = [missed, exams, open];
  const truncated = lists.some((l) => l && l.length > WORKLIST_LIMIT);
  const cut = <T>(l: T[] | null) => l && l.slice(0, WORKLIST_LIMIT);
  return { missedDoses: cut(missed), examsDue: cut(exams), noOutcome: cut(open), truncated };
}
