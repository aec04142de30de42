/* Generated from schemas/forms/stock_dispense.json by `npm run gen:types`. Do not edit. */

export interface StockDispense {
  unitId: string;
  caseId: string;
  productId: string;
  quantity: number;
  date: string;
  batchId?: string;
}
