/* Generated from schemas/forms/treatstart_individual.json by `npm run gen:types`. Do not edit. */

export interface TreatstartIndividual {
  iniDate: string;
  unitId: string;
  /**
   * @minItems 1
   * @maxItems 50
   */
  prescriptions: {
    productId: string;
    doseUnit: number;
    frequency: 1 | 2 | 3 | 4 | 5 | 6 | 7;
    monthIni: number;
    months: number;
  }[];
}
