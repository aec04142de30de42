import { t, type Lang } from '../../engine/i18n.ts';
import { getPath, setPath } from '../../engine/path.ts';
import type { ChildTable, Field, TableDef } from '../../engine/types.ts';
import { fail, isUuid } from '../http/errors.ts';
import type { Doc } from '../types.ts';

/** Converts between documents (nested, camelCase) and rows (flat, snake_case). */

export { getPath, setPath };

function fromDb(f: Field, v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (v instanceof Date) return f.format === 'date' ? localDate(v) : v.toISOString();
  if (f.type === 'number' && typeof v === 'string') return Number(v);
  return v;
}

/** A `date` column read as a Date at local midnight: back to YYYY-MM-DD without shifting the day. */
const localDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * A row as its document: each field's column at the field's path (hidden fields only with `hidden`),
 * written into `into` when given (a list row's system fields already there: no copy a row).
 * @example rowToDoc(def.fields, { short_name: 'GF' }) // { shortName: 'GF' }
 */
export function rowToDoc(fields: Field[], row: Record<string, unknown>, opts: { hidden?: boolean; into?: Doc } = {}): Doc {
  const doc: Doc = opts.into ?? {};
  for (const f of fields) {
    if (f.kind === 'none' || (f.hidden && !opts.hidden)) continue;
    const v = fromDb(f, row[f.column]);
    if (v !== undefined) setPath(doc, f.path, v);
  }
  return doc;
}

export function docToRow(fields: Field[], doc: Doc): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.kind === 'none' || f.kind === 'via') continue;
    const v = getPath(doc, f.path);
    row[f.column] = v === undefined || v === '' ? null : f.kind === 'json' ? JSON.stringify(v) : v;
  }
  return row;
}

/**
 * A child table's rows as the document's items, in their stored order: an object row carries its
 * `id` (sent back by an update, it keeps the row); a plain value (a user's profile, a product's
 * substance) stays a plain value.
 * @example childRowsToItems(medicines, rows) // [{ id: '…', medicineId: '…', days: 30 }, …]
 */
export function childRowsToItems(child: ChildTable, rows: Record<string, unknown>[]): unknown[] {
  return rows.map((r) => (child.scalarItems ? fromDb(child.fields[0], r[child.fields[0].column]) : { id: r.id, ...rowToDoc(child.fields, r) }));
}

const isObject = (v: unknown): v is Doc => !!v && typeof v === 'object' && !Array.isArray(v);

/** What a row stores, as comparable text (its id and order aside). */
const content = (child: ChildTable, item: unknown) =>
  JSON.stringify(child.scalarItems ? (item ?? null) : docToRow(child.fields, isObject(item) ? item : {}));

/**
 * Gives every object row of `doc`'s child tables its id, so an update changes rows rather than
 * replacing them: a row sent with its id keeps it (lower-cased; a new uuid the client chose makes a
 * new row with that id); a row sent without one takes the id of a stored row of the same content
 * not claimed by another, else a new uuid. Two rows naming the same id are refused. Call it before
 * diffing (the history then says which row changed) — `writeChildren` calls it too.
 * @example assignChildIds(regimen, prev, doc, 'ru') // doc.medicines[0].id === prev.medicines[0].id
 */
export function assignChildIds(def: TableDef, prev: Doc | undefined, doc: Doc, lang: Lang): void {
  for (const c of def.children) {
    const items = doc[c.prop];
    if (!c.scalarItems && Array.isArray(items)) matchRowIds(c, Array.isArray(prev?.[c.prop]) ? prev![c.prop] : [], items, lang);
  }
}

function matchRowIds(child: ChildTable, before: unknown[], items: unknown[], lang: Lang): void {
  const claimed = new Set<string>();
  items.forEach((item, i) => {
    if (!isObject(item) || !isUuid(item.id)) return; // another id is refused by the schema
    item.id = item.id.toLowerCase();
    if (claimed.has(item.id)) throw fail(400, t(lang, 'msg.duplicate'), `${child.prop}.${i}.id`);
    claimed.add(item.id);
  });
  const free = before.filter((b): b is Doc => isObject(b) && typeof b.id === 'string' && !claimed.has(b.id));
  for (const item of items) {
    if (!isObject(item) || (item.id !== undefined && item.id !== null)) continue;
    const text = content(child, item);
    const same = free.findIndex((b) => content(child, b) === text);
    item.id = same >= 0 ? free.splice(same, 1)[0].id : crypto.randomUUID();
  }
}

/** The statements that turn a parent's stored child rows into the given items. */
export interface ChildRowsPlan {
  insert: Record<string, unknown>[];
  update: { id: string; values: Record<string, unknown> }[];
  remove: string[];
}

/**
 * Compares a parent's stored rows of one child table with the items to store: an object row is
 * matched by its id (see {@link assignChildIds}), a plain value by its value; matched rows whose
 * values or place changed are updated, new ones inserted, the others removed. `idx` is the place.
 * @example planChildRows(medicines, regimenId, stored, doc.medicines) // { insert: [], update: [{ id, values: { days: 60, idx: 0 } }], remove: [] }
 */
export function planChildRows(child: ChildTable, parentId: string, stored: Record<string, unknown>[], items: unknown[], lang: Lang): ChildRowsPlan {
  const before = childRowsToItems(child, stored);
  if (!child.scalarItems) matchRowIds(child, before, items, lang);
  const plan: ChildRowsPlan = { insert: [], update: [], remove: [] };
  const free = new Map(stored.map((r, i) => [String(r.id), { row: r, item: before[i] }]));
  items.forEach((item, idx) => {
    const values = child.scalarItems ? { [child.fields[0].column]: item ?? null } : docToRow(child.fields, isObject(item) ? item : {});
    let id: string | undefined;
    if (child.scalarItems) id = [...free.keys()].find((k) => content(child, free.get(k)!.item) === content(child, item));
    else if (isUuid((item as Doc).id)) id = (item as Doc).id;
    const old = id !== undefined ? free.get(id) : undefined;
    if (!old) {
      plan.insert.push({ id: id ?? crypto.randomUUID(), parent_id: parentId, idx, ...values });
      return;
    }
    free.delete(id!);
    if (old.row.idx !== idx || content(child, old.item) !== content(child, item)) plan.update.push({ id: id!, values: { idx, ...values } });
  });
  plan.remove = [...free.keys()];
  return plan;
}
