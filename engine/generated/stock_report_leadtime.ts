/* Generated from schemas/forms/stock_report_leadtime.json by `npm run gen:types`. Do not edit. */

export interface StockReportLeadtime {
  scope: "WORKSPACE" | "UNIT";
  scopeId?: string;
  iniDate: string;
  endDate: string;
}
