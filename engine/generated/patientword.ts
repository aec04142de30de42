/* Generated from schemas/tables/patientword.json by `npm run gen:types`. Do not edit. */

export interface Patientword {
  patientId: string;
  w1: string;
  w2: string;
}
