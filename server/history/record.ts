import type { Em } from '../db/orm.ts';
import type { Session } from '../types.ts';
import { kysely } from '../db/kysely.ts';
import type { HistoryDetail } from './describe.ts';

export interface CommandEntry {
  /** The command type: a table name or a domain action (`case.close`). */
  type: string;
  action: string;
  entityId?: string;
  entityName?: string;
  detail?: HistoryDetail;
}

/**
 * Writes one command-history entry; call it inside the transaction of the change it records. A session
 * naming where its changes come from (`origin`: an import's file and row) says so in the entry's text.
 */
export async function recordCommand(em: Em, session: Session | undefined, entry: CommandEntry): Promise<void> {
  const detail = session?.origin ? { ...entry.detail, text: [entry.detail?.text, session.origin].filter(Boolean).join(' · ') } : entry.detail;
  await kysely(em)
    .insertInto('cmdhistory')
    .values({
      id: crypto.randomUUID(),
      workspace_id: session?.workspaceId || null,
      user_id: session?.userId || null,
      unit_id: session?.unitId || null,
      admin_unit_id: session?.adminUnitId || null,
      exec_date: session?.actedAt ?? new Date(),
      type: entry.type,
      action: entry.action,
      entity_id: entry.entityId ?? null,
      entity_name: entry.entityName?.slice(0, 200) ?? null,
      detail: JSON.stringify(detail ?? {}),
    })
    .execute();
}
