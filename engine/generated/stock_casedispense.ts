/* Generated from schemas/stock_casedispense.json by `npm run gen:types`. Do not edit. */

export interface StockCasedispense {
  unitId: string;
  to: string;
  date: string;
}
