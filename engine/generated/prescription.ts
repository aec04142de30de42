/* Generated from schemas/tables/prescription.json by `npm run gen:types`. Do not edit. */

export interface Prescription {
  caseId: string;
  productId: string;
  iniDate: string;
  endDate: string;
  doseUnit: number;
  frequency: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  comments?: string;
}
