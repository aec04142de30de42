/* Generated from schemas/tables/adminunit.json by `npm run gen:types`. Do not edit. */

export interface Adminunit {
  name: string;
  parentId?: string;
  countryStructure: string;
  customId?: string;
  dhis2Uid?: string;
  p0?: string;
  p1?: string;
  p2?: string;
  p3?: string;
  p4?: string;
  level?: number;
  unitsCount?: number;
}
