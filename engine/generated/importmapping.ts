/* Generated from schemas/tables/importmapping.json by `npm run gen:types`. Do not edit. */

export interface Importmapping {
  name: string;
  mapping: {};
}
