/**
 * The treatment adherence alert on case rows (parts.md: the rule is "treatment-server"'s,
 * cases/treatment/alert.ts): the lists of /active, tags, summaries and the advanced search mark the
 * rows of a page whose case is on treatment with 14 days or more without a dose — from the row's own
 * `adherenceAlertFrom` (a column of the case list), no second query.
 */
import type { CaseListRow } from './lists.ts';
import { alertHolds } from '../treatment/alert.ts';

/**
 * Sets `adherenceAlert: true` on the rows of a page the alert holds for on `today` (the reader's date).
 * @example markAdherenceAlerts(page.list, todayOf(session))
 */
export function markAdherenceAlerts(rows: CaseListRow[], today: string): void {
  for (const r of rows) if (alertHolds(r, today)) r.adherenceAlert = true;
}
