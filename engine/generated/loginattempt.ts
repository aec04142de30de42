/* Generated from schemas/tables/loginattempt.json by `npm run gen:types`. Do not edit. */

export interface Loginattempt {
  login: string;
  attemptDate: string;
  success: boolean;
  ipAddress?: string;
}
