/* Generated from schemas/tables/importledger.json by `npm run gen:types`. Do not edit. */

export interface Importledger {
  digest: string;
  tableName: string;
  rowId: string;
  jobId?: string;
  fileName?: string;
  rowNumber?: number;
}
