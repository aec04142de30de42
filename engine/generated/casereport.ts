/* Generated from schemas/tables/casereport.json by `npm run gen:types`. Do not edit. */

export interface Casereport {
  name: string;
  scope: "WORKSPACE" | "ADMINUNIT" | "UNIT";
  scopeId?: string;
  dashboard: boolean;
  filters?: {};
  indicators?: {}[];
}
