/* Generated from schemas/countrystructure.json by `npm run gen:types`. Do not edit. */

export interface Countrystructure {
  name: string;
  level: number;
}
