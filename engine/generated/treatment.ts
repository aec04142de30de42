/* Generated from schemas/tables/treatment.json by `npm run gen:types`. Do not edit. */

export interface Treatment {
  caseId: string;
  regimenId?: string;
  movedToIndividualized: boolean;
  iniDate: string;
  endDate: string;
}
