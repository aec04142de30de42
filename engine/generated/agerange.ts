/* Generated from schemas/tables/agerange.json by `npm run gen:types`. Do not edit. */

export interface Agerange {
  iniAge: number;
  endAge: number;
  name?: string;
}
