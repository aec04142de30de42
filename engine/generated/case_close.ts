/* Generated from schemas/case_close.json by `npm run gen:types`. Do not edit. */

export interface CaseClose {
  outcomeDate: string;
  outcome: "CURED" | "TREAT_COMPLETED" | "DIED" | "LOST_FOLLOWUP" | "TREAT_INTERRUPTED" | "OTHER";
  otherOutcome?: string | null;
}
