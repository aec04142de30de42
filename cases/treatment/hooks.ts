import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import { kysely } from '../../server/db/kysely.ts';
import { ApiError, fail } from '../../server/http/errors.ts';
import type { Adherence, Prescription, Tbcase } from '../../engine/generated/index.ts';
import type { Em } from '../../server/db/orm.ts';
import type { HooksOn, ModuleHooks, SaveContext, Session, TableHooks } from '../../server/types.ts';
import { dayOf, dayOfYmd, daysInMonth, isoOf, latestToday } from '../../engine/day-numbers.ts';
import { startPushedTreatment } from './pushed.ts';
import { systemDelete, systemInsert, systemUpdate } from '../../server/tbl/system-write.ts';
import { refreshAlert, refuse, treatmentOf } from './rows.ts';

/**
 * The rules of the treatment tables, kept by the table writer on every write — the treatment calls
 * and the generic API (`/api/tbl/adherence`, …) alike: dates in order and inside the treatment
 * period, the calendar written only while the case is ONTREATMENT and never ahead of today, a row
 * never moved to another case; and the alert column (`alert.ts`) refreshed after each calendar write.
 */

/** 400 on `field` with the message `key`. */
const fieldError = (x: { session: Session }, field: string, key: string, vars: Record<string, unknown> = {}) => fail(400, t(x.session.lang, key, vars), field);

/** What every treatment row has: its case, and (but the calendar) a period. */
type TreatmentRow = { caseId: string; iniDate?: string; endDate?: string };

/** A row stays with its case. */
function sameCase(x: SaveContext<TreatmentRow>): void {
  if (x.prev && x.prev.caseId !== x.doc.caseId) throw fieldError(x, 'caseId', 'msg.refNotAllowed');
}

/** The end date is not before the start date. */
function datesInOrder(x: SaveContext<TreatmentRow>): void {
  if (x.doc.iniDate && x.doc.endDate && x.doc.endDate < x.doc.iniDate) throw fieldError(x, 'endDate', 'treatment.endBeforeIni');
}

/** The case's state (locked: the calls on one case wait for each other). */
async function caseState(x: { em: Em; session: Session }, caseId: string): Promise<string | undefined> {
  const r = await kysely(x.em).selectFrom('tbcase').select('state').where('id', '=', caseId).where('workspace_id', '=', x.session.workspaceId).forUpdate().executeTakeFirst();
  return r?.state;
}

/** A prescription lies inside the treatment period of its case. */
async function insidePeriod(x: SaveContext<Prescription>): Promise<void> {
  const tr = await treatmentOf(x.em, x.session.workspaceId, x.doc.caseId);
  if (!tr) throw refuse(x.session, 'treatment.notStarted');
  if (x.doc.iniDate < tr.iniDate) throw fieldError(x, 'iniDate', 'treatment.outsidePeriod');
  if (x.doc.endDate > tr.endDate) throw fieldError(x, 'endDate', 'treatment.outsidePeriod');
}

/** A calendar month: the case on treatment, the month in its period, each recorded day inside it and not ahead of today. */
async function calendarRules(x: SaveContext<Adherence>): Promise<void> {
  const { year, month, days, caseId } = x.doc;
  if ((await caseState(x, caseId)) !== 'ONTREATMENT') throw refuse(x.session, 'treatment.calendarNotOnTreatment');
  const tr = await treatmentOf(x.em, x.session.workspaceId, caseId);
  if (!tr) throw refuse(x.session, 'treatment.notStarted');
  const length = daysInMonth(year, month);
  if (days.length !== length) throw new ApiError(400, [{ field: 'days', msg: `${t(x.session.lang, 'adherence.days')}: ${t(x.session.lang, 'adherence.daysPattern')}` }]);
  const first = dayOfYmd(year, month, 1);
  const ini = dayOf(tr.iniDate);
  const end = dayOf(tr.endDate);
  if (first + length - 1 < ini || first > end) throw fieldError(x, 'month', 'treatment.monthOutside');
  const today = latestToday();
  for (let i = 0; i < length; i++) {
    if (days[i] === '-') continue;
    const day = first + i;
    if (day < ini || day > end) throw fieldError(x, 'days', 'treatment.dayOutside', { day: i + 1 });
    if (day > today) throw fieldError(x, 'days', 'treatment.dayFuture', { day: i + 1 });
  }
}

const adherence: HooksOn<'adherence'> = {
  async beforeSave(x) {
    sameCase(x);
    await calendarRules(x);
  },
  async afterSave(x) {
    await refreshAlert(x, x.doc.caseId);
  },
  async beforeDelete(x) {
    if ((await caseState(x, x.prev.caseId)) !== 'ONTREATMENT') throw refuse(x.session, 'treatment.calendarNotOnTreatment');
    await refreshAlert(x, x.prev.caseId, { year: x.prev.year, month: x.prev.month, days: null });
  },
};

const prescription: HooksOn<'prescription'> = {
  async beforeSave(x) {
    sameCase(x);
    datesInOrder(x);
    await insidePeriod(x);
  },
};

const periodRow: TableHooks<TreatmentRow> = {
  beforeSave(x) {
    sameCase(x);
    datesInOrder(x);
  },
};

/** The treatment tables' hooks, by table (`DomainModule.hooks`). */
export const treatmentHooks: ModuleHooks = { adherence, prescription, treatment: { ...periodRow, afterPush: startPushedTreatment }, treatunit: periodRow };

/**
 * A case moved to another unit while on treatment (cases/workflow/transfer.ts): its treatment
 * units follow. Transfer out splits the unit's stretch at the move date (the receiving unit from
 * then on); undoing it gives the stretch back to the sending unit; confirming with another move
 * date moves the split.
 * The rows are part of the transfer — one action, all of it or none, under the rights of the user
 * who may transfer (the action's guard said so): they go through the writer's system door (cause
 * `'action'`: versions bumped, the change fed, the case's transfer entry tells them), not through
 * the user's write view, which a transfer out has just taken the case out of.
 */
async function followTransfer(x: SaveContext<Tbcase>): Promise<void> {
  const prev = x.prev;
  if (!prev) return;
  const moved = prev.ownerUnitId !== x.doc.ownerUnitId;
  const redated = !moved && prev.transferring && !x.doc.transferring && x.doc.moveDate && x.doc.moveDate !== prev.moveDate;
  if (!moved && !redated) return;
  const tr = await treatmentOf(x.em, x.session.workspaceId, x.id);
  if (!tr) return;
  const rows = await unitRows(x, x.id);
  const last = rows.at(-1);
  if (!last) return;
  const update = (id: string, values: Partial<TreatUnit>) => systemUpdate(x, 'treatunit', id, values, 'action');
  if (moved && x.doc.transferring && x.doc.moveDate) {
    const at: string = x.doc.moveDate < tr.iniDate ? tr.iniDate : x.doc.moveDate > last.endDate ? last.endDate : x.doc.moveDate;
    if (at <= last.iniDate) await update(last.id, { unitId: x.doc.ownerUnitId });
    else {
      await update(last.id, { endDate: isoOf(dayOf(at) - 1) });
      await systemInsert(x, 'treatunit', crypto.randomUUID(), { caseId: x.id, unitId: x.doc.ownerUnitId, iniDate: at, endDate: last.endDate }, 'action');
    }
  } else if (moved) {
    const before = rows.at(-2);
    if (before && before.unitId === x.doc.ownerUnitId) {
      await systemDelete(x, 'treatunit', last.id, 'action');
      await update(before.id, { endDate: last.endDate });
    } else await update(last.id, { unitId: x.doc.ownerUnitId });
  } else {
    const before = rows.at(-2);
    const at = x.doc.moveDate; // set: `redated` asks for it
    if (before && at && at > before.iniDate && at <= last.endDate) {
      await update(before.id, { endDate: isoOf(dayOf(at) - 1) });
      await update(last.id, { iniDate: at });
    }
  }
}

/** A treatment unit row as followTransfer reads it. */
type TreatUnit = { id: string; unitId: string; iniDate: string; endDate: string };

/** The case's treatment units, in date order. */
async function unitRows(x: { em: Em; session: Session }, caseId: string): Promise<TreatUnit[]> {
  return kysely(x.em)
    .selectFrom('treatunit')
    .select(['id', 'unit_id as unitId', sql<string>`ini_date::text`.as('iniDate'), sql<string>`end_date::text`.as('endDate')])
    .where('workspace_id', '=', x.session.workspaceId)
    .where('case_id', '=', caseId)
    .orderBy('ini_date')
    .execute() as any;
}

/**
 * The case's hook of the treatment: a transfer the case's save records moves the treatment's unit
 * rows with it (after the case's other hooks: listed after them in the module's hooks).
 * @example hooks: [{ tbcase: caseNumbering }, { tbcase: treatmentCaseHooks }]
 */
export const treatmentCaseHooks: HooksOn<'tbcase'> = {
  afterSave: (x) => followTransfer(x),
};
