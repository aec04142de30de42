/* Generated from schemas/forms/prescription_edit.json by `npm run gen:types`. Do not edit. */

export interface PrescriptionEdit {
  prescriptionId: string;
  iniDate: string;
  endDate: string;
  doseUnit: number;
  frequency: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  comments?: string;
  preservePrevPeriod: boolean;
}
