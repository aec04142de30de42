/* Generated from schemas/tables/tombstone.json by `npm run gen:types`. Do not edit. */

export interface Tombstone {
  tableName: string;
  rowId: string;
  rowVersion: number;
  deletedAt: string;
}
