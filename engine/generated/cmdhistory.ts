/* Generated from schemas/tables/cmdhistory.json by `npm run gen:types`. Do not edit. */

export interface Cmdhistory {
  workspaceId?: string;
  userId?: string;
  unitId?: string;
  adminUnitId?: string;
  execDate: string;
  type: string;
  action: string;
  entityId?: string;
  entityName?: string;
  detail?: {};
}
