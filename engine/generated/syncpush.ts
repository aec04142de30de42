/* Generated from schemas/tables/syncpush.json by `npm run gen:types`. Do not edit. */

export interface Syncpush {
  changeId: string;
  tableName: string;
  rowId: string;
  op: "create" | "update" | "delete";
  result: "applied" | "merged" | "conflict" | "rejected";
  answer?: {};
  userId?: string;
  changedAt?: string;
  pushedBy?: string;
  pushedAt: string;
}
