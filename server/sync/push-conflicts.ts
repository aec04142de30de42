// The conflicts of an upload (server/sync/push.ts): which fields the server changed since the client's
// copy, by whom and when, and the conflict log's entries (`syncconflict`) for the fields the server kept.
import type { TableDef } from '../../engine/types.ts';
import { kysely, kyselyByName } from '../db/kysely.ts';
import { jsonColumn } from '../db/json-column.ts';
import type { Em } from '../db/orm.ts';
import { bufferedChanges } from '../feed/record.ts';
import { systemInsert } from '../tbl/system-write.ts';
import { changedFields } from './merge.ts';
import type { ClientChange, PushAnswer } from './push-body.ts';
import type { AppContext, Doc, Session } from '../types.ts';

/** Who made a server's change of a field, and when. */
export interface ServerChange {
  userId: string | null;
  at: string | null;
}

/**
 * The fields of a row the feed says changed after version `base` (a child table counts as one field),
 * each with the last change that made it: who and when.
 */
export async function fieldsChangedSince(em: Em, s: Session, def: TableDef, id: string, base: number): Promise<Map<string, ServerChange>> {
  const rows = await kysely(em)
    .selectFrom('changelog').select(['data', 'user_id', 'changed_at'])
    .where('workspace_id', '=', s.workspaceId).where('table_name', '=', def.name).where('row_id', '=', id)
    .where('row_version', '>', base).where('op', 'in', ['create', 'update'])
    .orderBy('row_version')
    .execute();
  // the upload's earlier changes of the row (a sub-record's derived write to its case) are written to the feed at its commit
  const buffered = bufferedChanges(em, def.name, id).filter((c) => c.version > base && (c.op === 'create' || c.op === 'update'));
  const out = new Map<string, ServerChange>();
  for (const r of [...rows.map((r) => ({ data: jsonColumn<Doc | null>(r.data, null), userId: r.user_id ? String(r.user_id) : null, at: r.changed_at ? new Date(r.changed_at as string).toISOString() : null })), ...buffered]) {
    const by: ServerChange = { userId: r.userId, at: r.at };
    for (const field of changedFields([r.data])) out.set(field, by);
  }
  return out;
}


/** The row at the top of the row's parent chain (a case for its exams), to show the conflict there. */
async function rootOf(em: Em, ctx: AppContext, def: TableDef, row: Doc, id: string): Promise<string> {
  let table = def;
  let rootId = id;
  let parentId: unknown = table.meta.parent ? row[table.meta.parent] : undefined;
  for (let depth = 0; table.meta.parent && typeof parentId === 'string' && depth < 5; depth++) {
    rootId = parentId;
    table = ctx.registry.table(table.fields.find((f) => f.key === table.meta.parent)!.ref!);
    if (!table.meta.parent) break;
    const column = table.fields.find((f) => f.key === table.meta.parent)!.column;
    parentId = (await kyselyByName(em).selectFrom(table.name).select(`${column} as p`).where('id', '=', rootId).executeTakeFirst())?.p;
  }
  return rootId;
}

/** Logs each field the server kept over the client's value, through the writer's system door (fed, versioned). */
export async function logConflicts(em: Em, ctx: AppContext, actor: Session, def: TableDef, ch: ClientChange, current: Doc, version: number, conflicts: NonNullable<PushAnswer['conflicts']>, serverSide: Map<string, ServerChange>): Promise<void> {
  const rootId = await rootOf(em, ctx, def, current, ch.id);
  for (const c of conflicts) {
    await systemInsert({ em, ctx, session: actor }, 'syncconflict', crypto.randomUUID(), {
      tableName: def.name, rowId: ch.id, rootId, field: c.field, values: { server: c.server, client: c.client }, serverVersion: version,
      changeId: ch.changeId, userId: actor.userId || undefined, changedAt: new Date(actor.actedAt ?? new Date()).toISOString(), resolved: false,
      serverUserId: serverSide.get(c.field)?.userId ?? undefined, serverChangedAt: serverSide.get(c.field)?.at ?? undefined,
    }, 'action');
  }
}
