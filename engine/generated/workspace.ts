/* Generated from schemas/tables/workspace.json by `npm run gen:types`. Do not edit. */

export interface Workspace {
  name: string;
  timeZone?: string | null;
  sendSystemMessages: boolean;
  patientNameComposition:
    | "FULLNAME"
    | "FIRSTSURNAME"
    | "SURNAME_FIRSTNAME"
    | "FIRST_MIDDLE_LASTNAME"
    | "LAST_FIRST_MIDDLENAME"
    | "LAST_FIRST_MIDDLENAME_WITHOUT_COMMAS";
  suspectCaseNumber: "SYSTEM_GENERATED" | "USER_DEFINED";
  confirmedCaseNumber: "SYSTEM_GENERATED" | "USER_DEFINED";
  caseValidationTB: "DISABLED" | "ENABLED" | "REQUIRED_BEFORE_TREATMENT_START";
  tbDefinitions?: "WHO2021" | "WHO2013";
  transferOutcome?: "NOT_EVALUATED" | "RECEIVING_UNIT";
  caseValidationDRTB: "DISABLED" | "ENABLED" | "REQUIRED_BEFORE_TREATMENT_START";
  caseValidationNTM: "DISABLED" | "ENABLED" | "REQUIRED_BEFORE_TREATMENT_START";
  monthsToAlertExpiredMedicines: number;
  minStockOnHand: number;
  maxStockOnHand: number;
}
