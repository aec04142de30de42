/* Generated from schemas/tables/tbcase.json by `npm run gen:types`. Do not edit. */

export interface Tbcase {
  patientId: string;
  caseNumber?: string;
  ownerUnitId: string;
  notificationUnitId?: string;
  state: "NOT_ONTREATMENT" | "ONTREATMENT" | "CLOSED";
  diagnosisType: "SUSPECT" | "CONFIRMED";
  classification: "TB" | "DRTB" | "NTM";
  validated: boolean;
  transferring: boolean;
  registrationGroup?:
    | "NEW"
    | "RELAPSE"
    | "AFTER_DEFAULT"
    | "FAILURE_FT"
    | "FAILURE_RT"
    | "PREVIOUSLY_TREATED"
    | "TREATMENT_AFTER_FAILURE"
    | "TREATMENT_AFTER_LOSS_FOLLOW_UP"
    | "OTHER_PREVIOUSLY_TREATED"
    | "UNKNOWN_PREVIOUS_TB_TREAT"
    | "OTHER";
  diagnosisBasis?: "BACTERIOLOGICAL" | "CLINICAL";
  registrationDate?: string;
  diagnosisDate?: string;
  iniTreatmentDate?: string;
  outcomeDate?: string;
  outcome?:
    | "CURED"
    | "TREAT_COMPLETED"
    | "TREAT_FAILED"
    | "DIED"
    | "LOST_FOLLOWUP"
    | "TREAT_INTERRUPTED"
    | "LOST_FOLLOWUP_BEFORE_TREATMENT"
    | "NOT_EVALUATED"
    | "OTHER"
    | "NOT_TB";
  otherOutcome?: string;
  infectionSite?: "PULMONARY" | "EXTRAPULMONARY";
  extrapulmonaryForm?:
    | "PLEURA"
    | "INTRATHORACIC_LYMPH_NODES"
    | "PERIPHERAL_LYMPH_NODES"
    | "ABDOMINAL"
    | "GENITOURINARY"
    | "SKIN"
    | "BONES_JOINTS"
    | "MENINGES"
    | "OTHER";
  drugResistanceType?: "MONO_RESISTANCE" | "POLY_RESISTANCE" | "RR" | "MDR" | "PRE_XDR" | "XDR" | "UNKNOWN";
  transferFromUnitId?: string;
  comorbidities?: {
    alcoholExcessiveUse?: boolean;
    tobaccoUseWithin?: boolean;
    aids?: boolean;
    diabetes?: boolean;
    anaemia?: boolean;
    malnutrition?: boolean;
  };
  moveDate?: string;
  adherenceAlertFrom?: string;
  treatmentIniDate?: string;
  treatmentEndDate?: string;
  microscopyResult?: "NEGATIVE" | "POSITIVE" | "PLUS" | "PLUS2" | "PLUS3" | "NOTDONE";
  microscopyDate?: string;
  xpertResult?:
    | "TB_NOT_DETECTED"
    | "TB_DETECTED_RIF_NOT_DETECTED"
    | "TB_DETECTED_RIF_DETECTED"
    | "TB_DETECTED_RIF_INDETERMINATE"
    | "INVALID"
    | "ERROR"
    | "NO_RESULT";
  xpertDate?: string;
  cultureResult?: "NEGATIVE" | "POSITIVE" | "PLUS" | "PLUS2" | "PLUS3" | "PLUS4" | "CONTAMINATED" | "NOTDONE";
  cultureDate?: string;
  weight?: number;
  weightDate?: string;
  hivResult?: "POSITIVE" | "NEGATIVE" | "ONGOING" | "NOTDONE";
  hivDate?: string;
  cultureConversionDate?: string;
  cultureReversionDate?: string;
  smearConversionDate?: string;
  smearReversionDate?: string;
}
