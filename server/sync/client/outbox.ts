/**
 * The offline client's local changes, read from its own change feed (`changelog`): on the client that
 * feed holds only what was changed there — the server's changes are copied through the replica door,
 * which feeds nothing — each with its user, time and the row's version after it. A batch is the
 * changes between two seqs; each row's changes in it become one upload (`POST /api/sync/push`):
 * - `create` (the row was made here; its later edits folded in), `update` (the fields changed, its
 *   `baseVersion` the version the first edit started from — the server's version of the copy), or
 *   `delete`; a row made and deleted here is not sent;
 * - its change id is derived from the client, the row and the batch's last change of it, so a batch
 *   made again (a synchronisation resumed after a crash) has the same ids and the server answers
 *   them from its record instead of applying them twice;
 * - only what a user may type is sent: derived and read-only values (a case's latest results, its
 *   automatic tags' links, the case-number counter) are the server's to compute; a case's provisional
 *   number is left out, so the server gives the case its number; its manual tags' links (made or
 *   removed here) are sent, and a manual tag typed here before its links.
 */
import { createHash } from 'node:crypto';
import { kysely } from '../../db/kysely.ts';
import type { Em } from '../../db/orm.ts';
import type { TableDef } from '../../../engine/types.ts';
import type { AppContext, Doc } from '../../types.ts';
import type { ClientChange } from '../push.ts';
import { isProvisionalCaseNumber } from './provisional.ts';
import { jsonColumn } from '../../db/json-column.ts';

/** Tables whose rows only the server's own rules write (counted, derived): never uploaded. */
const SERVER_ONLY = new Set(['casecounter', 'tagrefresh']);

/**
 * The case–tag links among `rows` that are automatic (the server's to compute from the tags'
 * conditions), by the tag each names: its creation's data, or its delete's (a delete keeps what the
 * row named — a manual link made on the server and removed here is known as manual, and its removal
 * is sent), or the tag a link held here names now. A link whose tag is not known (a delete cascading
 * from its case's) is left to the server.
 */
async function automaticLinks(em: Em, rows: LocalRow[]): Promise<Set<string>> {
  const links = rows.filter((r) => r.table_name === 'casetag');
  if (!links.length) return new Set();
  const told = await kysely(em)
    .selectFrom('changelog').select(['row_id', 'data'])
    .where('table_name', '=', 'casetag').where('op', 'in', ['create', 'delete']).where('row_id', 'in', [...new Set(links.map((r) => String(r.row_id)))])
    .execute();
  const tagOf = new Map<string, string>();
  for (const m of told) {
    const tagId = jsonColumn<Doc | null>(m.data, null)?.tagId;
    if (typeof tagId === 'string') tagOf.set(String(m.row_id), tagId);
  }
  // a link still held names its tag now: a tag typed here that gave way to the server's of that name
  // (server/sync/client/apply.ts) left its links naming the server's tag
  const held = await kysely(em).selectFrom('casetag').select(['id', 'tag_id']).where('id', 'in', [...new Set(links.map((r) => String(r.row_id)))]).execute();
  for (const h of held) tagOf.set(String(h.id), String(h.tag_id));
  const tagIds = [...new Set(tagOf.values())];
  const manual = new Set(tagIds.length ? (await kysely(em).selectFrom('tag').select('id').where('id', 'in', tagIds).where((w) => w.or([w('auto_generated', '=', false), w('auto_generated', 'is', null)])).execute()).map((r) => String(r.id)) : []);
  return new Set(links.filter((r) => !manual.has(tagOf.get(String(r.row_id)) ?? '')).map((r) => String(r.row_id)));
}

/**
 * The seq of the latest local change (0: none yet).
 * @example await lastLocalSeq(em) // 42
 */
export async function lastLocalSeq(em: Em): Promise<number> {
  const r = await kysely(em).selectFrom('changelog').select((e) => e.fn.max('seq').as('m')).executeTakeFirst();
  return Number(r?.m ?? 0);
}

/** A uuid made from a text (the same text, the same uuid). */
function uuidOf(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The values a user may type: no read-only, hidden or system field. */
function typedOnly(def: TableDef, data: Doc): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(data)) {
    const fields = def.fields.filter((f) => f.path[0] === k);
    const isChild = def.children.some((c) => c.prop === k);
    if (isChild || fields.some((f) => !f.readonly && !f.hidden && f.kind !== 'none')) out[k] = v;
  }
  return out;
}

interface LocalRow {
  seq: string | number;
  table_name: string;
  row_id: string;
  op: string;
  row_version: number;
  data: unknown;
  user_id: string | null;
  changed_at: string;
}

/**
 * The uploads for the local changes with `after < seq ≤ upTo`, in the order their rows were first
 * changed (a patient before the case made with it).
 * @example await localChanges(em, ctx, clientId, 0, 42) // [{ changeId, table: 'patient', op: 'create', … }, …]
 */
export async function localChanges(em: Em, ctx: AppContext, clientId: string, after: number, upTo: number): Promise<ClientChange[]> {
  const rows = (await kysely(em)
    .selectFrom('changelog').select(['seq', 'table_name', 'row_id', 'op', 'row_version', 'data', 'user_id', 'changed_at'])
    .where('seq', '>', after).where('seq', '<=', upTo).where('user_id', 'is not', null).where('op', '<>', 'left')
    .orderBy('seq')
    .execute()) as LocalRow[];
  const byRow = new Map<string, LocalRow[]>();
  const automatic = await automaticLinks(em, rows);
  for (const r of rows) {
    if (SERVER_ONLY.has(r.table_name) || automatic.has(String(r.row_id)) || !ctx.registry.apiTable(r.table_name)) continue;
    const key = `${r.table_name}:${r.row_id}`;
    byRow.set(key, [...(byRow.get(key) ?? []), r]);
  }
  const out: ClientChange[] = [];
  for (const [key, list] of byRow) {
    const def = ctx.registry.table(list[0].table_name);
    const last = list[list.length - 1];
    const made = list[0].op === 'create';
    const deleted = list.some((r) => r.op === 'delete');
    if (made && deleted) continue;
    const merged: Doc = {};
    for (const r of list) Object.assign(merged, jsonColumn<Doc>(r.data, {}));
    const data = typedOnly(def, merged);
    if (made && def.name === 'tbcase' && isProvisionalCaseNumber(data.caseNumber)) delete data.caseNumber;
    const op: ClientChange['op'] = made ? 'create' : deleted ? 'delete' : 'update';
    if (op === 'update' && !Object.keys(data).length) continue;
    out.push({
      changeId: uuidOf(`${clientId}:${key}:${last.seq}`),
      table: def.name,
      op,
      id: String(last.row_id),
      ...(made ? {} : { baseVersion: Math.max(1, Number(list[0].row_version) - 1) }),
      ...(op === 'delete' ? {} : { data }),
      ...(last.user_id ? { userId: String(last.user_id) } : {}),
      at: new Date(last.changed_at).toISOString(),
    });
  }
  return out;
}
