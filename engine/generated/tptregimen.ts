/* Generated from schemas/tables/tptregimen.json by `npm run gen:types`. Do not edit. */

export interface Tptregimen {
  code: string;
  name: string;
  frequency: "DAILY" | "WEEKLY";
  weeks: number;
  doses: number;
  minDoses: number;
  windowWeeks: number;
  /**
   * @minItems 1
   */
  forResistance: ("DS" | "HR" | "RR" | "MDR" | "PRE_XDR" | "XDR" | "UNKNOWN")[];
  minAgeYears?: number;
  active: boolean;
  /**
   * @minItems 1
   * @maxItems 20
   */
  bands: {
    fromKg: number;
    toKg?: number;
    dose: string;
    id?: string;
  }[];
}
