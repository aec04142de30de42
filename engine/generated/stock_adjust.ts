/* Generated from schemas/forms/stock_adjust.json by `npm run gen:types`. Do not edit. */

export interface StockAdjust {
  unitId: string;
  batchId: string;
  type: "ADJUSTMENT" | "EXPIRED";
  reason?: "COUNT" | "DAMAGED" | "EXPIRED" | "LOST" | "OTHER";
  note?: string;
  date: string;
  quantity: number;
}
