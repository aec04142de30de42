/**
 * What the unit worklist (`cases/places/worklist.ts`) adds for contacts, each list at most
 * {@link WORKLIST_LIMIT} rows, in the reader's view of the unit, read only with CASECONTACT:
 * - contacts waiting for evaluation: registered, not evaluated, no reason given why not — children
 *   under five first (WHO's first priority), then household contacts, then the longest waiting;
 *   read by the index `contact (workspace_id, unit_id, examinated, registration_date)`;
 * - TPT doses missed: the unit's courses on TPT (or on TPT with interruptions; not on hold) with a
 *   planned day of the last 14 days (today excluded) without a dose taken (`cases/tpt/plan.ts`),
 *   read by the index `tptcourse (workspace_id, unit_id, status, expected_end_date)`: only the
 *   courses whose planned days reach the window, and their months of it.
 *
 * @example await contactsToEvaluate(db, s, unitId, '2026-11-26') // [{ person: 'Садыкова Айжан', age: 3, daysWaiting: 6, … }]
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import type { Session } from '../../server/types.ts';
import { composePatientName } from '../../server/sys/patient-name.ts';
import { unitsWhere } from '../places/place.ts';
import { missedTptDoses, TPT_MISSED_WINDOW_DAYS, type StoredMonth } from '../tpt/plan.ts';
import type { TptRegimen } from '../tpt/rules.ts';
import { UNDER_FIVE } from './person.ts';

/** Rows a list shows at most (as the worklist's other lists). */
export const WORKLIST_LIMIT = 200;

export interface WorklistContact {
  contactId: string;
  /** The index case. */
  caseId: string;
  caseNumber: string | null;
  person: string;
  age: number | null;
}
export interface ContactToEvaluateRow extends WorklistContact {
  contactType: string;
  registrationDate: string;
  daysWaiting: number;
}
export interface TptMissedRow extends WorklistContact {
  regimen: string;
  plannedDays: number;
  notTaken: number;
  notRecorded: number;
}

const person = (s: Session, r: Record<string, any>) => composePatientName({ name: r.name, middleName: r.middle_name, lastName: r.last_name }, s.patientNameComposition);

/** The unit's contacts waiting for evaluation, most urgent first (one more than the limit: the caller cuts). */
export async function contactsToEvaluate(db: Kysely<Database>, s: Session, unitId: string, today: string): Promise<ContactToEvaluateRow[]> {
  const rows = await db
    .selectFrom('contact as c')
    .innerJoin('patient as p', 'p.id', 'c.patient_id')
    .innerJoin('tbcase as t', 't.id', 'c.case_id')
    .select(['c.id', 'c.case_id', 't.case_number', 'c.age', 'c.contact_type', sql<string>`c.registration_date::text`.as('registration_date'), sql<number>`(${today}::date - c.registration_date)`.as('waiting'), 'p.name', 'p.middle_name', 'p.last_name'])
    .where('c.workspace_id', '=', s.workspaceId)
    .where(unitsWhere(db, s, { kind: 'unit', unitId }, 'c.unit_id')!)
    .where('c.examinated', '=', false)
    .where('c.not_evaluated_reason', 'is', null)
    .orderBy(sql`coalesce(c.age < ${UNDER_FIVE}, false)`, 'desc')
    .orderBy(sql`c.contact_type = 'household'`, 'desc')
    .orderBy('c.registration_date')
    .orderBy('c.id')
    .limit(WORKLIST_LIMIT + 1)
    .execute();
  return rows.map((r) => ({
    contactId: r.id, caseId: r.case_id, caseNumber: r.case_number ?? null, person: person(s, r), age: r.age == null ? null : Number(r.age),
    contactType: r.contact_type, registrationDate: r.registration_date, daysWaiting: Number(r.waiting),
  }));
}

/** The unit's running courses with a dose missed in the last 14 days, most missed first (one more than the limit). */
export async function tptMissedDoses(db: Kysely<Database>, s: Session, unitId: string, today: string): Promise<TptMissedRow[]> {
  const courses = db
    .selectFrom('tptcourse as tc')
    .select(['tc.id', 'tc.contact_id', 'tc.regimen_id', 'tc.start_date'])
    .where('tc.workspace_id', '=', s.workspaceId)
    .where(unitsWhere(db, s, { kind: 'unit', unitId }, 'tc.unit_id')!)
    .where('tc.status', 'in', ['ON_TPT', 'INTERRUPTED'])
    // planned days end with the expected end: the courses whose planned days reach the window
    .where('tc.expected_end_date', '>=', sql<string>`${today}::date - ${TPT_MISSED_WINDOW_DAYS}::int`)
    .where('tc.start_date', '<', sql<string>`${today}::date`);
  const lo = sql`${today}::date - ${TPT_MISSED_WINDOW_DAYS}::int`;
  const found = await sql<{ id: string; contact_id: string; start_date: string; code: string; frequency: TptRegimen['frequency']; weeks: number; window_weeks: number; months: StoredMonth[] | null }>`
    with k as materialized (${courses})
    select k.id, k.contact_id, to_char(k.start_date, 'YYYY-MM-DD') as start_date, r.code, r.frequency, r.weeks, r.window_weeks,
           -- the window's months as a range of the unique key (course, year, month)
           (select json_agg(json_build_object('year', a.year, 'month', a.month, 'days', a.days))
              from tptadherence a where a.workspace_id = ${s.workspaceId} and a.tptcourse_id = k.id
               and (a.year, a.month) >= (extract(year from ${lo})::int, extract(month from ${lo})::int)) as months
      from k join tptregimen r on r.id = k.regimen_id`.execute(db);
  const missed = found.rows.flatMap((r) => {
    const m = missedTptDoses({ startDate: r.start_date, regimen: { frequency: r.frequency, weeks: Number(r.weeks), windowWeeks: Number(r.window_weeks) }, months: r.months ?? [], today });
    return m ? [{ ...m, id: r.id, contactId: r.contact_id, regimen: r.code, missed: m.notTaken + m.notRecorded }] : [];
  });
  // the page: the courses missing more days than the first one left out, and all those tied with it
  const edge = [...missed].sort((a, b) => b.missed - a.missed)[WORKLIST_LIMIT]?.missed ?? -1;
  const shown = missed.filter((m) => m.missed >= edge);
  if (!shown.length) return [];
  const byContact = new Map(shown.map((m) => [m.contactId, m]));
  const named = await sql<Record<string, any>>`
    select c.id, c.case_id, t.case_number, c.age, p.name, p.middle_name, p.last_name
      from unnest(${shown.map((m) => m.contactId)}::uuid[], ${shown.map((m) => m.missed)}::int[]) x(id, missed)
      join contact c on c.id = x.id join patient p on p.id = c.patient_id join tbcase t on t.id = c.case_id
     order by x.missed desc, p.last_name, p.name, c.id
     limit ${WORKLIST_LIMIT + 1}`.execute(db);
  return named.rows.map((r) => {
    const m = byContact.get(r.id)!;
    return { contactId: r.id, caseId: r.case_id, caseNumber: r.case_number ?? null, person: person(s, r), age: r.age == null ? null : Number(r.age), regimen: m.regimen, plannedDays: m.plannedDays, notTaken: m.notTaken, notRecorded: m.notRecorded };
  });
}
