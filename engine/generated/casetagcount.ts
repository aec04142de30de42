/* Generated from schemas/tables/casetagcount.json by `npm run gen:types`. Do not edit. */

export interface Casetagcount {
  unitId: string;
  tagId: string;
  n: number;
}
