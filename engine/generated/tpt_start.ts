/* Generated from schemas/forms/tpt_start.json by `npm run gen:types`. Do not edit. */

export interface TptStart {
  startDate: string;
}
