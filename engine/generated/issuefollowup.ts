/* Generated from schemas/tables/issuefollowup.json by `npm run gen:types`. Do not edit. */

export interface Issuefollowup {
  issueId: string;
  text: string;
  userId?: string;
  unitId?: string;
  followupDate?: string;
}
