/* Generated from schemas/tables/examxpert.json by `npm run gen:types`. Do not edit. */

export interface Examxpert {
  caseId: string;
  date: string;
  sampleNumber?: string;
  laboratoryId: string;
  dateRelease?: string;
  result:
    | "TB_NOT_DETECTED"
    | "TB_DETECTED_RIF_NOT_DETECTED"
    | "TB_DETECTED_RIF_DETECTED"
    | "TB_DETECTED_RIF_INDETERMINATE"
    | "INVALID"
    | "ERROR"
    | "NO_RESULT";
  comments?: string;
}
