/* Generated from schemas/forms/stock_stepdate.json by `npm run gen:types`. Do not edit. */

export interface StockStepdate {
  date: string;
}
