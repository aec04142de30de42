/* Generated from schemas/forms/stock_writeoff.json by `npm run gen:types`. Do not edit. */

export interface StockWriteoff {
  unitId: string;
  date: string;
}
