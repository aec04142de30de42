/* Generated from schemas/tables/tagrefresh.json by `npm run gen:types`. Do not edit. */

export interface Tagrefresh {
  workspaceId: string;
  day: string;
}
