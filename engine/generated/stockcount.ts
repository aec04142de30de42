/* Generated from schemas/tables/stockcount.json by `npm run gen:types`. Do not edit. */

export interface Stockcount {
  unitId: string;
  date: string;
  note?: string;
  /**
   * @minItems 1
   * @maxItems 2000
   */
  items: {
    batchId: string;
    counted: number;
    onHand?: number;
    difference?: number;
    movementId?: string;
    id?: string;
  }[];
}
