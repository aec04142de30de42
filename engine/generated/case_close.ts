/* Generated from schemas/forms/case_close.json by `npm run gen:types`. Do not edit. */

export interface CaseClose {
  outcomeDate: string;
  outcome:
    | "CURED"
    | "TREAT_COMPLETED"
    | "TREAT_FAILED"
    | "DIED"
    | "LOST_FOLLOWUP"
    | "TREAT_INTERRUPTED"
    | "LOST_FOLLOWUP_BEFORE_TREATMENT"
    | "NOT_EVALUATED"
    | "OTHER";
  otherOutcome?: string | null;
}
