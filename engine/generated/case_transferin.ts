/* Generated from schemas/forms/case_transferin.json by `npm run gen:types`. Do not edit. */

export interface CaseTransferin {
  moveDate?: string;
}
