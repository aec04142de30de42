/**
 * `GET /api/cases/contact/{contactId}/tpt`: a contact's TPT course as its card shows it —
 * the course (or null: none recorded yet), its regimen, the intake calendar in the treatment's shape
 * (`FollowupMonth`, one per month from the start to the completion deadline, with the planned days,
 * the recorded ones and each month's adherence as of today), the adherence so far, the doses taken
 * towards completion and those the regimen needs, and what the reader may do: change the course,
 * record intake. In the reader's view (404 outside it).
 *
 * @example await tptView(ctx, s, contactId) // { course: { status: 'ON_TPT', … }, regimen: { code: '3HP', … }, taken: 4, needed: 11, followup: [...], editable: true, … }
 */
import { t } from '../../engine/i18n.ts';
import { kysely } from '../../server/db/kysely.ts';
import { fail } from '../../server/http/errors.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { todayOf } from '../../server/http/time-zone.ts';
import { TableStore } from '../../server/tbl/store.ts';
import type { Tptcourse } from '../../engine/generated/index.ts';
import type { AppContext, Row, Session } from '../../server/types.ts';
import { monthAdherence, percentOf } from '../treatment/adherence.ts';
import { dayOf, dayOfYmd, daysInMonth, isoOf } from '../../engine/day-numbers.ts';
import { decodeDays } from '../treatment/days.ts';
import { monthsOf as calendarMonths } from '../treatment/plan.ts';
import type { FollowupMonth } from '../treatment/types.ts';
import { calendarSpan, dosesTaken, plannedCount, plannedInMonth } from './plan.ts';
import { monthsOf, regimenOf } from './rows.ts';
import { completionDeadline, RUNNING, type TptStatus } from './rules.ts';

export interface TptView {
  contactId: string;
  course: Row<Tptcourse> | null;
  regimen: { id: string; code: string; name: string; frequency: string; weeks: number; doses: number; minDoses: number; windowWeeks: number } | null;
  followup: FollowupMonth[];
  adherence: { plannedDays: number; takenDays: number; percent: number | null };
  /** Doses taken from the start to the completion deadline, and the regimen's doses that complete it. */
  taken: number;
  needed: number | null;
  deadline: string | null;
  /** The reader may change the course (create, edit, start, status, end). */
  canChange: boolean;
  /** The reader may record intake now (the course runs). */
  editable: boolean;
}

export async function tptView(ctx: AppContext, s: Session, contactId: string): Promise<TptView> {
  const em = ctx.orm.em.fork();
  const contacts = TableStore.of(ctx.registry, ctx.registry.table('contact'), em, s, 'read');
  if (!(await contacts.exists(contactId))) throw fail(404, t(s.lang, 'msg.notFound'), 'contactId');
  const writable = hasPermission(s, 'CASECONTACT_EDT') && (await TableStore.of(ctx.registry, ctx.registry.table('contact'), em, s, 'write').exists(contactId));
  const db = kysely(em);
  const found = await db.selectFrom('tptcourse').select('id').where('workspace_id', '=', s.workspaceId).where('contact_id', '=', contactId).executeTakeFirst();
  const course = found ? ((await TableStore.of(ctx.registry, ctx.registry.table('tptcourse'), em, s, 'read').read<Tptcourse>(String(found.id))) ?? null) : null;
  const empty: TptView = { contactId, course, regimen: null, followup: [], adherence: { plannedDays: 0, takenDays: 0, percent: null }, taken: 0, needed: null, deadline: null, canChange: writable, editable: false };
  if (!course) return empty;
  const regimen = await regimenOf(db, s.workspaceId, course.regimenId as string | undefined);
  const withRegimen = { ...empty, regimen: regimen && { id: regimen.id, code: regimen.code, name: regimen.name, frequency: regimen.frequency, weeks: regimen.weeks, doses: regimen.doses, minDoses: regimen.minDoses, windowWeeks: regimen.windowWeeks }, needed: regimen?.minDoses ?? null };
  const start = course.startDate as string | undefined;
  if (!regimen || !start) return withRegimen;
  const stored = await monthsOf(db, s.workspaceId, String(course.id));
  const span = calendarSpan(start, regimen);
  // today, or the day the course ended
  const now = dayOf(todayOf(s));
  const today = course.outcomeDate ? Math.min(now, dayOf(String(course.outcomeDate))) : now;
  const byMonth = new Map(stored.map((m) => [m.year * 100 + m.month, m]));
  const followup: FollowupMonth[] = calendarMonths(span).map(({ year, month }) => {
    const first = dayOfYmd(year, month, 1);
    const last = first + daysInMonth(year, month) - 1;
    const planned = plannedInMonth(start, regimen, year, month);
    const row = byMonth.get(year * 100 + month);
    const days = decodeDays(row?.days ?? '');
    const soFar = monthAdherence({ year, month, planned, days }, isoOf(today));
    return {
      year, month,
      iniDay: Math.max(first, span.ini) - first + 1,
      endDay: Math.min(last, span.end) - first + 1,
      plannedDays: planned.length, planned, days,
      plannedSoFar: soFar.plannedDays, takenDays: soFar.takenDays, adherence: soFar.percent,
      version: row?.version ?? 0,
    };
  });
  const upTo = Math.min(today, span.end);
  const plannedSoFar = upTo >= span.ini ? plannedCount(start, regimen, span.ini, upTo) : 0;
  let taken = 0;
  for (const m of followup) for (const d of m.days) if (d.status !== 'NOT_TAKEN' && dayOfYmd(m.year, m.month, d.day) <= upTo) taken++;
  return {
    ...withRegimen,
    followup,
    adherence: { plannedDays: plannedSoFar, takenDays: taken, percent: percentOf(taken, plannedSoFar) },
    taken: dosesTaken(stored, start, regimen),
    deadline: completionDeadline(start, regimen),
    editable: writable && RUNNING.includes(course.status as TptStatus),
  };
}
