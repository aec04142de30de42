/**
 * Rows the feed names but does not bring: a case's patient registered before the case (the feed
 * places a patient through its cases, so the patient's own creation was placed nowhere), a row of a
 * case that entered the view. The client asks the server for each referenced row it does not hold
 * (`GET /api/tbl/<table>/<id>`, the reader's view) and copies it, at its version, in the transaction
 * of the rows naming it, and so on for the rows those name.
 */
import { kysely } from '../../db/kysely.ts';
import type { Em } from '../../db/orm.ts';
import { systemSession } from '../../auth/system-session.ts';
import { systemReplicate, type ReplicaChange } from '../../tbl/system-write.ts';
import type { AppContext, Doc } from '../../types.ts';
import type { Remote } from './remote.ts';

/** How deep a chain of missing references is followed (a case → its patient → …). */
const DEPTH = 4;

/**
 * Copies the rows that `changes` reference and the client lacks; answers how many it copied.
 * @example await fetchMissing(tx, ctx, remote, workspaceId, page.changes) // 3
 */
export async function fetchMissing(em: Em, ctx: AppContext, remote: Remote, workspaceId: string, changes: ReplicaChange[]): Promise<number> {
  const x = { em, ctx, session: systemSession(workspaceId, '') };
  let written = changes.filter((c) => c.op === 'create' || c.op === 'update');
  let copied = 0;
  for (let depth = 0; depth < DEPTH && written.length; depth++) {
    const wanted = new Map<string, Set<string>>();
    for (const c of written) {
      const def = ctx.registry.tables.get(c.table);
      if (!def || !c.data) continue;
      for (const f of def.fields) {
        const v = f.kind === 'ref' && f.path.length === 1 ? c.data[f.key] : undefined;
        if (typeof v === 'string' && f.ref && ctx.registry.apiTable(f.ref)) wanted.set(f.ref, (wanted.get(f.ref) ?? new Set()).add(v));
      }
    }
    const next: ReplicaChange[] = [];
    for (const [table, ids] of wanted) {
      const held = await kysely(em).selectFrom(table).select('id').where('id', 'in', [...ids]).execute();
      for (const id of [...ids].filter((i) => !held.some((h) => String(h.id) === i))) {
        const doc = await remote.get<Doc>(`/api/tbl/${table}/${id}`);
        if (!doc) continue;
        const def = ctx.registry.table(table);
        const keys = new Set([...def.fields.map((f) => f.path[0]), ...def.children.map((c) => c.prop)]);
        const data = Object.fromEntries(Object.entries(doc).filter(([k]) => keys.has(k) && k !== 'id'));
        const change: ReplicaChange = { table, id, op: 'create', version: Number(doc.version ?? 1), data };
        await systemReplicate(x, change);
        next.push(change);
        copied++;
      }
    }
    written = next;
  }
  return copied;
}
