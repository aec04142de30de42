/* Generated from schemas/tables/casecount.json by `npm run gen:types`. Do not edit. */

export interface Casecount {
  unitId: string;
  suspect: number;
  tb: number;
  drtb: number;
  ntm: number;
  onTreatment: number;
  notOnTreatment: number;
  notValidated: number;
  transferring: number;
  closed: number;
}
