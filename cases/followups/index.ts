/**
 * A case's follow-up exams (spec 001 §2.5, §3, §7): the list of a case's exams over every table
 * declared with `x-table.followup` (`list.ts`), its route (`routes.ts`), the month of treatment
 * (`month.ts`) and culture conversion (`conversion.ts`). No exam type has code here: each is one
 * schema file.
 */
export { CONVERSION_GAP_DAYS, cultureConversion, type CultureConversion, type CultureResult } from './conversion.ts';
export { caseFollowups, followupTables, type FollowupItem } from './list.ts';
export { monthLabel, monthOfTreatment } from './month.ts';
export { followupRoutes } from './routes.ts';
