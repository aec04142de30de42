/* Generated from schemas/tables/sysconfig.json by `npm run gen:types`. Do not edit. */

export interface Sysconfig {
  systemURL: string;
  pageRootURL: string;
  adminMail: string;
  ulaActive: boolean;
  allowRegPage?: boolean;
  workspace?: string;
  unit?: string;
  userProfile?: string;
}
