/* Generated from schemas/tables/changelog.json by `npm run gen:types`. Do not edit. */

export interface Changelog {
  txKey: number;
  seq: number;
  tableName: string;
  rowId: string;
  op: "create" | "update" | "delete" | "left";
  rowVersion: number;
  data?: {};
  units?: string[];
  kept?: string[];
  userId?: string;
  changedAt?: string;
}
