/* Generated from schemas/tables/userprofile.json by `npm run gen:types`. Do not edit. */

export interface Userprofile {
  name: string;
  permissions?: {
    permission: string;
    canChange?: boolean;
    id?: string;
  }[];
}
