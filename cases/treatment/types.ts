/**
 * The treatment tab's contract: what
 * `GET /api/cases/case/treatment/{caseId}` answers and what the other treatment calls take. Shared by
 * the server (`cases/treatment/`) and the tab (`ui/cases/case/tabs/TreatmentTab.tsx`). Dates are ISO
 * `YYYY-MM-DD`. Every body is also a form schema (`TREATMENT_FORMS`), so the dialog renders from
 * `POST /api/tbl/<form>/form` and the server checks the same limits.
 *
 * @example
 *   const r: TreatmentView = await (await fetch(`/api/cases/case/treatment/${caseId}`)).json();
 *   if (r.started) console.log(r.period.ini, r.adherence.percent);
 */

/** A day's intake: directly observed, self-administered, or not taken. */
export type DayStatus = 'DOTS' | 'SELF_ADMIN' | 'NOT_TAKEN';

/** A referenced row by its id and name. */
export interface Named {
  id: string;
  name: string;
}

/** A stretch of treatment in one unit (a transfer moves the rest of it to another). */
export interface TreatmentUnitPeriod {
  ini: string;
  end: string;
  unit: Named;
}

/** One period of a prescription: the row to edit or delete is `prescriptionId`. */
export interface PrescriptionPeriod {
  prescriptionId: string;
  ini: string;
  end: string;
  /** Units per dose, 1–10 (1–12 from an individualized start). */
  doseUnit: number;
  /** Doses per week, 1–7 (shown n/7). */
  frequency: number;
  comments: string | null;
}

/** A product's prescriptions, periods in date order. */
export interface ProductPrescriptions {
  /** `name` is the product's full name, `shortName` its short one (HRZE 75/150/400/275). */
  product: Named & { shortName?: string };
  periods: PrescriptionPeriod[];
}

export interface DayEntry {
  day: number;
  status: DayStatus;
}

/** One calendar month of the treatment period. */
export interface FollowupMonth {
  year: number;
  /** 1–12. */
  month: number;
  /** First and last day of the month inside the treatment period. */
  iniDay: number;
  endDay: number;
  /** How many days of the month are planned (from the prescriptions' frequencies). */
  plannedDays: number;
  /** Which days are planned (`plannedDays` of them), ascending. */
  planned: number[];
  /** Recorded days, ascending. */
  days: DayEntry[];
  /** Planned days that have come (up to today, or the outcome date of a closed case): what adherence counts against. */
  plannedSoFar: number;
  /** Recorded days up to that day that are not NOT_TAKEN. */
  takenDays: number;
  /** takenDays / plannedSoFar as 0–100 (rounded), null when no planned day has come (`adherence.ts`). */
  adherence: number | null;
  /** The stored month's version (0: nothing stored yet): a save sends it back, a stale one is refused with 409. */
  version: number;
}

/** The adherence alert (`cases/treatment/alert.ts`). */
export interface TreatmentAlert {
  /** A stretch of 14 or more days of the treatment so far without a dose taken. */
  missedRun: boolean;
  /** The longest such stretch, in days (0 when none). */
  longestMissedDays: number;
  /** Whole months since the last dose taken (or the start), up to today: 2 or more is WHO LOST_FOLLOWUP. */
  monthsWithoutDoses: number;
}

export interface TreatmentNotStarted {
  started: false;
  /** The session may start treatment here (CASE_TREAT, and the case's state admits it: cases/workflow/rules.ts). */
  canStart: boolean;
  /** Why the case's state does not admit a start now, in the reader's language ('Лечение начинают только подтверждённому случаю'). */
  startRefusal?: string;
  /** The session works in client (offline) mode: no treatment-unit picker. */
  clientMode: boolean;
}

export interface TreatmentStarted {
  started: true;
  regimen: Named | null;
  /** A standard regimen whose prescriptions were changed since. */
  movedToIndividualized: boolean;
  period: { ini: string; end: string };
  /** Days elapsed of the period, 0–100. */
  progress: number;
  units: TreatmentUnitPeriod[];
  prescriptions: ProductPrescriptions[];
  followup: FollowupMonth[];
  /** Over the period up to today: planned days so far, doses taken, takenDays / plannedDays as 0–100. */
  adherence: { plannedDays: number; takenDays: number; percent: number | null };
  alert: TreatmentAlert;
  /** The session may read the calendar (CASE_INTAKEMED); without it `followup` is empty and `adherence` counts nothing. */
  calendar?: boolean;
  /** The calendar may be saved: the case is ONTREATMENT and the session holds CASE_INTAKEMED_EDT. */
  editable: boolean;
  /** The treatment may be changed (period, prescriptions, cancel): CASE_TREAT and the case ONTREATMENT. */
  canChange: boolean;
  clientMode: boolean;
}

export type TreatmentView = TreatmentNotStarted | TreatmentStarted;

/** A row of an individualized start. */
export interface StartPrescription {
  productId: string;
  /** 1–12. */
  doseUnit: number;
  /** 1–7. */
  frequency: number;
  /** The month of treatment it starts in, 1–24. */
  monthIni: number;
  /** 1–24. */
  months: number;
}

/** `POST /api/cases/case/treatment/start`: `regimenId` (standard) or `prescriptions` (individualized). */
export interface StartBody {
  caseId: string;
  /** Required unless client mode (then the session's unit). */
  unitId?: string;
  iniDate: string;
  regimenId?: string;
  prescriptions?: StartPrescription[];
}

/** `POST /api/cases/case/treatment/update`: the period's new end. */
export interface PeriodBody {
  caseId: string;
  endDate: string;
}

/** `POST /api/cases/case/treatment/prescription/add`. */
export interface PrescriptionAddBody {
  caseId: string;
  productId: string;
  iniDate: string;
  endDate: string;
  /** 1–10. */
  doseUnit: number;
  /** 1–7. */
  frequency: number;
  comments?: string;
}

/** `POST /api/cases/case/treatment/prescription/update`: with `preservePrevPeriod`, the period is split at `iniDate`. */
export interface PrescriptionUpdateBody {
  caseId: string;
  prescriptionId: string;
  iniDate: string;
  endDate: string;
  doseUnit: number;
  frequency: number;
  comments?: string;
  preservePrevPeriod: boolean;
}

/** `POST /api/cases/case/treatment/followup`: the month's recorded days (the month is replaced). */
export interface FollowupBody {
  caseId: string;
  year: number;
  month: number;
  days: DayEntry[];
  /** The month's version the user saw (`FollowupMonth.version`); the answer's `result.version` is the new one. */
  version?: number;
}

/** Every call answers `{success: true, result?}` or a 4xx `{success: false, errors: [{field, msg}]}`. */
export interface TreatmentResult {
  success: boolean;
  errors?: { field: string | null; msg: string }[];
}

/**
 * The form schemas of the dialogs (`POST /api/tbl/<name>/form` → `{schema, uiSchema}`); each is the
 * body above without `caseId` (and `prescriptionId`), which the dialog adds.
 */
export const TREATMENT_FORMS = {
  startStandard: 'treatstart_standard',
  startIndividualized: 'treatstart_individual',
  period: 'treatperiod',
  prescriptionAdd: 'prescription_add',
  prescriptionEdit: 'prescription_edit',
} as const;
