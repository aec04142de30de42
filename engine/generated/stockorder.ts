/* Generated from schemas/tables/stockorder.json by `npm run gen:types`. Do not edit. */

export interface Stockorder {
  unitId: string;
  date: string;
  supplierId?: string;
  authorizerId?: string;
  state?: "NEW" | "AUTHORIZED" | "SENT" | "RECEIVED" | "CANCELLED";
  authorizedDate?: string;
  sentDate?: string;
  receivedDate?: string;
  cancelledDate?: string;
  /**
   * @minItems 1
   * @maxItems 200
   */
  items: {
    productId: string;
    quantity: number;
    id?: string;
  }[];
  /**
   * @maxItems 200
   */
  shipped?: {
    batchId: string;
    quantity: number;
    id?: string;
  }[];
}
