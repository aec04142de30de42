/* Generated from schemas/forms/stock_report_movements.json by `npm run gen:types`. Do not edit. */

export interface StockReportMovements {
  scope: "WORKSPACE" | "UNIT";
  scopeId?: string;
  iniDate: string;
  endDate: string;
  /**
   * @minItems 1
   * @maxItems 2
   */
  rowVariables: ("medicine" | "movementType" | "month" | "unit" | "source")[];
  /**
   * @minItems 1
   * @maxItems 2
   */
  columnVariables: ("medicine" | "movementType" | "month" | "unit" | "source")[];
  /**
   * @maxItems 100
   */
  productIds?: string[];
  /**
   * @maxItems 7
   */
  types?: ("INITIAL" | "RECEIPT" | "DISPENSING" | "ADJUSTMENT" | "EXPIRED" | "TRANSFER_OUT" | "TRANSFER_IN")[];
}
