/* Generated from schemas/forms/contact_new.json by `npm run gen:types`. Do not edit. */

export interface ContactNew {
  patient: {
    name: string;
    middleName?: string;
    lastName?: string;
    gender: "MALE" | "FEMALE";
    birthDate?: string;
    phone?: string;
  };
  contact: {
    registrationDate: string;
    contactType: "household" | "close" | "institutional" | "nosocomial";
    relation?: "SPOUSE" | "CHILD" | "PARENT" | "SIBLING" | "OTHER_RELATIVE" | "NOT_RELATIVE";
    indexResistance?: "DS" | "HR" | "RR" | "MDR" | "PRE_XDR" | "XDR" | "UNKNOWN";
    age?: number;
    comments?: string;
  };
}
