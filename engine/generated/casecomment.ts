/* Generated from schemas/tables/casecomment.json by `npm run gen:types`. Do not edit. */

export interface Casecomment {
  caseId: string;
  group: "DATA" | "PREV_TREATS" | "CONTACTS" | "ADV_REACTS" | "COMORBIDITIES";
  comment: string;
  userId?: string;
  date?: string;
}
