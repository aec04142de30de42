/* Generated from schemas/tables/syncconflict.json by `npm run gen:types`. Do not edit. */

export interface Syncconflict {
  tableName: string;
  rowId: string;
  rootId?: string;
  field: string;
  values: {};
  serverVersion?: number;
  changeId: string;
  userId?: string;
  changedAt?: string;
  serverUserId?: string;
  serverChangedAt?: string;
  resolved?: boolean;
  kept?: "server" | "client";
  resolvedBy?: string;
  resolvedAt?: string;
}
