/* Generated from schemas/forms/treatperiod.json by `npm run gen:types`. Do not edit. */

export interface Treatperiod {
  endDate: string;
}
