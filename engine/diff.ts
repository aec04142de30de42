import { getPath as get } from './path.ts';
import type { TableDef } from './types.ts';

export interface FieldChange {
  /** Dotted path of the field, or `<child>` for a child-table item. */
  field: string;
  prevValue: unknown;
  newValue: unknown;
}

export interface DocDiff {
  /** Changed stored fields (scalars and references). */
  changes: FieldChange[];
  /** Child-table items added (`+`) or removed (`-`), by their display value. */
  added: { field: string; value: unknown }[];
  removed: { field: string; value: unknown }[];
}

const empty = (v: unknown) => v === undefined || v === null || v === '';
const same = (a: unknown, b: unknown) => (empty(a) && empty(b)) || JSON.stringify(a) === JSON.stringify(b);

/** Compares two versions of a document field by field, as the command history records them. */
export function diffDocs(def: TableDef, prev: Record<string, any> | undefined, next: Record<string, any> | undefined): DocDiff {
  const out: DocDiff = { changes: [], added: [], removed: [] };
  for (const f of def.fields) {
    if (f.hidden) continue;
    const a = get(prev, f.path);
    const b = get(next, f.path);
    if (!same(a, b)) out.changes.push({ field: f.key, prevValue: a ?? null, newValue: b ?? null });
  }
  for (const c of def.children) {
    const key = (item: unknown) => JSON.stringify(item);
    const before = new Map(((prev?.[c.prop] as unknown[]) ?? []).map((i) => [key(i), i]));
    const after = new Map(((next?.[c.prop] as unknown[]) ?? []).map((i) => [key(i), i]));
    for (const [k, v] of after) if (!before.has(k)) out.added.push({ field: c.prop, value: v });
    for (const [k, v] of before) if (!after.has(k)) out.removed.push({ field: c.prop, value: v });
  }
  return out;
}

export const isEmptyDiff = (d: DocDiff) => !d.changes.length && !d.added.length && !d.removed.length;
