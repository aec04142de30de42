import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext, Session, Doc } from '../../server/types.ts';
import { fail } from '../../server/http/errors.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { checkBody } from './body.ts';
import { dayOf, dayOfYmd, daysInMonth, isoOf } from './dates.ts';
import { lockCase, monthsOf, refreshAlert, refuse, treatedCase, treatmentOf, writerOf, type TreatmentRow } from './rows.ts';

/**
 * The changes of a started treatment (spec 001 §4, §5, §7): its period, its prescriptions, its
 * cancellation. Each runs in one transaction on the locked case, needs the case ONTREATMENT, and
 * writes every row through the table writer (validation, the tables' hooks, change log, history).
 */

/** The rows of a treatment table of a case, dates as ISO text. */
async function rowsOf(em: Em, table: 'prescription' | 'treatunit', workspaceId: string, caseId: string): Promise<Doc[]> {
  return kysely(em)
    .selectFrom(table)
    .select(['id', sql<string>`ini_date::text`.as('iniDate'), sql<string>`end_date::text`.as('endDate')])
    .where('workspace_id', '=', workspaceId)
    .where('case_id', '=', caseId)
    .orderBy('ini_date')
    .execute();
}

/** A standard regimen whose prescriptions change is no longer the standard one. */
async function markIndividualized(em: Em, ctx: AppContext, s: Session, tr: TreatmentRow): Promise<void> {
  if (tr.regimenId && !tr.movedToIndividualized) await writerOf(ctx, s, 'treatment').update(tr.id, { movedToIndividualized: true }, { within: em });
}

/**
 * `POST /api/cases/case/treatment/update {caseId, endDate}`: the period's new end. Shortening trims
 * the prescriptions and units past it (those starting after it are deleted) and the calendar days
 * after it; lengthening extends the prescriptions and the unit that ran to the old end, so their
 * planned days continue.
 * @example await changePeriod(ctx, s, { caseId, endDate: '2026-12-31' })
 */
export async function changePeriod(ctx: AppContext, s: Session, body: Doc): Promise<void> {
  const { ids, doc } = checkBody(ctx, s, 'treatperiod', body, ['caseId']);
  await ctx.orm.em.fork().transactional(async (em) => {
    const { treatment: tr } = await treatedCase(em, ctx, s, ids.caseId);
    const end: string = doc.endDate;
    if (end < tr.iniDate) throw fail(400, t(s.lang, 'treatment.endBeforeIni'), 'endDate');
    if (end === tr.endDate) return;
    await writerOf(ctx, s, 'treatment').update(tr.id, { endDate: end }, { within: em, action: 'treatmentperiod' });
    for (const table of ['prescription', 'treatunit'] as const) {
      const writer = writerOf(ctx, s, table);
      for (const r of await rowsOf(em, table, s.workspaceId, ids.caseId)) {
        if (r.iniDate > end) await writer.delete(r.id, { within: em });
        else if (r.endDate > end || (end > tr.endDate && r.endDate === tr.endDate)) await writer.update(r.id, { endDate: end }, { within: em });
      }
    }
    if (end < tr.endDate) await trimCalendar(em, ctx, s, ids.caseId, dayOf(end));
    await refreshAlert(em, ctx, s.workspaceId, ids.caseId);
  });
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

/**
 * `POST /api/cases/case/treatment/prescription/add`: a new prescription period inside the treatment period.
 * @example await addPrescription(ctx, s, { caseId, productId, iniDate: '2026-04-01', endDate: '2026-05-31', doseUnit: 2, frequency: 7 })
 */
export async function addPrescription(ctx: AppContext, s: Session, body: Doc): Promise<string> {
  const { ids, doc } = checkBody(ctx, s, 'prescription_add', body, ['caseId']);
  return ctx.orm.em.fork().transactional(async (em) => {
    const { treatment: tr } = await treatedCase(em, ctx, s, ids.caseId);
    const id = await writerOf(ctx, s, 'prescription').create({ ...doc, caseId: ids.caseId }, undefined, em);
    await markIndividualized(em, ctx, s, tr);
    return id;
  });
}

/** The prescription in the session's write view and the case it belongs to (locked, on treatment). */
async function prescriptionOf(em: Em, ctx: AppContext, s: Session, prescriptionId: string, caseId?: string) {
  const p = await TableStore.of(ctx.registry, ctx.registry.table('prescription'), em, s, 'write').read(prescriptionId);
  if (!p || (caseId && p.caseId !== caseId)) throw fail(404, t(s.lang, 'msg.notFound'), 'prescriptionId');
  const { treatment } = await treatedCase(em, ctx, s, p.caseId);
  return { p, treatment };
}

/**
 * `POST /api/cases/case/treatment/prescription/update`: new dates, dose, frequency, comments. With
 * `preservePrevPeriod` and a start after the prescription's, the period is split at `iniDate`: the
 * part before keeps its values (ending the day before) and a new period carries the new ones — the
 * history of what was given is not rewritten. Otherwise the prescription is changed as a whole.
 * @example await updatePrescription(ctx, s, { caseId, prescriptionId, iniDate: '2026-05-01', endDate: '2026-06-30', doseUnit: 3, frequency: 5, preservePrevPeriod: true })
 */
export async function updatePrescription(ctx: AppContext, s: Session, body: Doc): Promise<string> {
  const { ids, doc } = checkBody(ctx, s, 'prescription_edit', body, ['caseId', 'prescriptionId']);
  const { preservePrevPeriod, ...values } = doc;
  return ctx.orm.em.fork().transactional(async (em) => {
    const { p, treatment } = await prescriptionOf(em, ctx, s, ids.prescriptionId, ids.caseId);
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
    await markIndividualized(em, ctx, s, treatment);
    return id;
  });
}

/**
 * `DELETE /api/cases/case/treatment/prescription/delete/{prescriptionId}`.
 * @example await deletePrescription(ctx, s, prescriptionId)
 */
export async function deletePrescription(ctx: AppContext, s: Session, prescriptionId: string): Promise<void> {
  await ctx.orm.em.fork().transactional(async (em) => {
    const { treatment } = await prescriptionOf(em, ctx, s, prescriptionId);
    await writerOf(ctx, s, 'prescription').delete(prescriptionId, { within: em });
    await markIndividualized(em, ctx, s, treatment);
  });
}

/**
 * `POST /api/cases/case/treatment/undo/{caseId}` (the UI asks 'Вы действительно хотите отменить
 * лечение? Все данные о лечении будут удалены .'): deletes every treatment row of the case — the
 * calendar, prescriptions, units, the treatment — and returns the case to NOT_ONTREATMENT without a
 * treatment start date (history entry `undotreatment`).
 * @example await undoTreatment(ctx, s, caseId)
 */
export async function undoTreatment(ctx: AppContext, s: Session, caseId: string): Promise<void> {
  await ctx.orm.em.fork().transactional(async (em) => {
    const tbcase = await lockCase(em, ctx, s, caseId);
    const tr = await treatmentOf(em, s.workspaceId, caseId);
    if (!tr) throw refuse(s, 'treatment.notStarted');
    if (tbcase.state !== 'ONTREATMENT') throw refuse(s, 'treatment.notOnTreatment');
    const adherence = writerOf(ctx, s, 'adherence');
    for (const m of await monthsOf(em, s.workspaceId, caseId)) await adherence.delete(m.id, { within: em });
    for (const table of ['prescription', 'treatunit'] as const) {
      const writer = writerOf(ctx, s, table);
      for (const r of await rowsOf(em, table, s.workspaceId, caseId)) await writer.delete(r.id, { within: em });
    }
    await writerOf(ctx, s, 'treatment').delete(tr.id, { within: em });
    await writerOf(ctx, s, 'tbcase').update(caseId, { state: 'NOT_ONTREATMENT', iniTreatmentDate: undefined }, { within: em, action: 'undotreatment' });
    await refreshAlert(em, ctx, s.workspaceId, caseId);
  });
}
