/**
 * A case's follow-up exams: the list of a case's exams over every table
 * declared with `x-table.followup` (`list.ts`), the types a session may read and change
 * (`types.ts`), their routes (`routes.ts`), the month of treatment (`month.ts`), culture conversion
 * (`conversion.ts`), and the case's columns derived from its exams (`x-derived`: latest results,
 * conversion and reversion dates — `derived.ts`, recomputed on every exam write; `latest.ts` says
 * them in words). No exam type has code here: each is one schema file.
 */
export { CONVERSION_GAP_DAYS, cultureConversion, type CultureConversion, type CultureResult } from './conversion.ts';
export { derivedFields, derivedHooks, derivedHooksByTable, refreshDerived, type DerivedField } from './derived.ts';
export { caseLatest, derivedText, visibleDerived, type LatestValue } from './latest.ts';
export { caseFollowups, followupTables, type FollowupItem } from './list.ts';
export { followupTypes, type FollowupType } from './types.ts';
export { monthLabel, monthOfTreatment } from './month.ts';
export { followupRoutes } from './routes.ts';
