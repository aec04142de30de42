/**
 * HOOK POINT for the treatment adherence alert on case rows (parts.md: "treatment-server" exports
 * the rule from cases/treatment/alert.ts). Until that module exists, no row is marked. When it
 * does, call its rule here for the page's case ids and set `adherenceAlert: true` on the rows it
 * names; the lists of /active, tags and summaries all pass through this function.
 */
import type { Kysely } from 'kysely';
import type { Doc } from '../../server/modules.ts';

/**
 * Marks the rows of a page whose treatment needs an adherence alert (`adherenceAlert: true`).
 * @example await markAdherenceAlerts(db, workspaceId, page.list)
 */
export async function markAdherenceAlerts(_db: Kysely<any>, _workspaceId: string, _rows: Doc[]): Promise<void> {}
