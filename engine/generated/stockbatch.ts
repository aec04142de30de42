/* Generated from schemas/tables/stockbatch.json by `npm run gen:types`. Do not edit. */

export interface Stockbatch {
  unitId: string;
  productId: string;
  sourceId: string;
  batchNumber: string;
  manufacturer: string;
  expiryDate: string;
  quantity: number;
}
