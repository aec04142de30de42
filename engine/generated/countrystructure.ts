/* Generated from schemas/tables/countrystructure.json by `npm run gen:types`. Do not edit. */

export interface Countrystructure {
  name: string;
  level: number;
}
