/* Generated from schemas/forms/stockorder_send.json by `npm run gen:types`. Do not edit. */

export interface StockorderSend {
  date: string;
  /**
   * @minItems 1
   * @maxItems 200
   */
  shipped: {
    batchId: string;
    quantity: number;
  }[];
}
