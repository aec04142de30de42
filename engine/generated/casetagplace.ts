/* Generated from schemas/tables/casetagplace.json by `npm run gen:types`. Do not edit. */

export interface Casetagplace {
  caseId: string;
  tagId: string;
  unitId: string;
  registrationDate?: string;
}
