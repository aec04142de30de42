/* Generated from schemas/tables/contact.json by `npm run gen:types`. Do not edit. */

export interface Contact {
  caseId: string;
  patientId: string;
  registrationDate: string;
  unitId?: string;
  contactType: "household" | "close" | "institutional" | "nosocomial";
  relation?: "SPOUSE" | "CHILD" | "PARENT" | "SIBLING" | "OTHER_RELATIVE" | "NOT_RELATIVE";
  indexResistance?: "DS" | "HR" | "RR" | "MDR" | "PRE_XDR" | "XDR" | "UNKNOWN";
  age?: number;
  examinated: boolean;
  dateOfExamination?: string;
  symptoms?: "ABSENT" | "PRESENT" | "NOT_DONE";
  chestXray?: "NOT_SUGGESTIVE" | "SUGGESTIVE" | "NOT_DONE";
  infectionTest?: "IGRA" | "TST" | "TBST" | "NOT_DONE";
  infectionTestDate?: string;
  infectionTestResult?: "POSITIVE" | "NEGATIVE" | "INDETERMINATE";
  evaluationOutcome?: "TB_EXCLUDED" | "PRESUMPTIVE_TB";
  notEvaluatedReason?: "REFUSED" | "NOT_REACHED" | "MOVED" | "DIED" | "OTHER";
  resultCaseId?: string;
  conduct?: "conduct1" | "conduct2" | "conduct3" | "conduct4";
  comments?: string;
}
