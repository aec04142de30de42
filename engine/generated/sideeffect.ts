/* Generated from schemas/tables/sideeffect.json by `npm run gen:types`. Do not edit. */

export interface Sideeffect {
  caseId: string;
  sideEffect: "adv1" | "adv2" | "adv3" | "adv4";
  month: number;
  substanceId?: string;
  substance2Id?: string;
  comment?: string;
}
