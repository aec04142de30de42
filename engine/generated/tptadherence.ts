/* Generated from schemas/tables/tptadherence.json by `npm run gen:types`. Do not edit. */

export interface Tptadherence {
  tptcourseId: string;
  year: number;
  month: number;
  days: string;
}
