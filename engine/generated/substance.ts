/* Generated from schemas/tables/substance.json by `npm run gen:types`. Do not edit. */

export interface Substance {
  shortName: string;
  name: string;
  line: "FIRST_LINE" | "SECOND_LINE" | "OTHER";
  active: boolean;
  customId?: string;
  displayOrder?: number;
  dstResultForm?: boolean;
  prevTreatmentForm?: boolean;
}
