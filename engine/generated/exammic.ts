/* Generated from schemas/tables/exammic.json by `npm run gen:types`. Do not edit. */

export interface Exammic {
  caseId: string;
  date: string;
  sampleType?: "SPUTUM" | "OTHER";
  otherSampleType?: string;
  sampleNumber?: string;
  visualAppearance?: "BLOOD_STAINED" | "MUCOPURULENT" | "SALIVA";
  laboratoryId: string;
  dateRelease?: string;
  result: "NEGATIVE" | "POSITIVE" | "PLUS" | "PLUS2" | "PLUS3" | "NOTDONE";
  numberOfAFB?: number;
  comments?: string;
}
