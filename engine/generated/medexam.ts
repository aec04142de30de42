/* Generated from schemas/tables/medexam.json by `npm run gen:types`. Do not edit. */

export interface Medexam {
  caseId: string;
  date: string;
  appointmentType?: "SCHEDULED" | "UNSCHEDULED";
  responsible?: string;
  usingPrescMedicines: boolean;
  reasonNotUsingPrescMedicines?: string;
  weight: number;
  height?: number;
  comments?: string;
}
