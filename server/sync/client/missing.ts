/**
 * Rows the feed names but does not bring: a case's patient registered before the case (the feed
 * places a patient through its cases, so the patient's own creation was placed nowhere), a row of a
 * case that entered the view. The client asks the server for each referenced row it does not hold
 * (`GET /api/tbl/<table>/<id>`, the reader's view), and so on for the rows those name, and for the
 * sub-records of a case entering its view — all before the page's transaction opens: on the embedded
 * database an open transaction holds every other request of the client (the status the /sync page
 * polls, a user's edit), so it must not wait for the server. The rows are then written with the page.
 */
import { kysely } from '../../db/kysely.ts';
import type { Em } from '../../db/orm.ts';
import type { ReplicaChange } from '../../tbl/system-write.ts';
import type { AppContext, Doc } from '../../types.ts';
import type { Remote } from './remote.ts';

/** How deep a chain of missing references is followed (a case → its patient → …). */
const DEPTH = 4;

/**
 * What a feed page needs from the server besides itself, fetched outside any local transaction: the
 * sub-records of the cases entering the view with it ({@link subRecordsOf}), then the rows the page and
 * those name that the client neither holds nor receives with them, and the rows those name in turn.
 * Answers them as changes to write in the page's transaction.
 * @example const extra = await rowsForPage(em, ctx, remote, page.changes); // then, in one transaction: applyChanges(tx, ctx, ws, [...page.changes, ...extra])
 */
export async function rowsForPage(em: Em, ctx: AppContext, remote: Remote, changes: ReplicaChange[]): Promise<ReplicaChange[]> {
  const written = changes.filter((c) => c.op === 'create' || c.op === 'update');
  const extra = await subRecordsOf(em, ctx, remote, await enteringCases(em, written));
  const known = new Set([...written, ...extra].map((c) => c.id));
  let naming = [...written, ...extra];
  for (let depth = 0; depth < DEPTH && naming.length; depth++) {
    const wanted = new Map<string, Set<string>>();
    for (const c of naming) {
      const def = ctx.registry.tables.get(c.table);
      if (!def || !c.data) continue;
      for (const f of def.fields) {
        const v = f.kind === 'ref' && f.path.length === 1 ? c.data[f.key] : undefined;
        if (typeof v === 'string' && !known.has(v) && f.ref && ctx.registry.apiTable(f.ref)) wanted.set(f.ref, (wanted.get(f.ref) ?? new Set()).add(v));
      }
    }
    const next: ReplicaChange[] = [];
    for (const [table, ids] of wanted) {
      const held = new Set((await kysely(em).selectFrom(table).select('id').where('id', 'in', [...ids]).execute()).map((h) => String(h.id)));
      for (const id of [...ids].filter((i) => !held.has(i))) {
        known.add(id);
        const doc = await remote.get<Doc>(`/api/tbl/${table}/${id}`);
        if (doc) next.push({ table, id, op: 'create', version: Number(doc.version ?? 1), data: replicaOf(ctx, table, doc) });
      }
    }
    extra.push(...next);
    naming = next;
  }
  return extra;
}

/** The cases a page changes that the client does not hold: they enter its view (a transfer in). */
async function enteringCases(em: Em, written: ReplicaChange[]): Promise<string[]> {
  const ids = [...new Set(written.filter((c) => c.table === 'tbcase' && c.op === 'update').map((c) => c.id))];
  if (!ids.length) return [];
  const held = new Set((await kysely(em).selectFrom('tbcase').select('id').where('id', 'in', ids).execute()).map((r) => String(r.id)));
  return ids.filter((id) => !held.has(id));
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
 * The sub-records of cases that enter the client's view (a case transferred in): their creation was
 * placed in the unit they were made in, so the feed does not bring them here. The client asks the
 * server for each sub-record table it may read (`POST /api/tbl/<table>/query {caseId}`, the reader's
 * view), as changes to write at the rows' versions; a table the user may not read answers 403 and is
 * skipped.
 * @example await subRecordsOf(em, ctx, remote, [caseId]) // its exam, treatment, unit, prescription
 */
async function subRecordsOf(em: Em, ctx: AppContext, remote: Remote, caseIds: string[]): Promise<ReplicaChange[]> {
  const out: ReplicaChange[] = [];
  if (!caseIds.length) return out;
  const tables = [...ctx.registry.tables.values()].filter((d) => d.meta.parent && d.fields.find((f) => f.key === d.meta.parent)?.ref === 'tbcase' && ctx.registry.apiTable(d.name));
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
        for (const doc of page.list) out.push({ table: def.name, id: String(doc.id), op: 'update', version: Number(doc.version ?? 1), data: replicaOf(ctx, def.name, doc) });
        if (!page.next) break;
        after = page.next;
      }
    }
  }
  return out;
}
