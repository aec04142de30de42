/* Generated from schemas/contact.json by `npm run gen:types`. Do not edit. */

export interface Contact {
  caseId: string;
  name: string;
  gender: "MALE" | "FEMALE";
  age: number;
  contactType: "household" | "institutional" | "nosocomial";
  examinated: boolean;
  dateOfExamination?: string;
  conduct?: "conduct1" | "conduct2" | "conduct3" | "conduct4";
  comments?: string;
}
