/**
 * The treatment adherence alert on case rows (parts.md: the rule is "treatment-server"'s,
 * cases/treatment/alert.ts): the lists of /active, tags and summaries mark the rows of a page whose
 * case is on treatment with 14 days or more without a dose.
 */
import type { Kysely } from 'kysely';
import type { Doc } from '../../server/types.ts';
import { alertSql } from '../treatment/alert.ts';

/**
 * Sets `adherenceAlert: true` on the rows of a page the alert holds for (one lookup by id for the page).
 * @example await markAdherenceAlerts(db, workspaceId, page.list)
 */
export async function markAdherenceAlerts(db: Kysely<any>, workspaceId: string, rows: Doc[]): Promise<void> {
  const ids = rows.filter((r) => r.state === 'ONTREATMENT').map((r) => r.id as string);
  if (!ids.length) return;
  const hit = await db.selectFrom('tbcase as t').select('t.id').where('t.workspace_id', '=', workspaceId).where('t.id', 'in', ids).where(alertSql('t')).execute();
  const on = new Set(hit.map((r) => r.id as string));
  for (const r of rows) if (on.has(r.id as string)) r.adherenceAlert = true;
}
