/* Generated from schemas/casetag.json by `npm run gen:types`. Do not edit. */

export interface Casetag {
  caseId: string;
  tagId: string;
}
