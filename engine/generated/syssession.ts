/* Generated from schemas/tables/syssession.json by `npm run gen:types`. Do not edit. */

export interface Syssession {
  tokenHash: string;
  userId: string;
  userwsId?: string;
  workspaceId: string;
  loginDate: string;
  lastAccess: string;
  logoutDate?: string;
  ipAddress?: string;
  application?: string;
  language?: string;
}
