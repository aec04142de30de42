/* Generated from schemas/forms/tpt_close.json by `npm run gen:types`. Do not edit. */

export interface TptClose {
  outcome: "COMPLETED" | "DISCONTINUED_TOXICITY" | "LOST" | "DIED" | "DEVELOPED_TB";
  outcomeDate: string;
}
