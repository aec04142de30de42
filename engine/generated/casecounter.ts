/* Generated from schemas/tables/casecounter.json by `npm run gen:types`. Do not edit. */

export interface Casecounter {
  workspaceId: string;
  last: number;
}
