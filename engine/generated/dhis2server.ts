/* Generated from schemas/tables/dhis2server.json by `npm run gen:types`. Do not edit. */

export interface Dhis2Server {
  url: string;
  username: string;
  password?: string;
}
