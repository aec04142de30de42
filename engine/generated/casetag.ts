/* Generated from schemas/tables/casetag.json by `npm run gen:types`. Do not edit. */

export interface Casetag {
  caseId: string;
  tagId: string;
}
