/* Generated from schemas/tables/examhiv.json by `npm run gen:types`. Do not edit. */

export interface Examhiv {
  caseId: string;
  date: string;
  laboratory?: string;
  result: "POSITIVE" | "NEGATIVE" | "ONGOING" | "NOTDONE";
  startedARTdate?: string;
  startedCPTdate?: string;
  comments?: string;
}
