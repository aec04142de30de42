/**
 * The declared actions of a contact's TPT course, each a transaction through the table
 * writer with its history entry (`server/actions`), mounted on
 * `POST /api/tbl/tptcourse/<id>/action/<name>`; the rules are `rules.ts`, checked again by the
 * table's hooks on every write (`hooks.ts`):
 * - `tptstart {startDate}` — the course starts (ON_TPT): its expected end and dose follow from the
 *   regimen and the weight;
 * - `tptstatus {status, statusDate}` — on TPT, with interruptions, on hold;
 * - `tptclose {outcome, outcomeDate}` — the course ends (COMPLETED) with its outcome; "completed"
 *   only once the regimen's doses are taken in its time;
 * - `tptreopen` — an ended course runs again (a wrong outcome), its outcome cleared;
 * - `tptfollowup {year, month, days, version?}` — a month of the intake calendar, also
 *   `POST /api/cases/contact/tpt/followup {tptcourseId, …}`.
 * All need CASECONTACT_EDT, and the course's contact in the user's write view.
 *
 * @example POST /api/tbl/tptcourse/<id>/action/tptclose {outcome: 'COMPLETED', outcomeDate: '2026-05-24'} → 400 '«Лечение завершено» ставится только после 11 доз схемы 3HP …: принято 10'
 */
import { t } from '../../engine/i18n.ts';
import type { TptClose, TptStart, TptStatus as TptStatusInput } from '../../engine/generated/index.ts';
import { kysely } from '../../server/db/kysely.ts';
import { fail } from '../../server/http/errors.ts';
import type { ActionOn, RowAction } from '../../server/types.ts';
import { followupBody } from '../treatment/calendar.ts';
import { monthDays, saveCalendarMonth } from '../treatment/month-days.ts';
import { writerOf } from '../treatment/rows.ts';
import type { DayEntry } from '../treatment/types.ts';
import { refusalError } from './hooks.ts';
import { dosesTaken } from './plan.ts';
import { contactFacts, courseFacts, monthsOf, regimenOf, runsElsewhere } from './rows.ts';
import { outcomeRefusal, RUNNING, startRefusal, statusRefusal, type TptStatus } from './rules.ts';

const running = (status: unknown) => RUNNING.includes(status as TptStatus);

/**
 * The guard of a step a course takes only while it runs: `refusal` when its status is not a running one.
 * @example guard: onlyWhileRunning('tptcourse.refuse.notRunning')
 */
const onlyWhileRunning = (refusal: string) => ({ row }: { row: object }) => (!running((row as { status?: unknown }).status) ? refusal : undefined);
const PERMISSION = 'CASECONTACT_EDT';

export const startTpt: ActionOn<'tptcourse', TptStart> = {
  table: 'tptcourse',
  name: 'tptstart',
  permission: PERMISSION,
  form: 'tpt_start',
  guard: ({ row }) => (row.status !== 'NOT_STARTED' ? 'tptcourse.refuse.alreadyStarted' : undefined),
  async apply({ em, session: s, row, input }) {
    const db = kysely(em);
    const contact = await contactFacts(db, s.workspaceId, row.contactId);
    if (!contact) throw fail(404, t(s.lang, 'msg.notFound'), 'contactId');
    const regimen = await regimenOf(db, s.workspaceId, row.regimenId);
    const otherRunning = await runsElsewhere(db, s.workspaceId, contact.patientId, row.contactId);
    const refusal = startRefusal({ course: courseFacts(row), contact, regimen, otherRunning }, input.startDate);
    if (refusal) throw refusalError(s, refusal, refusal.key.endsWith('BeforeEligibility') ? 'startDate' : null);
    return { patch: { status: 'ON_TPT', startDate: input.startDate, statusDate: input.startDate } };
  },
};

export const changeTptStatus: ActionOn<'tptcourse', TptStatusInput> = {
  table: 'tptcourse',
  name: 'tptstatus',
  permission: PERMISSION,
  form: 'tpt_status',
  guard: onlyWhileRunning('tptcourse.refuse.notRunning'),
  apply({ session: s, row, input }) {
    const refusal = statusRefusal(courseFacts(row), input.status, input.statusDate);
    if (refusal) throw refusalError(s, refusal, refusal.key.includes('date') || refusal.key.includes('Date') ? 'statusDate' : 'status');
    return { patch: { status: input.status, statusDate: input.statusDate } };
  },
};

export const closeTpt: ActionOn<'tptcourse', TptClose> = {
  table: 'tptcourse',
  name: 'tptclose',
  permission: PERMISSION,
  form: 'tpt_close',
  guard: onlyWhileRunning('tptcourse.refuse.notRunning'),
  async apply({ em, session: s, id, row, input }) {
    const db = kysely(em);
    const regimen = await regimenOf(db, s.workspaceId, row.regimenId);
    const taken = regimen && row.startDate ? dosesTaken(await monthsOf(db, s.workspaceId, id), row.startDate, regimen) : 0;
    const refusal = outcomeRefusal(courseFacts(row), regimen, input.outcome, input.outcomeDate, taken);
    if (refusal) throw refusalError(s, refusal, refusal.key.endsWith('dosesMissing') ? 'outcome' : 'outcomeDate');
    return { patch: { status: 'COMPLETED', outcome: input.outcome, outcomeDate: input.outcomeDate, statusDate: input.outcomeDate } };
  },
};

export const reopenTpt: ActionOn<'tptcourse'> = {
  table: 'tptcourse',
  name: 'tptreopen',
  permission: PERMISSION,
  guard: ({ row }) => (row.status !== 'COMPLETED' ? 'tptcourse.refuse.notEnded' : undefined),
  apply: () => ({ patch: { status: 'ON_TPT', statusDate: undefined, outcome: undefined, outcomeDate: undefined } }),
};

interface MonthInput {
  year: number;
  month: number;
  days: DayEntry[];
  version?: number;
}

/**
 * A month of the course's intake calendar, as a treatment's (`cases/treatment/calendar.ts`): the
 * recorded days replace the stored ones, one row a month written through the table writer, deleted
 * when nothing is left; answers the month's new version (0: nothing stored). A month saved, cleared
 * or made since the `version` the user saw is refused with 409.
 */
export const saveTptMonth: RowAction<MonthInput & Record<string, unknown>> = {
  table: 'tptcourse',
  name: 'tptfollowup',
  permission: PERMISSION,
  rowUnchanged: true,
  routes: [{ method: 'POST', path: '/api/cases/contact/tpt/followup', idField: 'tptcourseId' }],
  input: followupBody,
  guard: onlyWhileRunning('tptcourse.refuse.calendarNotRunning'),
  async apply({ em, ctx, session: s, id, input }) {
    const { year, month, days, version } = input;
    const encoded = monthDays(s.lang, { year, month, days }, 'tptcourse.refuse.dayOutside');
    const writer = writerOf(ctx, s, 'tptadherence');
    return { result: await saveCalendarMonth(em, s, writer, { table: 'tptadherence', parent: { column: 'tptcourse_id', field: 'tptcourseId', id }, year, month }, encoded, version) };
  },
};

/** The TPT course's actions (`DomainModule.actions`). */
export const tptActions: RowAction<any, any>[] = [startTpt, changeTptStatus, closeTpt, reopenTpt, saveTptMonth];
