/* Generated from schemas/forms/case_suspectfollowup.json by `npm run gen:types`. Do not edit. */

export interface CaseSuspectfollowup {
  outcome: "TB" | "DRTB" | "NOT_TB";
  date: string;
}
