/* Generated from schemas/tombstone.json by `npm run gen:types`. Do not edit. */

export interface Tombstone {
  tableName: string;
  rowId: string;
  rowVersion: number;
  deletedAt: string;
}
