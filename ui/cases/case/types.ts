/**
 * The case page's shared shapes. `CasePage.tsx` loads the case with
 * `GET /api/tbl/case/{id}` (cases/case-page/view.ts) and hands it to every tab as `tbcase`.
 */
import type { ValidationMode } from '../../../cases/workflow/rules.ts';

/** `{id, name}` of an area (admin unit). */
export interface NamedRef {
  id: string;
  name?: string;
}

/** A unit as the case names it: the unit and the area its address lies in. */
export interface CaseUnit extends NamedRef {
  adminUnit?: NamedRef;
}

/** A tag on the case: MANUAL (set in the tag dialog, `POST /api/cases/tag/update`) or AUTO (its condition holds). */
export interface CaseTag {
  id: string;
  name: string;
  type: 'MANUAL' | 'AUTO';
}

/** One of the patient's cases (this one included), newest registration first; only those in the user's view. */
export interface PatientCase {
  id: string;
  caseNumber?: string;
  classification: 'TB' | 'DRTB' | 'NTM';
  diagnosisType: 'SUSPECT' | 'CONFIRMED';
  registrationDate?: string;
  state: 'NOT_ONTREATMENT' | 'ONTREATMENT' | 'CLOSED';
  validated?: boolean;
}

/**
 * What `tbcase` holds: every column of the `tbcase` table (schemas/tables/tbcase.json, as the generic API
 * reads it — dates `YYYY-MM-DD`, absent when empty; plus whatever columns other parts add there,
 * e.g. latest results or comorbidity flags, and what the table's `afterRead` hooks add), and the
 * joined parts below. Reload it with `reload()` after any change.
 */
export interface CaseView {
  id: string;
  version: number;
  updatedAt?: string;
  patientId: string;
  /** The workspace-numbered case code (`000042`). */
  caseNumber?: string;
  state: 'NOT_ONTREATMENT' | 'ONTREATMENT' | 'CLOSED';
  diagnosisType: 'SUSPECT' | 'CONFIRMED';
  classification: 'TB' | 'DRTB' | 'NTM';
  validated: boolean;
  /** Moved out of `transferFromUnit` into `ownerUnit`, not yet confirmed by the receiving unit. */
  transferring: boolean;
  registrationGroup?: string;
  registrationDate?: string;
  diagnosisDate?: string;
  iniTreatmentDate?: string;
  outcomeDate?: string;
  /** CURED, TREAT_COMPLETED, TREAT_FAILED, DIED, LOST_FOLLOWUP, TREAT_INTERRUPTED, LOST_FOLLOWUP_BEFORE_TREATMENT, NOT_EVALUATED, OTHER (with `otherOutcome`), NOT_TB. */
  outcome?: string;
  otherOutcome?: string;
  infectionSite?: string;
  drugResistanceType?: string;
  moveDate?: string;
  ownerUnitId: string;
  notificationUnitId?: string;
  transferFromUnitId?: string;
  /** The patient; `fullName` composed as the workspace's `patientNameComposition` says. */
  patient: { id: string; name: string; middleName?: string; lastName?: string; gender?: 'MALE' | 'FEMALE'; birthDate?: string; fullName: string };
  /** The unit that manages the case now (the receiving one while transferring). */
  ownerUnit: CaseUnit;
  notificationUnit?: CaseUnit;
  /** While transferring: the unit the case leaves. */
  transferFromUnit?: CaseUnit;
  /** Manual tags first, then automatic ones, each by name. */
  tags: CaseTag[];
  /** The patient's cases in the user's view (at most 50), this one included. */
  allCases: PatientCase[];
  /** The workspace's validation setting for this case's classification: 'DISABLED' shows no validation label. */
  validation: ValidationMode;
  /** Seen but not the user's to change: their unit transferred the case out, not yet accepted (`readOnly.ts`). */
  readOnly: boolean;
  /** Columns other parts add to `tbcase`. */
  [column: string]: any;
}

/** What every tab of the case page receives. `CasePage.tsx` loads the case; a tab reloads it after a change. */
export interface CaseTabProps {
  caseId: string;
  /** The case as `CasePage` loaded it: see {@link CaseView}. */
  tbcase: CaseView;
  /** Reloads the case (header, state boxes, tags, command bar) after a change made in the tab. */
  reload: () => void;
}
