import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { ActionContext, RowAction, AppContext, Session } from '../../server/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import { fail } from '../../server/http/errors.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { dayOf, dayOfYmd, daysInMonth, isoOf } from '../../engine/day-numbers.ts';
import { onTreatmentRefusal } from './guards.ts';
import { lockCase, monthsOf, refreshAlert, treatmentOf, writerOf, type TreatmentRow } from './rows.ts';

/**
 * The changes of a started treatment: its period, its prescriptions, its
 * cancellation — declared row actions of the case (server/actions: the case locked, CASE_TREAT and
 * {@link onTreatmentRefusal} declared once, one transaction) on the spec's paths; every row goes
 * through the table writer (validation, the tables' hooks, change log, history).
 */

/** The rows of a treatment table of a case, dates as ISO text. */
async function rowsOf(em: Em, table: 'prescription' | 'treatunit', workspaceId: string, caseId: string): Promise<{ id: string; iniDate: string; endDate: string }[]> {
  return kysely(em)
    .selectFrom(table)
    .select(['id', sql<string>`ini_date::text`.as('iniDate'), sql<string>`end_date::text`.as('endDate')])
    .where('workspace_id', '=', workspaceId)
    .where('case_id', '=', caseId)
    .orderBy('ini_date')
    .execute();
}

/** The case's treatment row (its guard made sure there is one). */
const treatmentOfCase = async (x: ActionContext): Promise<TreatmentRow> => (await treatmentOf(x.em, x.session.workspaceId, x.id))!;

/** A standard regimen whose prescriptions change is no longer the standard one. */
async function markIndividualized(em: Em, ctx: AppContext, s: Session, tr: TreatmentRow): Promise<void> {
  if (tr.regimenId && !tr.movedToIndividualized) await writerOf(ctx, s, 'treatment').update(tr.id, { movedToIndividualized: true }, { within: em });
}

/** Clears the calendar's days after `last` (a day number): later months deleted, the last month cut. */
async function trimCalendar(em: Em, ctx: AppContext, s: Session, caseId: string, last: number): Promise<void> {
  const writer = writerOf(ctx, s, 'adherence');
  for (const m of await monthsOf(em, s.workspaceId, caseId)) {
    const first = dayOfYmd(m.year, m.month, 1);
    if (first > last) await writer.delete(m.id, { within: em });
    else if (first + daysInMonth(m.year, m.month) - 1 > last) {
      const keep = last - first + 1;
      const days = m.days.slice(0, keep) + '-'.repeat(m.days.length - keep);
      if (/^-*$/.test(days)) await writer.delete(m.id, { within: em });
      else if (days !== m.days) await writer.update(m.id, { days }, { within: em });
    }
  }
}

const CASE_TREAT = { table: 'tbcase', permission: 'CASE_TREAT', guard: onTreatmentRefusal } as const;

/**
 * `POST /api/cases/case/treatment/update {caseId, endDate}`: the period's new end. Shortening trims
 * the prescriptions and units past it (those starting after it are deleted) and the calendar days
 * after it; lengthening extends the prescriptions and the unit that ran to the old end, so their
 * planned days continue (history entry `treatment.treatmentperiod`).
 * @example POST /api/cases/case/treatment/update { caseId, endDate: '2026-12-31' } → {success: true}
 */
export const changePeriod: RowAction = {
  ...CASE_TREAT,
  name: 'treatmentperiod',
  rowUnchanged: true,
  routes: [{ method: 'POST', path: '/api/cases/case/treatment/update', idField: 'caseId' }],
  uploads: { treatment: ['update'], treatunit: ['update', 'delete'], prescription: ['update', 'delete'] },
  form: 'treatperiod',
  async apply(x) {
    const { em, ctx, session: s, id: caseId, input: doc } = x;
    const tr = await treatmentOfCase(x);
    const end: string = doc.endDate;
    if (end < tr.iniDate) throw fail(400, t(s.lang, 'treatment.endBeforeIni'), 'endDate');
    if (end === tr.endDate) return;
    await writerOf(ctx, s, 'treatment').update(tr.id, { endDate: end }, { within: em, action: 'treatmentperiod' });
    for (const table of ['prescription', 'treatunit'] as const) {
      const writer = writerOf(ctx, s, table);
      for (const r of await rowsOf(em, table, s.workspaceId, caseId)) {
        if (r.iniDate > end) await writer.delete(r.id, { within: em });
        else if (r.endDate > end || (end > tr.endDate && r.endDate === tr.endDate)) await writer.update(r.id, { endDate: end }, { within: em });
      }
    }
    if (end < tr.endDate) await trimCalendar(em, ctx, s, caseId, dayOf(end));
    await refreshAlert(x, caseId);
  },
};

/**
 * `POST /api/cases/case/treatment/prescription/add {caseId, productId, iniDate, endDate, doseUnit,
 * frequency, comments?}`: a new prescription period inside the treatment period; answers its id.
 * @example POST …/prescription/add { caseId, productId, iniDate: '2026-04-01', endDate: '2026-05-31', doseUnit: 2, frequency: 7 } → {success: true, result: '<id>'}
 */
export const addPrescription: RowAction = {
  ...CASE_TREAT,
  name: 'prescriptionadd',
  rowUnchanged: true,
  routes: [{ method: 'POST', path: '/api/cases/case/treatment/prescription/add', idField: 'caseId' }],
  uploads: { prescription: ['create'], treatment: ['update'] },
  form: 'prescription_add',
  async apply(x) {
    const id = await writerOf(x.ctx, x.session, 'prescription').create({ ...x.input, caseId: x.id }, undefined, x.em);
    await markIndividualized(x.em, x.ctx, x.session, await treatmentOfCase(x));
    return { result: id };
  },
};

/**
 * `POST /api/cases/case/treatment/prescription/update {caseId, prescriptionId, …}`: new dates, dose,
 * frequency, comments. With `preservePrevPeriod` and a start after the prescription's, the period is
 * split at `iniDate`: the part before keeps its values (ending the day before) and a new period
 * carries the new ones — the history of what was given is not rewritten. Otherwise the prescription
 * is changed as a whole. Answers the id of the period carrying the new values.
 * @example POST …/prescription/update { caseId, prescriptionId, iniDate: '2026-05-01', endDate: '2026-06-30', doseUnit: 3, frequency: 5, preservePrevPeriod: true }
 */
export const updatePrescription: RowAction = {
  ...CASE_TREAT,
  name: 'prescriptionedit',
  rowUnchanged: true,
  routes: [{ method: 'POST', path: '/api/cases/case/treatment/prescription/update', idField: 'caseId' }],
  uploads: { prescription: ['create', 'update'], treatment: ['update'] },
  form: 'prescription_edit',
  async apply(x) {
    const { ctx, em, session: s } = x;
    const { preservePrevPeriod, prescriptionId, ...values } = x.input;
    const p = await TableStore.of(ctx.registry, ctx.registry.table('prescription'), em, s, 'write').read(prescriptionId);
    if (!p || p.caseId !== x.id) throw fail(404, t(s.lang, 'msg.notFound'), 'prescriptionId');
    const writer = writerOf(ctx, s, 'prescription');
    const next = { comments: undefined, ...values };
    let id = p.id as string;
    if (preservePrevPeriod && values.iniDate > p.iniDate) {
      if (values.endDate < values.iniDate) throw fail(400, t(s.lang, 'treatment.endBeforeIni'), 'endDate');
      await writer.update(p.id, { endDate: isoOf(dayOf(values.iniDate) - 1) }, { within: em });
      id = await writer.create({ caseId: p.caseId, productId: p.productId, ...next }, undefined, em);
    } else {
      await writer.update(p.id, next, { within: em });
    }
    await markIndividualized(em, ctx, s, await treatmentOfCase(x));
    return { result: id };
  },
};

/**
 * `DELETE /api/cases/case/treatment/prescription/delete/{prescriptionId}`: an action of the
 * prescription (history entry `prescription.delete`), refused unless its case is on treatment (the
 * case is locked after the prescription: the spec's path names only the prescription).
 * @example DELETE /api/cases/case/treatment/prescription/delete/6a1… → {success: true}
 */
export const deletePrescription: RowAction = {
  table: 'prescription',
  name: 'delete',
  permission: 'CASE_TREAT',
  routes: [{ method: 'DELETE', path: '/api/cases/case/treatment/prescription/delete/:id', idName: 'prescriptionId' }],
  uploads: { prescription: ['delete'], treatment: ['update'] },
  async guard(x) {
    const tbcase = await lockCase(x.em, x.ctx, x.session, x.row.caseId);
    return onTreatmentRefusal({ ...x, id: tbcase.id, row: tbcase as typeof x.row });
  },
  async apply(x) {
    await markIndividualized(x.em, x.ctx, x.session, (await treatmentOf(x.em, x.session.workspaceId, x.row.caseId))!);
    return { delete: true };
  },
};

/**
 * `POST /api/cases/case/treatment/undo/{caseId}` (the UI asks 'Вы действительно хотите отменить
 * лечение? Все данные о лечении будут удалены .'): deletes every treatment row of the case — the
 * calendar, prescriptions, units, the treatment — and returns the case to NOT_ONTREATMENT without a
 * treatment start date (history entry `undotreatment`).
 * @example POST /api/cases/case/treatment/undo/4f0c… → {success: true}
 */
export const undoTreatment: RowAction = {
  ...CASE_TREAT,
  name: 'undotreatment',
  routes: [{ method: 'POST', path: '/api/cases/case/treatment/undo/:id', idName: 'caseId' }],
  // the calendar's months it deletes too are uploaded under the calendar's own permission (CASE_INTAKEMED_EDT)
  uploads: { treatment: ['delete'], treatunit: ['delete'], prescription: ['delete'] },
  async apply(x) {
    const { em, ctx, session: s, id: caseId } = x;
    const tr = await treatmentOfCase(x);
    const adherence = writerOf(ctx, s, 'adherence');
    for (const m of await monthsOf(em, s.workspaceId, caseId)) await adherence.delete(m.id, { within: em });
    for (const table of ['prescription', 'treatunit'] as const) {
      const writer = writerOf(ctx, s, table);
      for (const r of await rowsOf(em, table, s.workspaceId, caseId)) await writer.delete(r.id, { within: em });
    }
    await writerOf(ctx, s, 'treatment').delete(tr.id, { within: em });
    await refreshAlert(x, caseId);
    return { patch: { state: 'NOT_ONTREATMENT', iniTreatmentDate: undefined } };
  },
};
