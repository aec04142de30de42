/* Generated from schemas/tables/sysuser.json by `npm run gen:types`. Do not edit. */

export interface Sysuser {
  login: string;
  name: string;
  email: string;
  passwordHash?: string;
  active: boolean;
  passwordExpired: boolean;
  emailConfirmed: boolean;
  mobile?: string;
  timeZone?: string;
  language?: string;
  sendSystemMessages: boolean;
  failedLogins: number;
  lockedUntil?: string;
  lastLogin?: string;
  passwordChangedAt?: string;
  registrationDate?: string;
  sysadmin?: boolean;
  ulaAcceptedAt?: string;
  emailToken?: string;
}
