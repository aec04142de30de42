import { t } from '../../engine/i18n.ts';
import type { AppContext, Session, Doc } from '../../server/types.ts';
import { fail } from '../../server/http/errors.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { treatmentStartRefusal } from '../workflow/rules.ts';
import { validationModeOf } from '../workflow/validation-mode.ts';
import { checkBody } from './body.ts';
import { addMonths, dayOf, isoOf } from './dates.ts';
import { asField, lockCase, refreshAlert, refuse, treatmentOf, withFieldPrefix, writerOf } from './rows.ts';
import type { StartPrescription } from './types.ts';

interface NewPrescription {
  productId: string;
  iniDate: string;
  endDate: string;
  doseUnit: number;
  frequency: number;
}

/** A regimen's medicine rows as prescriptions from `ini`: day `iniDay` for `days` days. */
function fromRegimen(medicines: Doc[], ini: string): NewPrescription[] {
  const start = dayOf(ini);
  return medicines.map((m) => ({
    productId: m.medicineId,
    iniDate: isoOf(start + m.iniDay),
    endDate: isoOf(start + m.iniDay + m.days - 1),
    doseUnit: m.defaultDoseUnit,
    frequency: m.defaultFrequency,
  }));
}

/** The individualized table's rows as prescriptions: from month `monthIni` of treatment for `months` months. */
function fromRows(rows: StartPrescription[], ini: string): NewPrescription[] {
  return rows.map((r) => ({
    productId: r.productId,
    iniDate: addMonths(ini, r.monthIni - 1),
    endDate: isoOf(dayOf(addMonths(ini, r.monthIni - 1 + r.months)) - 1),
    doseUnit: r.doseUnit,
    frequency: r.frequency,
  }));
}

/**
 * `POST /api/cases/case/treatment/start` (spec 001 §5, §7): starts the treatment of a case that
 * `treatmentStartRefusal` admits (cases/workflow/rules.ts: confirmed, not closed, not yet treated,
 * validated where the workspace asks it before treatment) — with `regimenId`, a standard regimen of the case's
 * classification whose medicine rows become the prescriptions; with `prescriptions`, an
 * individualized one (at least one row). The period runs from `iniDate` to the last prescription's
 * end, in `unitId` (in client mode: the session's unit). The case becomes ONTREATMENT with its
 * `iniTreatmentDate`. One transaction; every row through the table writer (history entries: the
 * case's `starttreatment`, the treatment, each prescription, the unit).
 *
 * @example await startTreatment(ctx, s, { caseId, unitId, iniDate: '2026-03-02', regimenId })
 */
export async function startTreatment(ctx: AppContext, s: Session, body: Doc): Promise<void> {
  const individual = body.prescriptions !== undefined && body.regimenId === undefined;
  if (ctx.config.clientMode) {
    if (!s.unitId) throw fail(400, t(s.lang, 'treatment.noUnit'), 'unitId');
    body = { ...body, unitId: s.unitId };
  }
  const { ids, doc } = checkBody(ctx, s, individual ? 'treatstart_individual' : 'treatstart_standard', body, ['caseId']);
  const caseId = ids.caseId;
  await ctx.orm.em.fork().transactional(async (em) => {
    const tbcase = await lockCase(em, ctx, s, caseId);
    const refusal = treatmentStartRefusal(tbcase, await validationModeOf(em, s.workspaceId, tbcase.classification));
    if (refusal) throw refuse(s, refusal);
    if (await treatmentOf(em, s.workspaceId, caseId)) throw refuse(s, 'treatment.alreadyStarted');
    let prescriptions: NewPrescription[];
    let regimenName: string | undefined;
    if (individual) {
      prescriptions = fromRows(doc.prescriptions, doc.iniDate);
    } else {
      const regimen = await TableStore.of(ctx.registry, ctx.registry.table('regimen'), em, s, 'read').read(doc.regimenId);
      if (!regimen) throw fail(400, t(s.lang, 'msg.refNotAllowed'), 'regimenId');
      if (regimen.classification !== tbcase.classification || regimen.active === false) throw fail(400, t(s.lang, 'treatment.regimenClassification'), 'regimenId');
      prescriptions = fromRegimen(regimen.medicines ?? [], doc.iniDate);
      regimenName = regimen.name;
    }
    if (!prescriptions.length) throw fail(400, t(s.lang, 'treatment.noPrescriptions'), 'prescriptions');
    const endDate = prescriptions.reduce((end, p) => (p.endDate > end ? p.endDate : end), doc.iniDate);
    const items = regimenName ? [{ title: t(s.lang, 'treatment.regimen'), value: regimenName }] : [];
    await writerOf(ctx, s, 'tbcase').update(caseId, { state: 'ONTREATMENT', iniTreatmentDate: doc.iniDate }, { within: em, action: 'starttreatment', items });
    await writerOf(ctx, s, 'treatment').create({ caseId, regimenId: individual ? undefined : doc.regimenId, movedToIndividualized: false, iniDate: doc.iniDate, endDate }, undefined, em);
    await asField('unitId', () => writerOf(ctx, s, 'treatunit').create({ caseId, unitId: doc.unitId, iniDate: doc.iniDate, endDate }, undefined, em));
    for (const [i, p] of prescriptions.entries()) {
      const create = () => writerOf(ctx, s, 'prescription').create({ caseId, ...p }, undefined, em);
      await (individual ? withFieldPrefix(`prescriptions.${i}`, create) : create());
    }
    await refreshAlert(em, ctx, s.workspaceId, caseId);
  });
}
