/* Generated from schemas/tables/prevtreat.json by `npm run gen:types`. Do not edit. */

export interface Prevtreat {
  caseId: string;
  month: number;
  year: number;
  outcomeMonth?: number;
  outcomeYear?: number;
  outcome:
    | "prevOutcome01"
    | "prevOutcome02"
    | "prevOutcome03"
    | "prevOutcome04"
    | "prevOutcome05"
    | "prevOutcome06"
    | "prevOutcome07"
    | "prevOutcome08"
    | "prevOutcome09"
    | "prevOutcome10"
    | "prevOutcome11";
  am: boolean;
  cfz: boolean;
  cm: boolean;
  cs: boolean;
  e: boolean;
  eto: boolean;
  h: boolean;
  lfx: boolean;
  ofx: boolean;
  r: boolean;
  s: boolean;
  z: boolean;
}
