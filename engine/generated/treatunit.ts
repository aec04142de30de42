/* Generated from schemas/tables/treatunit.json by `npm run gen:types`. Do not edit. */

export interface Treatunit {
  caseId: string;
  unitId: string;
  iniDate: string;
  endDate: string;
}
