// The stored answers of an upload's changes (`syncpush`): a retried upload is answered again and never
// applied twice, and only to its own uploader (server/sync/push.ts).
import { t } from '../../engine/i18n.ts';
import { kysely } from '../db/kysely.ts';
import type { Em } from '../db/orm.ts';
import type { ClientChange, PushAnswer } from './push-body.ts';
import { jsonColumn } from '../db/json-column.ts';
import type { Session } from '../types.ts';

/**
 * The stored answer of the change, for its own uploader only. Another user sending the same change id
 * learns nothing of it (not its result, not the values of a conflict): the change is refused, and
 * nothing is stored or applied.
 */
export async function storedAnswer(em: Em, s: Session, ch: ClientChange): Promise<PushAnswer | undefined> {
  return (await storedAnswers(em, s, [ch])).get(ch.changeId);
}

/** {@link storedAnswer} of each change of an upload, in one statement: by change id. */
export async function storedAnswers(em: Em, s: Session, changes: ClientChange[]): Promise<Map<string, PushAnswer>> {
  const ids = [...new Set(changes.map((c) => c.changeId))];
  const rows = ids.length ? await kysely(em).selectFrom('syncpush').select(['change_id', 'answer', 'pushed_by']).where('workspace_id', '=', s.workspaceId).where('change_id', 'in', ids).execute() : [];
  const out = new Map<string, PushAnswer>();
  for (const r of rows) {
    const ch = changes.find((c) => c.changeId === String(r.change_id))!;
    out.set(ch.changeId, String(r.pushed_by) !== s.userId
      ? { changeId: ch.changeId, id: ch.id, result: 'rejected', errors: [{ field: 'changeId', msg: t(s.lang, 'msg.syncChangeIdTaken') }] }
      : (jsonColumn<unknown>(r.answer, null) as PushAnswer));
  }
  return out;
}

/**
 * Stores the answer, with the uploader, the author the client named (its word only) and the time
 * the change counts as made; a second answer to one change fails (its transaction rolls back) unless
 * `once`: kept as it was. Answers whether it was stored.
 */
export async function storeAnswer(em: Em, actor: Session, ch: ClientChange, answer: PushAnswer, once = false): Promise<boolean> {
  const insert = kysely(em)
    .insertInto('syncpush')
    .values({
      id: crypto.randomUUID(), workspace_id: actor.workspaceId, change_id: ch.changeId, table_name: ch.table.slice(0, 63), row_id: ch.id, op: ch.op,
      result: answer.result, answer: JSON.stringify(answer), user_id: ch.userId ?? actor.userId, changed_at: actor.actedAt ?? new Date(),
      pushed_by: actor.userId || null, pushed_at: new Date(),
    });
  const done = await (once ? insert.onConflict((oc) => oc.doNothing()) : insert).returning('id').execute();
  return done.length > 0;
}
