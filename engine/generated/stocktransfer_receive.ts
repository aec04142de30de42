/* Generated from schemas/forms/stocktransfer_receive.json by `npm run gen:types`. Do not edit. */

export interface StocktransferReceive {
  date: string;
}
