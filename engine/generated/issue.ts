/* Generated from schemas/tables/issue.json by `npm run gen:types`. Do not edit. */

export interface Issue {
  caseId: string;
  title: string;
  description: string;
  userId?: string;
  unitId?: string;
  creationDate?: string;
  closed?: boolean;
}
