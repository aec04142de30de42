/* Generated from schemas/tables/patient.json by `npm run gen:types`. Do not edit. */

export interface Patient {
  name: string;
  middleName?: string;
  lastName?: string;
  gender: "MALE" | "FEMALE";
  birthDate?: string;
  nationality?: "NATIVE" | "FOREIGN";
  motherName?: string;
  documentNumber?: string;
  address?: {
    adminUnitId?: string;
    street?: string;
    house?: string;
    apartment?: string;
  };
  phone?: string;
  contactPhone?: string;
  searchKey?: string;
}
