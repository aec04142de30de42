/* Generated from schemas/tables/importrow.json by `npm run gen:types`. Do not edit. */

export interface Importrow {
  jobId: string;
  sheet: number;
  rowNumber: number;
  cells: unknown[];
  key?: string;
  status: "PENDING" | "OK" | "ERROR" | "SKIPPED";
  messages?: {}[];
  caseId?: string;
  newPatientKey?: string;
  newPatientBirthDate?: string;
  newPatientLastName?: string;
  newPatientName?: string;
  madeDigest?: string;
}
