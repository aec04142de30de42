/* Generated from schemas/tables/population.json by `npm run gen:types`. Do not edit. */

export interface Population {
  adminUnitId: string;
  year: number;
  population: number;
}
