/* Generated from schemas/tables/stocktransfer.json by `npm run gen:types`. Do not edit. */

export interface Stocktransfer {
  unitFromId: string;
  unitToId: string;
  date: string;
  state?: "SENT" | "RECEIVED" | "CANCELLED";
  receivedDate?: string;
  cancelledDate?: string;
  /**
   * @minItems 1
   * @maxItems 200
   */
  items: {
    batchId: string;
    quantity: number;
    id?: string;
  }[];
}
