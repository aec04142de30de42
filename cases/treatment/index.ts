/**
 * Treatment: start by a standard or individualized
 * regimen (`start.ts`), period and prescription changes and cancellation (`changes.ts`), the daily
 * intake calendar (`calendar.ts`, stored a month a row: `days.ts`), the tab's answer (`view.ts`,
 * planned days: `plan.ts`), the adherence alert and its SQL for lists (`alert.ts`), the tables'
 * rules (`hooks.ts`), the tab's read (`routes.ts`), the changes as declared row actions (`actions.ts`,
 * their conditions `guards.ts`), the contract shared with the UI (`types.ts`) and the
 * generator of scale data (`generate.ts`).
 */
export { adherenceAlert, alertHolds, ALERT_SQL_TEXT, LOST_FOLLOWUP_MONTHS, MISSED_RUN_DAYS } from './alert.ts';
export { treatmentActions } from './actions.ts';
export { treatmentHooks } from './hooks.ts';
export { treatmentRoutes } from './routes.ts';
export type * from './types.ts';
