/* Generated from schemas/changeseq.json by `npm run gen:types`. Do not edit. */

export interface Changeseq {
  workspaceId: string;
  seq: number;
}
