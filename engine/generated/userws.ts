/* Generated from schemas/tables/userws.json by `npm run gen:types`. Do not edit. */

export interface Userws {
  login: string;
  name: string;
  email: string;
  sendSystemMessages: boolean;
  unitId: string;
  comments?: string;
  playOtherUnits?: boolean;
  administrator?: boolean;
  /**
   * @minItems 1
   */
  profiles: string[];
  view: "WORKSPACE" | "ADMINUNIT" | "UNIT";
  userId?: string;
  active?: boolean;
  passwordExpired?: boolean;
  emailConfirmed?: boolean;
  pending?: boolean;
  inviteName?: string;
  inviteEmail?: string;
  inviteLogin?: string;
  inviteUserId?: string;
}
