/* Generated from schemas/tables/importchunk.json by `npm run gen:types`. Do not edit. */

export interface Importchunk {
  jobId: string;
  seq: number;
  data: string;
}
