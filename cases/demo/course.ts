/**
 * The clinical course of one demo case, by the WHO rules a programme follows (2013 definitions,
 * 2020/2021 updates; /work/shared/reference/who-tb-reporting.md): what was found, how it was
 * diagnosed, the regimen its classification and resistance call for, and how it ended — or that it
 * is still going on today. Pure: the exams, calendar and rows follow from it (`plan.ts`).
 */
import { dayOf, isoOf } from '../../engine/day-numbers.ts';
import type { Random } from './random.ts';
import type { DemoCatalogue, DemoRegimen, DemoUnit } from './types.ts';

export type Kind = 'TB' | 'DRTB' | 'NTM' | 'SUSPECT';

/**
 * The kinds of case in the order each quarter receives them: every 17 cases of a quarter hold
 * drug-susceptible and drug-resistant TB, presumptive TB and an NTM case (about 1 in 24: rare).
 */
export const KINDS: Kind[] = ['TB', 'DRTB', 'TB', 'SUSPECT', 'TB', 'TB', 'DRTB', 'TB', 'NTM', 'TB', 'SUSPECT', 'TB', 'DRTB', 'TB', 'TB', 'SUSPECT', 'TB', 'TB', 'DRTB', 'TB', 'TB', 'SUSPECT', 'TB', 'TB'];

/**
 * How many quarters the register spans, the current one included: four years, so each quarter of
 * the last two has its TB 07 cases, its TB 08 cohort (a year earlier) and its DR-TB final-outcome
 * cohort (two years earlier, TB 08 MDR).
 */
export const QUARTERS = 17;

/** A prescription as the treatment start writes it. */
export interface PlannedPrescription {
  productId: string;
  iniDate: string;
  endDate: string;
  doseUnit: number;
  frequency: number;
}

export interface Course {
  kind: Kind;
  gender: 'MALE' | 'FEMALE';
  /** Whole years at registration. */
  age: number;
  unit: DemoUnit;
  classification: 'TB' | 'DRTB' | 'NTM';
  diagnosisType: 'SUSPECT' | 'CONFIRMED';
  registrationGroup: string;
  infectionSite?: 'PULMONARY' | 'EXTRAPULMONARY';
  extrapulmonaryForm?: string;
  diagnosisBasis?: 'BACTERIOLOGICAL' | 'CLINICAL';
  drugResistanceType?: 'MONO_RESISTANCE' | 'POLY_RESISTANCE' | 'RR' | 'MDR' | 'PRE_XDR' | 'XDR';
  /** Day numbers (`dates.ts`). */
  registration: number;
  diagnosis?: number;
  treatment?: {
    ini: number;
    end: number;
    regimen?: DemoRegimen;
    movedToIndividualized: boolean;
    prescriptions: PlannedPrescription[];
    /** The intensive phase's last day (daily observed treatment until then). */
    intensiveEnd: number;
  };
  state: 'NOT_ONTREATMENT' | 'ONTREATMENT' | 'CLOSED';
  outcome?: string;
  outcomeDay?: number;
  /** The last day the calendar records (a dose or a missed dose), when treated. */
  recordedTo?: number;
  /** The last dose taken before a loss to follow-up (the calendar stops there). */
  lastDose?: number;
  /** The month of treatment (1…) from which the smear stays positive: a failure. */
  failsFromMonth?: number;
  /** Month of treatment whose culture is the first negative of the conversion. */
  convertsAtMonth: number;
  validated: boolean;
}

/** The days of an average month: treatment months as the monitoring schedule counts them. */
export const MONTH = 30.44;

/** The first day of the quarter `back` quarters before the one holding `today`, and the quarter's last day. */
export function quarterOf(today: string, back: number): { from: number; to: number } {
  const [y, m] = today.split('-').map(Number);
  const q0 = y * 4 + Math.floor((m - 1) / 3) - back;
  const year = Math.floor(q0 / 4);
  const month = (q0 % 4) * 3 + 1;
  const from = Date.UTC(year, month - 1, 1) / 86_400_000;
  const to = Date.UTC(year, month + 2, 1) / 86_400_000 - 1;
  return { from, to };
}

const AGE_BANDS = { child: 5, young: 12, a25: 22, a35: 20, a45: 17, a55: 13, old: 11 } as const;
const AGE_RANGE: Record<keyof typeof AGE_BANDS, [number, number]> = {
  child: [1, 14], young: [15, 24], a25: [25, 34], a35: [35, 44], a45: [45, 54], a55: [55, 64], old: [65, 84],
};

const EP_FORMS = { PLEURA: 35, PERIPHERAL_LYMPH_NODES: 28, BONES_JOINTS: 10, GENITOURINARY: 8, ABDOMINAL: 7, MENINGES: 5, INTRATHORACIC_LYMPH_NODES: 4, OTHER: 3 };
const TB_GROUPS = { NEW: 78, RELAPSE: 12, TREATMENT_AFTER_LOSS_FOLLOW_UP: 4, TREATMENT_AFTER_FAILURE: 2, OTHER_PREVIOUSLY_TREATED: 2, UNKNOWN_PREVIOUS_TB_TREAT: 2 };
const DRTB_GROUPS = { NEW: 45, RELAPSE: 25, TREATMENT_AFTER_FAILURE: 12, TREATMENT_AFTER_LOSS_FOLLOW_UP: 10, OTHER_PREVIOUSLY_TREATED: 8 };
const RESISTANCE = { RR: 22, MDR: 48, PRE_XDR: 18, XDR: 4, MONO_RESISTANCE: 4, POLY_RESISTANCE: 4 } as const;

/** Outcomes of a finished treatment, by WHO: cure only for bacteriologically confirmed pulmonary TB. */
const OUTCOMES = {
  bacteriological: { CURED: 72, TREAT_COMPLETED: 12, TREAT_FAILED: 3, DIED: 5, LOST_FOLLOWUP: 6, NOT_EVALUATED: 2 },
  clinical: { TREAT_COMPLETED: 85, DIED: 6, LOST_FOLLOWUP: 7, NOT_EVALUATED: 2 },
  drtb: { CURED: 58, TREAT_COMPLETED: 14, TREAT_FAILED: 8, DIED: 9, LOST_FOLLOWUP: 9, NOT_EVALUATED: 2 },
  ntm: { TREAT_COMPLETED: 72, TREAT_FAILED: 10, DIED: 8, LOST_FOLLOWUP: 10 },
} as const;

const prescriptionsOf = (medicines: DemoRegimen['medicines'], ini: number): PlannedPrescription[] =>
  medicines.map((m) => ({ productId: m.productId, iniDate: isoOf(ini + m.iniDay), endDate: isoOf(ini + m.iniDay + m.days - 1), doseUnit: m.doseUnit, frequency: m.frequency }));

/** An individualised regimen: `[short name, dose units, months from, months]` rows. */
function individual(cat: DemoCatalogue, ini: number, rows: [string, number, number, number][]): PlannedPrescription[] {
  return rows.map(([name, dose, from, months]) => ({
    productId: cat.products[name],
    iniDate: isoOf(ini + Math.round(from * MONTH)),
    endDate: isoOf(ini + Math.round((from + months) * MONTH) - 1),
    doseUnit: dose,
    frequency: 7,
  }));
}

const regimen = (cat: DemoCatalogue, code: string) => cat.regimens.find((r) => r.code === code);

/**
 * The regimen a confirmed case starts on `ini`: its classification's, its resistance's, a child's.
 * @example treatmentOf({ classification: 'TB', age: 40 }, catalogue, dayOf('2025-03-01'), r).regimen?.code // 'TB-6M'
 */
export function treatmentOf(c: Pick<Course, 'classification' | 'age' | 'drugResistanceType'>, cat: DemoCatalogue, ini: number, r: Random): NonNullable<Course['treatment']> {
  let reg: DemoRegimen | undefined;
  let prescriptions: PlannedPrescription[];
  let moved = false;
  let intensive = 60;
  if (c.classification === 'TB' && c.age < 15) {
    // children: the dispersible fixed-dose combinations, 2HRZ/4HR (WHO 2022: E added only for extensive disease)
    prescriptions = individual(cat, ini, [['HRZ 50/75/150', c.age < 8 ? 2 : 3, 0, 2], ['HR 50/75', c.age < 8 ? 2 : 3, 2, 4]]);
  } else if (c.classification === 'TB') {
    reg = regimen(cat, 'TB-6M');
  } else if (c.classification === 'NTM') {
    reg = regimen(cat, 'NTM-MAC');
    intensive = 0;
  } else if (c.drugResistanceType === 'MONO_RESISTANCE' || c.drugResistanceType === 'POLY_RESISTANCE') {
    // Hr-TB: 6(H)REZ-Lfx (WHO 2020), no catalogue regimen
    prescriptions = individual(cat, ini, [['R 300', 2, 0, 6], ['E 400', 3, 0, 6], ['Z 500', 3, 0, 6], ['Lfx 250', 4, 0, 6]]);
    intensive = 0;
  } else if (c.drugResistanceType === 'XDR') {
    // fluoroquinolones and bedaquiline lost: an individualised longer regimen
    prescriptions = individual(cat, ini, [['Lzd 600', 1, 0, 18], ['Cfz 100', 1, 0, 18], ['Cs 250', 3, 0, 18], ['Dlm 50', 2, 0, 6], ['PAS 4 г', 2, 0, 18]]);
    intensive = 0;
  } else if (c.drugResistanceType === 'PRE_XDR' || r.chance(0.3)) {
    reg = regimen(cat, 'DRTB-LONG');
    moved = c.drugResistanceType === 'PRE_XDR' && r.chance(0.2);
    intensive = 0;
  } else {
    reg = regimen(cat, 'DRTB-BPALM');
    intensive = 0;
  }
  prescriptions ??= prescriptionsOf(reg!.medicines, ini);
  const end = prescriptions.reduce((e, p) => Math.max(e, dayOf(p.endDate)), ini);
  return { ini, end, regimen: reg, movedToIndividualized: moved, prescriptions, intensiveEnd: ini + intensive - 1 };
}

/** A unit that treats the kind, weighted so the doctor's unit (Bishkek, the second listed) holds the most. */
function unitFor(kind: Kind, classification: Course['classification'], cat: DemoCatalogue, r: Random): DemoUnit {
  const fit = cat.units.filter((u) => (classification === 'DRTB' && kind !== 'SUSPECT' ? u.drtb : classification === 'NTM' ? u.ntm : u.tb));
  const list = fit.length ? fit : cat.units;
  // the demo doctor's unit gets a third of the cases it may hold
  const doctorUnit = list.find((u) => cat.users.some((x) => x.login === 'DOCTOR1' && x.unitId === u.id));
  if (doctorUnit && r.chance(0.33)) return doctorUnit;
  return r.pick(list);
}

/**
 * Plans case `i` (0-based) of the register: quarter `i % QUARTERS` before today's, kind
 * `KINDS[⌊i / QUARTERS⌋ % 24]`.
 * @example planCourse(0, catalogue, new Random(1)) // a drug-susceptible TB case registered this quarter
 */
export function planCourse(i: number, cat: DemoCatalogue, r: Random): Course {
  const today = dayOf(cat.today);
  const kind = KINDS[Math.floor(i / QUARTERS) % KINDS.length];
  const q = quarterOf(cat.today, i % QUARTERS);
  const registration = Math.min(today, q.from + r.int(q.to - q.from + 1));
  const classification: Course['classification'] = kind === 'SUSPECT' ? (r.chance(0.2) ? 'DRTB' : 'TB') : kind;
  const band = r.weighted(AGE_BANDS);
  const age = kind === 'TB' ? r.between(...AGE_RANGE[band]) : r.between(...AGE_RANGE[band === 'child' ? 'young' : band]);
  const c: Course = {
    kind, age, gender: r.chance(kind === 'DRTB' ? 0.68 : 0.6) ? 'MALE' : 'FEMALE',
    unit: unitFor(kind, classification, cat, r), classification,
    diagnosisType: kind === 'SUSPECT' ? 'SUSPECT' : 'CONFIRMED',
    registrationGroup: kind === 'DRTB' ? r.weighted(DRTB_GROUPS) : kind === 'NTM' ? 'NEW' : r.weighted(TB_GROUPS),
    registration, state: 'NOT_ONTREATMENT', convertsAtMonth: Number(r.weighted({ '1': 55, '2': 30, '3': 15 })), validated: false,
  };
  if (kind === 'SUSPECT') return suspect(c, today, r);
  c.diagnosis = registration - r.int(6);
  if (kind === 'TB') {
    c.infectionSite = r.chance(0.85) ? 'PULMONARY' : 'EXTRAPULMONARY';
    if (c.infectionSite === 'EXTRAPULMONARY') c.extrapulmonaryForm = r.weighted(EP_FORMS);
    c.diagnosisBasis = r.chance(c.infectionSite === 'PULMONARY' && c.age >= 15 ? 0.75 : 0.2) ? 'BACTERIOLOGICAL' : 'CLINICAL';
  } else {
    c.infectionSite = kind === 'NTM' || r.chance(0.95) ? 'PULMONARY' : 'EXTRAPULMONARY';
    if (c.infectionSite === 'EXTRAPULMONARY') c.extrapulmonaryForm = 'PERIPHERAL_LYMPH_NODES';
    c.diagnosisBasis = 'BACTERIOLOGICAL';
    if (kind === 'DRTB') c.drugResistanceType = r.weighted(RESISTANCE);
  }
  return treated(c, cat, today, r);
}

/** A presumptive case: open while its tests are under way, then closed (mostly found not to be TB). */
function suspect(c: Course, today: number, r: Random): Course {
  c.registrationGroup = r.weighted({ NEW: 85, RELAPSE: 10, OTHER_PREVIOUSLY_TREATED: 5 });
  const closeDay = c.registration + r.between(14, 40);
  if (closeDay > today) return c;
  c.state = 'CLOSED';
  c.outcome = r.weighted({ NOT_TB: 86, DIED: 4, LOST_FOLLOWUP_BEFORE_TREATMENT: 6, NOT_EVALUATED: 4 });
  c.outcomeDay = closeDay;
  return c;
}

/** A confirmed case: started (or not yet), on treatment, or closed with the outcome WHO's rules allow. */
function treated(c: Course, cat: DemoCatalogue, today: number, r: Random): Course {
  const delay = c.classification === 'DRTB' ? r.between(5, 14) : r.between(0, 3);
  const ini = c.registration + delay;
  c.validated = c.classification === 'DRTB' ? ini <= today || r.chance(0.5) : c.registration < today - 14 || r.chance(0.5);
  // lost or died before a treatment started (WHO: "lost to follow-up" when it never started)
  const before = r.weighted({ none: 96, lost: 3, died: 1 });
  if (before !== 'none') {
    const day = c.registration + r.between(20, 45);
    if (day <= today) {
      c.state = 'CLOSED';
      c.outcome = before === 'lost' ? 'LOST_FOLLOWUP_BEFORE_TREATMENT' : 'DIED';
      c.outcomeDay = day;
    }
    return c;
  }
  if (ini > today) return c; // waiting for the start (a DR-TB case for its validation)
  const tr = treatmentOf(c, cat, ini, r);
  c.treatment = tr;
  c.state = 'ONTREATMENT';
  const table = c.classification === 'DRTB' ? OUTCOMES.drtb : c.classification === 'NTM' ? OUTCOMES.ntm : c.diagnosisBasis === 'BACTERIOLOGICAL' && c.infectionSite === 'PULMONARY' ? OUTCOMES.bacteriological : OUTCOMES.clinical;
  const drawn = r.weighted(table as Record<string, number>);
  // WHO: cure needs a bacteriological response, so only a bacteriologically confirmed pulmonary case is cured
  const outcome = drawn === 'CURED' && !(c.diagnosisBasis === 'BACTERIOLOGICAL' && c.infectionSite === 'PULMONARY') ? 'TREAT_COMPLETED' : drawn;
  const length = tr.end - tr.ini + 1;
  let day: number;
  if (outcome === 'DIED') day = ini + r.between(10, Math.max(11, length - 10));
  else if (outcome === 'LOST_FOLLOWUP') {
    // WHO: treatment interrupted for two consecutive months or more
    c.lastDose = ini + r.between(25, Math.max(26, Math.round(length * 0.7)));
    day = c.lastDose + r.between(61, 75);
  } else if (outcome === 'TREAT_FAILED') {
    c.failsFromMonth = c.classification === 'TB' ? 5 : 6;
    day = ini + Math.round((c.failsFromMonth + 0.3) * MONTH) + r.int(10);
  } else day = tr.end + r.between(1, 20);
  const recorded = Math.min(today - 1, tr.end, c.lastDose ?? Infinity, day);
  c.recordedTo = recorded;
  if (day <= today) {
    c.state = 'CLOSED';
    c.outcome = outcome;
    c.outcomeDay = day;
  } else if (outcome !== 'LOST_FOLLOWUP') {
    // on treatment today: most calendars are written up to yesterday, a few lag (the worklist's missed doses)
    c.recordedTo = recorded - (r.chance(0.05) ? r.between(15, 25) : 0);
  }
  return c;
}
