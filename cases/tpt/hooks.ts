/**
 * The TPT tables' rules, kept by the table writer on every write — the course's actions, the generic
 * API (`/api/tbl/tptcourse`, …) and an offline client's upload alike:
 * - a course is placed in its contact's unit (`unitId`, which the unit worklist reads it by);
 * - its status, dates and outcome agree (`rules.ts` `consistencyRefusal`); a course that starts with
 *   this write meets the start's rules and gets its expected end and the dose of its weight band from
 *   the regimen; one that ends "completed" has the regimen's doses taken; its regimen and weight stay
 *   once it has started;
 * - a calendar month is written only while its course runs, inside the course's time (the start to
 *   the completion deadline) and never ahead of today.
 */
import { t } from '../../engine/i18n.ts';
import type { Tptcourse } from '../../engine/generated/index.ts';
import { kysely } from '../../server/db/kysely.ts';
import { ApiError, fail } from '../../server/http/errors.ts';
import type { HooksOn, ModuleHooks, Session } from '../../server/types.ts';
import { dayOfYmd, daysInMonth, latestToday } from '../../engine/day-numbers.ts';
import { calendarSpan, dosesTaken } from './plan.ts';
import { contactFacts, courseFacts, monthsOf, regimenOf, runsElsewhere } from './rows.ts';
import { bandFor, consistencyRefusal, expectedEnd, outcomeRefusal, RUNNING, startRefusal, type Refusal, type TptStatus } from './rules.ts';

/** 400 on `field` with the refusal's message. */
export const refusalError = (s: Session, r: Refusal, field: string | null) => fail(400, t(s.lang, r.key, r.values), field);

const running = (status: unknown) => RUNNING.includes(status as TptStatus);

const tptcourse: HooksOn<'tptcourse'> = {
  async beforeSave(x) {
    const db = kysely(x.em);
    const ws = x.session.workspaceId;
    const doc = x.doc as Tptcourse;
    const contact = await contactFacts(db, ws, doc.contactId);
    // the course is the contact's unit's: placed and listed there (the reference check refuses an unknown contact)
    if (contact) doc.unitId = contact.unitId ?? undefined;
    const prev = x.prev as (Tptcourse & { id: string }) | undefined;
    if (prev && prev.status !== 'NOT_STARTED' && (prev.regimenId !== doc.regimenId || (prev.weightKg ?? null) !== (doc.weightKg ?? null))) {
      throw refusalError(x.session, { key: 'tptcourse.refuse.regimenAfterStart' }, prev.regimenId !== doc.regimenId ? 'regimenId' : 'weightKg');
    }
    const facts = courseFacts(doc);
    const wrong = consistencyRefusal(facts);
    if (wrong) throw refusalError(x.session, wrong, wrong.field);
    const regimen = await regimenOf(db, ws, doc.regimenId);
    const starts = running(doc.status) && (!prev || prev.status === 'NOT_STARTED');
    if (starts && contact) {
      const other = await runsElsewhere(db, ws, contact.patientId, doc.contactId);
      const refusal = startRefusal({ course: { ...facts, status: 'NOT_STARTED' }, contact, regimen, otherRunning: other }, doc.startDate!);
      if (refusal) throw refusalError(x.session, refusal, 'startDate');
      doc.expectedEndDate = expectedEnd(doc.startDate!, regimen!);
      doc.dose = bandFor(regimen!.bands, doc.weightKg!)!.dose;
    }
    if (doc.outcome === 'COMPLETED' && prev?.outcome !== 'COMPLETED') {
      const taken = regimen && doc.startDate ? dosesTaken(await monthsOf(db, ws, x.id), doc.startDate, regimen) : 0;
      const refusal = outcomeRefusal({ ...facts, status: prev && running(prev.status) ? prev.status : 'ON_TPT' }, regimen, 'COMPLETED', doc.outcomeDate!, taken);
      if (refusal) throw refusalError(x.session, refusal, 'outcome');
    }
  },
};

/** The course of a calendar month, locked (the month's writes on one course wait for each other). */
async function courseOfMonth(x: { em: any; session: Session }, courseId: string) {
  return kysely(x.em)
    .selectFrom('tptcourse')
    .select(['status', 'start_date as startDate', 'regimen_id as regimenId'])
    .where('id', '=', courseId)
    .where('workspace_id', '=', x.session.workspaceId)
    .forUpdate()
    .executeTakeFirst();
}

const dateText = (v: unknown) => (v instanceof Date ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}` : String(v).slice(0, 10));

const tptadherence: HooksOn<'tptadherence'> = {
  async beforeSave(x) {
    const { year, month, days, tptcourseId } = x.doc;
    if (x.prev && x.prev.tptcourseId !== tptcourseId) throw fail(400, t(x.session.lang, 'msg.refNotAllowed'), 'tptcourseId');
    const course = await courseOfMonth(x, tptcourseId);
    if (!course || !running(course.status) || !course.startDate) throw refusalError(x.session, { key: 'tptcourse.refuse.calendarNotRunning' }, null);
    const regimen = await regimenOf(kysely(x.em), x.session.workspaceId, course.regimenId);
    if (!regimen) throw refusalError(x.session, { key: 'tptcourse.refuse.noRegimen' }, null);
    const length = daysInMonth(year, month);
    if (days.length !== length) throw new ApiError(400, [{ field: 'days', msg: `${t(x.session.lang, 'adherence.days')}: ${t(x.session.lang, 'adherence.daysPattern')}` }]);
    const { ini, end } = calendarSpan(dateText(course.startDate), regimen);
    const first = dayOfYmd(year, month, 1);
    if (first + length - 1 < ini || first > end) throw refusalError(x.session, { key: 'tptcourse.refuse.monthOutside' }, 'month');
    const today = latestToday();
    for (let i = 0; i < length; i++) {
      if (days[i] === '-') continue;
      const day = first + i;
      if (day < ini || day > end) throw refusalError(x.session, { key: 'tptcourse.refuse.dayOutside', values: { day: i + 1 } }, 'days');
      if (day > today) throw refusalError(x.session, { key: 'tptcourse.refuse.dayFuture', values: { day: i + 1 } }, 'days');
    }
  },
  async beforeDelete(x) {
    const course = await courseOfMonth(x, x.prev.tptcourseId);
    if (course && !running(course.status)) throw refusalError(x.session, { key: 'tptcourse.refuse.calendarNotRunning' }, null);
  },
};

/** The TPT tables' hooks, by table (`DomainModule.hooks`). */
export const tptHooks: ModuleHooks = { tptcourse, tptadherence };
