/* Generated from schemas/tables/source.json by `npm run gen:types`. Do not edit. */

export interface Source {
  shortName: string;
  name: string;
  customId?: string;
  active?: boolean;
}
