/**
 * What a case may do next, by its state, diagnosis, treatment and the workspace's validation setting
 * for its classification — pure functions, so the server's guards, the lists of allowed actions and
 * the case page's buttons and dialogs all ask the one rule (tests: `tests/cases/workflow-rules.test.ts`).
 *
 * - **Validation** (`workspace.caseValidationTB|DRTB|NTM`): DISABLED ('Не используется')
 *   — no 'validate' action and no validation label; ENABLED ('Используется') — a case may be validated,
 *   its label says 'Обосновано' or 'Ожидает обоснования'; REQUIRED_BEFORE_TREATMENT_START ('Обязательна
 *   до начала лечения') — the same, and treatment starts only once the case is validated.
 * - **Treatment start**: only a confirmed case (no treatment on a presumptive one), not closed, not
 *   yet treated, validated when its setting asks for it first.
 * - **Transferred out**: until the receiving unit accepts a transferring case, the unit it leaves keeps
 *   it in its lists and counts but only looks at it (and may undo the transfer): the case is the
 *   receiving unit's to act on.
 * - **Outcomes** (WHO 2013 rev. 2020/2021): cured, completed, failed and interrupted need a treatment
 *   that started; before it a case may end as died, lost to follow-up before treatment, not
 *   evaluated, or other. NOT_TB ends a presumptive case through its follow-up, not the close dialog.
 */

/** The workspace setting of case validation for one classification. */
export type ValidationMode = 'DISABLED' | 'ENABLED' | 'REQUIRED_BEFORE_TREATMENT_START';

/** What of a case the rules read (the `tbcase` row as the API reads it). */
export interface CaseFacts {
  state?: string;
  diagnosisType?: string;
  validated?: boolean;
  /** Set while a treatment has started (cleared when it is cancelled). */
  iniTreatmentDate?: string | null;
}

/** Every outcome the close dialog may offer, in the order it lists them (schemas/forms/case_close.json). */
export const CLOSE_OUTCOMES = [
  'CURED', 'TREAT_COMPLETED', 'TREAT_FAILED', 'DIED', 'LOST_FOLLOWUP', 'TREAT_INTERRUPTED',
  'LOST_FOLLOWUP_BEFORE_TREATMENT', 'NOT_EVALUATED', 'OTHER',
] as const;
export type CloseOutcome = (typeof CLOSE_OUTCOMES)[number];

/** Outcomes that say how a treatment ended: only a case whose treatment started may get them. */
const NEED_TREATMENT = new Set<CloseOutcome>(['CURED', 'TREAT_COMPLETED', 'TREAT_FAILED', 'LOST_FOLLOWUP', 'TREAT_INTERRUPTED']);
/** Outcomes only a case that never started treatment may get. */
const BEFORE_TREATMENT = new Set<CloseOutcome>(['LOST_FOLLOWUP_BEFORE_TREATMENT']);

/** Whether the case's treatment has started (it is on treatment, or was before it was closed). */
export const treatmentStarted = (c: CaseFacts): boolean => c.state === 'ONTREATMENT' || !!c.iniTreatmentDate;

/**
 * The outcomes a case may be closed with now: none when closed; with a treatment started the
 * treatment's outcomes, else those that can happen before treatment.
 * @example closeOutcomes({ state: 'NOT_ONTREATMENT', diagnosisType: 'SUSPECT' }) // ['DIED', 'LOST_FOLLOWUP_BEFORE_TREATMENT', 'NOT_EVALUATED', 'OTHER']
 */
export function closeOutcomes(c: CaseFacts): CloseOutcome[] {
  if (c.state === 'CLOSED') return [];
  const treated = treatmentStarted(c);
  return CLOSE_OUTCOMES.filter((o) => outcomeFitsTreatment(o, treated));
}

/**
 * Whether an outcome fits a case whose treatment started (`treated`) or not: cured, completed,
 * failed, lost to follow-up and interrupted only after a start; lost before treatment only without.
 * @example outcomeFitsTreatment('CURED', false) // false
 */
export function outcomeFitsTreatment(outcome: string, treated: boolean): boolean {
  return treated ? !BEFORE_TREATMENT.has(outcome as CloseOutcome) : !NEED_TREATMENT.has(outcome as CloseOutcome);
}

/**
 * What the case's validation label says: 'VALIDATED' ('Обосновано'), 'PENDING' ('Ожидает
 * обоснования'), or null — no label where validation is not used.
 * @example validationStatus({ validated: false }, 'DISABLED') // null
 */
export function validationStatus(c: CaseFacts, mode: ValidationMode): 'VALIDATED' | 'PENDING' | null {
  if (mode === 'DISABLED') return null;
  return c.validated ? 'VALIDATED' : 'PENDING';
}

/**
 * Why the case may not be validated now (an i18n key), or undefined when it may.
 * @example validateRefusal({ validated: false }, 'DISABLED') // 'tbcase.validationNotUsed'
 */
export function validateRefusal(c: CaseFacts, mode: ValidationMode): string | undefined {
  if (mode === 'DISABLED') return 'tbcase.validationNotUsed';
  if (c.validated) return 'tbcase.alreadyValidated';
  return undefined;
}

/**
 * Why the case's treatment may not start now (an i18n key), or undefined when it may.
 * @example treatmentStartRefusal({ state: 'NOT_ONTREATMENT', diagnosisType: 'CONFIRMED', validated: false }, 'REQUIRED_BEFORE_TREATMENT_START') // 'treatment.notValidated'
 */
export function treatmentStartRefusal(c: CaseFacts, mode: ValidationMode): string | undefined {
  if (c.state === 'CLOSED') return 'treatment.closed';
  if (c.diagnosisType !== 'CONFIRMED') return 'treatment.suspect';
  if (treatmentStarted(c)) return 'treatment.alreadyStarted';
  if (mode === 'REQUIRED_BEFORE_TREATMENT_START' && !c.validated) return 'treatment.notValidated';
  return undefined;
}

/**
 * Whether the session acts for the unit a transferring case leaves (and not for the unit it goes
 * to): that unit sees the case read-only until the transfer is accepted or undone.
 * @example sendsTransferredOut({ transferring: true, transferFromUnitId: 'B', ownerUnitId: 'K' }, { unitId: 'B', playOtherUnits: false }) // true
 */
export function sendsTransferredOut(c: { transferring?: boolean; transferFromUnitId?: string | null; ownerUnitId?: string; [column: string]: unknown }, who: { unitId: string | null; playOtherUnits: boolean }): boolean {
  return !!c.transferring && !who.playOtherUnits && !!who.unitId && who.unitId === c.transferFromUnitId && who.unitId !== c.ownerUnitId;
}
