/* Generated from schemas/tables/regimen.json by `npm run gen:types`. Do not edit. */

export interface Regimen {
  name: string;
  classification: "TB" | "DRTB" | "NTM";
  customId?: string;
  active: boolean;
  /**
   * @minItems 1
   */
  medicines: {
    medicineId: string;
    defaultDoseUnit: number;
    defaultFrequency: 1 | 2 | 3 | 4 | 5 | 6 | 7;
    iniDay: number;
    days: number;
    id?: string;
  }[];
}
