/* Generated from schemas/tables/stockmovement.json by `npm run gen:types`. Do not edit. */

export interface Stockmovement {
  unitId: string;
  type: "INITIAL" | "RECEIPT" | "DISPENSING" | "ADJUSTMENT" | "EXPIRED" | "TRANSFER_OUT" | "TRANSFER_IN";
  reason?: "COUNT" | "DAMAGED" | "EXPIRED" | "LOST" | "OTHER";
  note?: string;
  date: string;
  productId: string;
  sourceId: string;
  batchNumber: string;
  manufacturer: string;
  expiryDate: string;
  quantity: number;
  caseId?: string;
  batchId?: string;
  balance?: number;
  transferId?: string;
  orderId?: string;
}
