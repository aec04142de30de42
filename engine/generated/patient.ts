/* Generated from schemas/patient.json by `npm run gen:types`. Do not edit. */

export interface Patient {
  name: string;
  middleName?: string;
  lastName?: string;
  gender: "MALE" | "FEMALE";
  birthDate?: string;
  motherName?: string;
  documentNumber?: string;
  searchKey?: string;
}
