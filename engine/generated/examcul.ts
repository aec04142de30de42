/* Generated from schemas/tables/examcul.json by `npm run gen:types`. Do not edit. */

export interface Examcul {
  caseId: string;
  date: string;
  sampleNumber?: string;
  laboratoryId?: string;
  dateRelease?: string;
  method?: "LJ" | "MGIT960" | "MGIT320" | "LPA" | "OK" | "OTHER";
  result: "NEGATIVE" | "POSITIVE" | "PLUS" | "PLUS2" | "PLUS3" | "PLUS4" | "CONTAMINATED" | "NOTDONE";
  numberOfColonies?: number;
  comments?: string;
}
