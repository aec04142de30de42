/* Generated from schemas/forms/tpt_status.json by `npm run gen:types`. Do not edit. */

export interface TptStatus {
  status: "ON_TPT" | "INTERRUPTED" | "ON_HOLD";
  statusDate: string;
}
