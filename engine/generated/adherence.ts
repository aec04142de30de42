/* Generated from schemas/tables/adherence.json by `npm run gen:types`. Do not edit. */

export interface Adherence {
  caseId: string;
  year: number;
  month: number;
  days: string;
}
