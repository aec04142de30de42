/**
 * The demo's hand-written cases (`catalogues/demo/13-tbcase.json`: made through the writer with a
 * state, so the catalogues' seed alone — what the tests start from — holds cases in every state) that
 * are on treatment get the treatment their state says they are on when the register is generated:
 * their classification's regimen from their start date, its prescriptions, unit and calendar; their
 * period long over, they stay open — the unit worklist's "past the planned end". Pure planning; the
 * case's copy of the period and its alert column follow through the writer's system door (`demo.ts`).
 */
import type { Tbcase } from '../../engine/generated/index.ts';
import { alertFromOf } from '../treatment/alert.ts';
import { dayOf, isoOf } from '../../engine/day-numbers.ts';
import { calendarOf } from './calendar.ts';
import { treatmentOf, type Course } from './course.ts';
import type { Random } from './random.ts';
import type { DemoCatalogue, DemoRows } from './types.ts';

/** What a hand-written case's treatment sets on it (null: no alert to hold). */
type TreatedCase = { [K in 'treatmentIniDate' | 'treatmentEndDate' | 'adherenceAlertFrom']: Tbcase[K] | null };

/** A case on treatment with no treatment rows. */
export interface UntreatedCase {
  id: string;
  classification: Course['classification'];
  drugResistanceType?: Course['drugResistanceType'];
  ownerUnitId: string;
  iniTreatmentDate: string;
}

/**
 * The treatment rows of each case, and the values its row keeps of them (`treatmentIniDate`,
 * `treatmentEndDate`, `adherenceAlertFrom`) by case id.
 * @example const { rows, cases } = planHandTreatments(untreated, catalogue, r)
 */
export function planHandTreatments(untreated: UntreatedCase[], cat: DemoCatalogue, r: Random): { rows: DemoRows; cases: Map<string, TreatedCase> } {
  const rows: DemoRows = { treatment: [], prescription: [], treatunit: [], adherence: [] };
  const cases = new Map<string, TreatedCase>();
  const id = () => r.uuid();
  for (const c of untreated) {
    const ini = dayOf(c.iniTreatmentDate);
    const tr = treatmentOf({ classification: c.classification, age: 40, drugResistanceType: c.drugResistanceType ?? (c.classification === 'DRTB' ? 'MDR' : undefined) }, cat, ini, r);
    const recordedTo = Math.min(tr.end, dayOf(cat.today) - 1);
    const months = calendarOf({ classification: c.classification, state: 'CLOSED', treatment: tr, recordedTo } as Course, r);
    rows.treatment.push({ id: id(), caseId: c.id, regimenId: tr.regimen?.id, movedToIndividualized: false, iniDate: isoOf(tr.ini), endDate: isoOf(tr.end) });
    for (const p of tr.prescriptions) rows.prescription.push({ id: id(), caseId: c.id, ...p });
    rows.treatunit.push({ id: id(), caseId: c.id, unitId: c.ownerUnitId, iniDate: isoOf(tr.ini), endDate: isoOf(tr.end) });
    for (const m of months) rows.adherence.push({ id: id(), caseId: c.id, ...m });
    cases.set(c.id, { treatmentIniDate: isoOf(tr.ini), treatmentEndDate: isoOf(tr.end), adherenceAlertFrom: alertFromOf({ ini: isoOf(tr.ini), end: isoOf(tr.end), months }) });
  }
  return { rows, cases };
}
