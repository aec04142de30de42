/* Generated from schemas/forms/case_transferout.json by `npm run gen:types`. Do not edit. */

export interface CaseTransferout {
  unitToId: string;
  moveDate?: string;
}
