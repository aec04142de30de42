import { t } from '../../engine/i18n.ts';
import type { ActionChange, ActionContext, ActionOn, AppContext, FormChoice, Session } from '../../server/types.ts';
import type { Regimen, Tbcase, TreatstartIndividual, TreatstartStandard } from '../../engine/generated/index.ts';
import { fail } from '../../server/http/errors.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { addMonths, dayOf, isoOf } from '../../engine/day-numbers.ts';
import { startRefusal } from './guards.ts';
import { asField, refreshAlert, withFieldPrefix, writerOf } from './rows.ts';
import type { StartPrescription } from './types.ts';

interface NewPrescription {
  productId: string;
  iniDate: string;
  endDate: string;
  doseUnit: number;
  frequency: number;
}

/** A regimen's medicine rows as prescriptions from `ini`: day `iniDay` for `days` days. */
function fromRegimen(medicines: Regimen['medicines'], ini: string): NewPrescription[] {
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

/** A start's body: a standard regimen's (`regimenId`) or an individualized one's (`prescriptions`) form. */
type StartInput = Partial<TreatstartStandard> & Partial<TreatstartIndividual>;

/** The checked body: the dates and unit both forms require, and the one form's own field. */
type StartBody = Pick<TreatstartStandard, 'iniDate' | 'unitId'> & StartInput;

/**
 * Which form a start's body is: the individualized one when it lists `prescriptions` and names no
 * `regimenId`, else the standard one (a body mixing them is checked, and refused, as a standard start).
 */
const startForm: FormChoice = { if: { required: ['prescriptions'], not: { required: ['regimenId'] } }, then: 'treatstart_individual', else: 'treatstart_standard' };

/** In client mode the treatment is in the device's unit (the dialog leaves the unit out); without one, refused on `unitId`. */
function unitOfDevice({ ctx, session: s, input }: { ctx: AppContext; session: Session; input: Partial<StartBody> }): Partial<StartBody> {
  if (!ctx.config.clientMode) return input;
  if (!s.unitId) throw fail(400, t(s.lang, 'treatment.noUnit'), 'unitId');
  return { ...input, unitId: s.unitId };
}

/**
 * Starts the treatment of the case, as {@link startTreatment} declares (its body already checked by
 * the host against the form {@link startForm} names) — with `regimenId`, a standard regimen of the
 * case's classification whose medicine rows become the prescriptions; with `prescriptions`, an
 * individualized one (at least one row). The period runs from
 * `iniDate` to the last prescription's end, in `unitId` (in client mode: the session's unit). The
 * treatment, its unit and prescriptions go through the table writer; the case becomes ONTREATMENT
 * with its `iniTreatmentDate` (history entry `starttreatment`, naming the regimen).
 */
async function start(x: ActionContext<Tbcase> & { input: StartBody }): Promise<ActionChange<Tbcase>> {
  const { ctx, em, session: s, id: caseId, row: tbcase, input: doc } = x;
  const individual = doc.prescriptions !== undefined;
  let prescriptions: NewPrescription[];
  let regimenName: string | undefined;
  if (individual) {
    prescriptions = fromRows(doc.prescriptions ?? [], doc.iniDate);
  } else {
    const regimen = await TableStore.of(ctx.registry, ctx.registry.table('regimen'), em, s, 'read').read<Regimen>(String(doc.regimenId));
    if (!regimen) throw fail(400, t(s.lang, 'msg.refNotAllowed'), 'regimenId');
    if (regimen.classification !== tbcase.classification || regimen.active === false) throw fail(400, t(s.lang, 'treatment.regimenClassification'), 'regimenId');
    prescriptions = fromRegimen(regimen.medicines ?? [], doc.iniDate);
    regimenName = regimen.name;
  }
  if (!prescriptions.length) throw fail(400, t(s.lang, 'treatment.noPrescriptions'), 'prescriptions');
  const endDate = prescriptions.reduce((end, p) => (p.endDate > end ? p.endDate : end), doc.iniDate);
  await writerOf(ctx, s, 'treatment').create({ caseId, regimenId: individual ? undefined : doc.regimenId, movedToIndividualized: false, iniDate: doc.iniDate, endDate }, undefined, em);
  await asField('unitId', () => writerOf(ctx, s, 'treatunit').create({ caseId, unitId: doc.unitId, iniDate: doc.iniDate, endDate }, undefined, em));
  for (const [i, p] of prescriptions.entries()) {
    const create = () => writerOf(ctx, s, 'prescription').create({ caseId, ...p }, undefined, em);
    await (individual ? withFieldPrefix(`prescriptions.${i}`, create) : create());
  }
  await refreshAlert(x, caseId);
  const items = regimenName ? [{ title: t(s.lang, 'treatment.regimen'), value: regimenName }] : [];
  return { patch: { state: 'ONTREATMENT', iniTreatmentDate: doc.iniDate }, items };
}

/**
 * `POST /api/cases/case/treatment/start {caseId, unitId, iniDate, regimenId | prescriptions}`
 * (also `POST /api/tbl/tbcase/{caseId}/action/starttreatment`): CASE_TREAT, on a case
 * {@link startRefusal} does not refuse. One transaction.
 * @example POST /api/cases/case/treatment/start { caseId, unitId, iniDate: '2026-03-02', regimenId } → {success: true}
 */
export const startTreatment: ActionOn<'tbcase', StartBody> = {
  table: 'tbcase',
  name: 'starttreatment',
  permission: 'CASE_TREAT',
  routes: [{ method: 'POST', path: '/api/cases/case/treatment/start', idField: 'caseId' }],
  // started offline, the treatment, its unit and prescriptions arrive as new rows (cases/treatment/pushed.ts starts the case)
  uploads: { treatment: ['create'], treatunit: ['create'], prescription: ['create'] },
  form: startForm,
  completeInput: unitOfDevice,
  guard: startRefusal,
  apply: start,
};
