/* Generated from schemas/tables/syncreader.json by `npm run gen:types`. Do not edit. */

export interface Syncreader {
  userId: string;
  caughtUpAt: string;
}
