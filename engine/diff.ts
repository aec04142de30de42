import { getPath as get } from './path.ts';
import type { ChildTable, Field, TableDef } from './types.ts';

export interface FieldChange {
  /** Dotted path of the field, or `<child>` for a child-table item. */
  field: string;
  prevValue: unknown;
  newValue: unknown;
}

/** A child row kept by its id whose fields changed (a regimen's medicine with another dose). */
export interface RowChange {
  /** The child table's property (`medicines`). */
  field: string;
  id: string;
  prev: Record<string, unknown>;
  next: Record<string, unknown>;
  /** The row's changed fields, by their key within the row. */
  changes: FieldChange[];
}

export interface DocDiff {
  /** Changed stored fields (scalars and references). */
  changes: FieldChange[];
  /** Child-table items added (`+`) or removed (`-`), by their display value. */
  added: { field: string; value: unknown }[];
  removed: { field: string; value: unknown }[];
  /** Child rows kept (same id) with changed fields. */
  rows: RowChange[];
  /** Child tables whose kept rows changed their order: the rows before and after. */
  reordered: { field: string; prev: unknown[]; next: unknown[] }[];
}

const empty = (v: unknown) => v === undefined || v === null || v === '';
const same = (a: unknown, b: unknown) => (empty(a) && empty(b)) || JSON.stringify(a) === JSON.stringify(b);
const isObject = (v: unknown): v is Record<string, any> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The fields of `fields` whose values differ between two objects. */
function fieldChanges(fields: Field[], prev: unknown, next: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  for (const f of fields) {
    if (f.hidden) continue;
    const a = get(prev, f.path);
    const b = get(next, f.path);
    if (!same(a, b)) out.push({ field: f.key, prevValue: a ?? null, newValue: b ?? null });
  }
  return out;
}

/**
 * Compares two versions of a document field by field, as the command history records them. Child
 * rows that carry their id (object rows, see server/tbl/rows.ts `assignChildIds`) are matched by it:
 * a kept row with other values is a changed row, not a removal and an addition; rows without an id
 * and plain values are matched by their content.
 * @example diffDocs(regimen, { medicines: [{ id: 'a', days: 30 }] }, { medicines: [{ id: 'a', days: 60 }] }).rows
 *   // [{ field: 'medicines', id: 'a', changes: [{ field: 'days', prevValue: 30, newValue: 60 }], … }]
 */
export function diffDocs(def: TableDef, prev: Record<string, any> | undefined, next: Record<string, any> | undefined): DocDiff {
  const out: DocDiff = { changes: fieldChanges(def.fields, prev, next), added: [], removed: [], rows: [], reordered: [] };
  for (const c of def.children) diffRows(c, list(prev?.[c.prop]), list(next?.[c.prop]), out);
  return out;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const idOf = (item: unknown): string | undefined => (isObject(item) && typeof item.id === 'string' ? item.id : undefined);

function diffRows(c: ChildTable, before: unknown[], after: unknown[], out: DocDiff): void {
  const content = (item: unknown) => JSON.stringify(c.scalarItems ? item : c.fields.map((f) => get(item, f.path) ?? null));
  const prevById = new Map(before.filter(idOf).map((i) => [idOf(i)!, i]));
  const nextIds = new Set(after.map(idOf).filter(Boolean));
  const unmatched = before.filter((i) => !idOf(i) || !nextIds.has(idOf(i)!));
  const added: unknown[] = [];
  for (const item of after) {
    const kept = idOf(item) !== undefined ? prevById.get(idOf(item)!) : undefined;
    if (!kept) {
      added.push(item);
      continue;
    }
    const changes = fieldChanges(c.fields, kept, item);
    if (changes.length) out.rows.push({ field: c.prop, id: idOf(item)!, prev: kept as Record<string, unknown>, next: item as Record<string, unknown>, changes });
  }
  // rows without ids (and plain values): an addition and a removal of the same content cancel out
  for (const item of added) {
    const k = unmatched.findIndex((b) => (!idOf(item) || !idOf(b)) && content(b) === content(item));
    if (k >= 0) unmatched.splice(k, 1);
    else out.added.push({ field: c.prop, value: item });
  }
  for (const item of unmatched) out.removed.push({ field: c.prop, value: item });
  const order = (items: unknown[], keep: (id: string) => boolean) => items.map(idOf).filter((id): id is string => !!id && keep(id)).join();
  if (!c.scalarItems && order(before, (id) => nextIds.has(id)) !== order(after, (id) => prevById.has(id))) out.reordered.push({ field: c.prop, prev: before, next: after });
}

export const isEmptyDiff = (d: DocDiff) => !d.changes.length && !d.added.length && !d.removed.length && !d.rows.length && !d.reordered.length;
