/* Generated from schemas/tables/examxray.json by `npm run gen:types`. Do not edit. */

export interface Examxray {
  caseId: string;
  date: string;
  presentation: "CAVITARY" | "INFILTRATE" | "NORMAL" | "OTHER" | "PENDING";
  evolution?: "IMPROVED" | "STABLE" | "PROGRESSED";
  comments?: string;
}
