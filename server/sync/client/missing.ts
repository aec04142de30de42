/**
 * Rows the feed names but does not bring, by the rule of each reference (server/sync/references.ts): a
 * case's patient registered before the case (the feed places a patient through its cases, so the
 * patient's own creation was placed nowhere), the author of a comment who works in another unit (a name
 * only), another unit's batch a transfer carries, and the sub-records of a case entering the view. The
 * client asks the server for the referenced rows it does not hold, a thousand at a time
 * (`POST /api/sync/rows`), and so on for the rows those name — all before the page's transaction opens:
 * on the embedded database an open transaction holds every other request of the client (the status the
 * /sync page polls, a user's edit), so it must not wait for the server. The rows are then written with
 * the page. An `id-only` reference is not asked for (the client keeps the id alone). A reference to what
 * the client still does not hold (`cleared`, or a row the server no longer
 * gives) is emptied in the copy when the field may be empty: a page is never blocked by it.
 */
import { kysely, kyselyByName } from '../../db/kysely.ts';
import type { Em } from '../../db/orm.ts';
import type { ReplicaChange } from '../../tbl/system-write.ts';
import type { AppContext, Doc } from '../../types.ts';
import type { TableDef } from '../../../engine/types.ts';
import { referenceRule, referencesOf, type Reference } from '../references.ts';
import { ROWS_MAX } from '../rows.ts';
import type { SliceRow } from '../slice.ts';
import type { Remote } from './remote.ts';

/** How deep a chain of missing references is followed (a case → its patient → …). */
const DEPTH = 4;

/** The ids a reference of a change names (a child table's rows each name one). */
function namedBy(r: Reference, def: TableDef, data: Doc | null | undefined): string[] {
  if (!data) return [];
  if (!r.prop) {
    const v = r.field.path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Doc)[k] : undefined), data);
    return typeof v === 'string' ? [v] : [];
  }
  const items = data[r.prop];
  if (!Array.isArray(items)) return [];
  const scalar = def.children.find((c) => c.prop === r.prop)?.scalarItems;
  return items.map((i) => (scalar ? i : (i as Doc | null)?.[r.field.key])).filter((v): v is string => typeof v === 'string');
}

/** The ids of `table` among `ids` the client holds. */
async function heldOf(em: Em, table: string, ids: string[]): Promise<Set<string>> {
  const held = new Set<string>();
  for (let i = 0; i < ids.length; i += ROWS_MAX) {
    for (const r of await kyselyByName(em).selectFrom(table).select('id').where('id', 'in', ids.slice(i, i + ROWS_MAX)).execute()) held.add(String(r.id));
  }
  return held;
}

/**
 * What a feed page needs from the server besides itself, fetched outside any local transaction: the
 * sub-records of the cases entering the view with it ({@link subRecordsOf}), then the rows the page and
 * those name that the client neither holds nor receives with them, and the rows those name in turn, in
 * batches (`fetched` is told how many arrived after each). Answers them as changes to write in the page's
 * transaction; the page's own changes get the references to what stays missing emptied.
 * @example const extra = await rowsForPage(em, ctx, remote, page.changes); // then, in one transaction: applyChanges(tx, ctx, ws, [...page.changes, ...extra])
 */
export async function rowsForPage(em: Em, ctx: AppContext, remote: Remote, changes: ReplicaChange[], fetched?: (n: number) => void): Promise<ReplicaChange[]> {
  const written = changes.filter((c) => c.op === 'create' || c.op === 'update');
  const extra = await subRecordsOf(em, ctx, remote, await enteringCases(em, written));
  const present = new Map<string, Set<string>>();
  const add = (table: string, id: string) => present.set(table, (present.get(table) ?? new Set()).add(id));
  for (const c of [...written, ...extra]) add(c.table, c.id);
  const refsOf = (table: string) => {
    const def = ctx.registry.tables.get(table);
    return def ? referencesOf(def).map((r) => ({ r, def, rule: referenceRule(ctx.registry, r) })) : [];
  };
  let naming = [...written, ...extra];
  let count = 0;
  for (let depth = 0; depth < DEPTH && naming.length; depth++) {
    const wanted = new Map<string, Set<string>>();
    for (const c of naming) {
      for (const { r, def, rule } of refsOf(c.table)) {
        if (rule === 'cleared' || rule === 'id-only') continue;
        for (const id of namedBy(r, def, c.data)) if (!present.get(r.field.ref!)?.has(id)) wanted.set(r.field.ref!, (wanted.get(r.field.ref!) ?? new Set()).add(id));
      }
    }
    const next: ReplicaChange[] = [];
    for (const [table, ids] of wanted) {
      const held = await heldOf(em, table, [...ids]);
      for (const id of held) add(table, id);
      const missing = [...ids].filter((i) => !held.has(i));
      for (let i = 0; i < missing.length; i += ROWS_MAX) {
        const { rows } = await remote.post<{ rows: SliceRow[] }>('/api/sync/rows', { table, ids: missing.slice(i, i + ROWS_MAX) });
        for (const row of rows) {
          add(table, row.id);
          next.push({ table, id: row.id, op: 'update', version: row.version, data: row.data });
        }
        fetched?.((count += rows.length));
      }
    }
    extra.push(...next);
    naming = next;
  }
  await emptyMissingReferences(em, ctx, [...written, ...extra], present);
  return extra;
}

/**
 * Empties, in the changes' data, the references (that may be empty) to rows the client neither holds nor
 * receives: `cleared` ones (a case transferred away), and rows the server did not give (gone meanwhile).
 */
async function emptyMissingReferences(em: Em, ctx: AppContext, changes: ReplicaChange[], present: Map<string, Set<string>>): Promise<void> {
  for (const c of changes) {
    const def = ctx.registry.tables.get(c.table);
    if (!def || !c.data) continue;
    for (const r of referencesOf(def)) {
      if (r.prop || r.field.path.length !== 1 || def.schema.required?.includes(r.field.key)) continue;
      const [id] = namedBy(r, def, c.data);
      if (!id || present.get(r.field.ref!)?.has(id)) continue;
      if (!(await heldOf(em, r.field.ref!, [id])).has(id)) c.data = { ...c.data, [r.field.key]: null };
      else present.set(r.field.ref!, (present.get(r.field.ref!) ?? new Set()).add(id));
    }
  }
}

/** The cases a page changes that the client does not hold and the page does not create: they enter its view (a transfer in). */
async function enteringCases(em: Em, written: ReplicaChange[]): Promise<string[]> {
  const created = new Set(written.filter((c) => c.table === 'tbcase' && c.op === 'create').map((c) => c.id));
  const ids = [...new Set(written.filter((c) => c.table === 'tbcase' && c.op === 'update' && !created.has(c.id)).map((c) => c.id))];
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
 * server for each sub-record table it may read (`POST /api/sync/query/<table> {caseId}`: the generic
 * table query, under /api/sync so the synchronisation key opens it; the reader's
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
          page = await remote.post(`/api/sync/query/${def.name}`, { [def.meta.parent!]: caseId, pageSize: 500, count: false, ...(after ? { after } : {}) });
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
