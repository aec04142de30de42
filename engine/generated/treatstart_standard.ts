/* Generated from schemas/forms/treatstart_standard.json by `npm run gen:types`. Do not edit. */

export interface TreatstartStandard {
  iniDate: string;
  regimenId: string;
  unitId: string;
  classification?: "TB" | "DRTB" | "NTM";
}
