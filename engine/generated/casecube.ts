/* Generated from schemas/tables/casecube.json by `npm run gen:types`. Do not edit. */

export interface Casecube {
  unitId: string;
  gender: string;
  classification: string;
  diagnosisType: string;
  state: string;
  outcome: string;
  hivResult: string;
  registrationGroup: string;
  infectionSite: string;
  validated: boolean;
  registrationYear: number;
  n: number;
}
