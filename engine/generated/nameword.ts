/* Generated from schemas/tables/nameword.json by `npm run gen:types`. Do not edit. */

export interface Nameword {
  word: string;
}
