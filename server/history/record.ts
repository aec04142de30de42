import type { Em } from '../db/orm.ts';
import type { Session } from '../types.ts';
import { kysely } from '../db/kysely.ts';
import type { HistoryDetail } from './describe.ts';
import { deferIn, onDeferred } from '../db/deferred.ts';

/** The key under which a batch of writes (an offline client's upload) writes its history entries in one statement at its end. */
const DEFERRED_HISTORY = 'history';

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
 * Inside a batch that defers it (server/db/deferred.ts: an offline client's upload) the entry is kept
 * with its change's savepoint and written with the batch's others in one statement at its end.
 */
export async function recordCommand(em: Em, session: Session | undefined, entry: CommandEntry): Promise<void> {
  const detail = session?.origin ? { ...entry.detail, text: [entry.detail?.text, session.origin].filter(Boolean).join(' · ') } : entry.detail;
  const row = historyRow(session, entry, detail);
  if (deferIn(em, DEFERRED_HISTORY, [JSON.stringify(row)])) return;
  await kysely(em).insertInto('cmdhistory').values(row).execute();
}

onDeferred(DEFERRED_HISTORY, async (em, _ctx, items) => {
  const rows = items.map((i) => JSON.parse(i) as ReturnType<typeof historyRow>);
  for (let i = 0; i < rows.length; i += 1000) await kysely(em).insertInto('cmdhistory').values(rows.slice(i, i + 1000)).execute();
});

/** The entry's row as stored. */
function historyRow(session: Session | undefined, entry: CommandEntry, detail: HistoryDetail | undefined) {
  return {
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
  };
}
