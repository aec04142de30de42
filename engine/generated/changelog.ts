/* Generated from schemas/changelog.json by `npm run gen:types`. Do not edit. */

export interface Changelog {
  seq: number;
  tableName: string;
  rowId: string;
  op: "create" | "update" | "delete";
  rowVersion: number;
  data?: {};
  userId?: string;
  changedAt?: string;
}
