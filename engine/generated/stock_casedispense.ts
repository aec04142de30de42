/* Generated from schemas/forms/stock_casedispense.json by `npm run gen:types`. Do not edit. */

export interface StockCasedispense {
  unitId: string;
  date: string;
  to?: string;
  /**
   * @maxItems 50
   */
  items?: {
    productId: string;
    quantity: number;
  }[];
}
