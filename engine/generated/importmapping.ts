/* Generated from schemas/importmapping.json by `npm run gen:types`. Do not edit. */

export interface Importmapping {
  name: string;
  mapping: {};
}
