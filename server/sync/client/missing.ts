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
        const change: ReplicaChange = { table, id, op: 'create', version: Number(doc.version ?? 1), data: replicaOf(ctx, table, doc) };
        await systemReplicate(x, change);
        next.push(change);
        copied++;
      }
    }
    written = next;
  }
  return copied;
}

/**
 * A row as the server's API answers it (`GET /api/tbl/<table>/<id>`), as the values to copy: its stored
 * fields and child tables, without the names the read joins in.
 * @example replicaOf(ctx, 'tbcase', await remote.get(`/api/tbl/tbcase/${id}`)) // { caseNumber: '000042', patientId, … }
 */
export function replicaOf(ctx: AppContext, table: string, doc: Doc): Doc {
  const def = ctx.registry.table(table);
  const keys = new Set([...def.fields.map((f) => f.path[0]), ...def.children.map((c) => c.prop)]);
  return Object.fromEntries(Object.entries(doc).filter(([k]) => keys.has(k) && k !== 'id'));
}

/**
 * The sub-records of cases that entered the client's view (a case transferred in): their creation was
 * placed in the unit they were made in, so the feed does not bring them here. The client asks the
 * server for each sub-record table it may read (`POST /api/tbl/<table>/query {caseId}`, the reader's
 * view) and copies the rows at their versions, in the transaction of the page naming the cases; a
 * table the user may not read answers 403 and is skipped. Answers how many rows it copied.
 * @example await fetchSubRecords(tx, ctx, remote, workspaceId, [caseId]) // 4: its exam, treatment, unit, prescription
 */
export async function fetchSubRecords(em: Em, ctx: AppContext, remote: Remote, workspaceId: string, caseIds: string[]): Promise<number> {
  if (!caseIds.length) return 0;
  const x = { em, ctx, session: systemSession(workspaceId, '') };
  const tables = [...ctx.registry.tables.values()].filter((d) => d.meta.parent && d.fields.find((f) => f.key === d.meta.parent)?.ref === 'tbcase' && ctx.registry.apiTable(d.name));
  let copied = 0;
  const written: ReplicaChange[] = [];
  for (const caseId of caseIds) {
    for (const def of tables) {
      for (let after: string | null | undefined = undefined; ; ) {
        let page: { list: Doc[]; next?: string | null };
        try {
          page = await remote.post(`/api/tbl/${def.name}/query`, { [def.meta.parent!]: caseId, pageSize: 500, count: false, ...(after ? { after } : {}) });
        } catch (e) {
          if ((e as { status?: number }).status === 403) break;
          throw e;
        }
        for (const doc of page.list) {
          const change: ReplicaChange = { table: def.name, id: String(doc.id), op: 'update', version: Number(doc.version ?? 1), data: replicaOf(ctx, def.name, doc) };
          await systemReplicate(x, change);
          written.push(change);
          copied++;
        }
        if (!page.next) break;
        after = page.next;
      }
    }
  }
  // and the rows those name that the client lacks (a prescription's medicine, an exam's laboratory)
  return copied + (await fetchMissing(em, ctx, remote, workspaceId, written));
}
