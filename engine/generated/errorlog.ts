/* Generated from schemas/tables/errorlog.json by `npm run gen:types`. Do not edit. */

export interface Errorlog {
  errorDate: string;
  exceptionClass?: string;
  url?: string;
  userId?: string;
  userName?: string;
  workspaceId?: string;
  workspaceName?: string;
  exceptionMessage?: string;
  request?: string;
  stackTrace?: string;
}
