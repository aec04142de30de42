import { getPath, setPath } from '../../engine/path.ts';
import type { ChildTable, Field } from '../../engine/types.ts';
import type { Doc } from '../modules.ts';

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

export function rowToDoc(fields: Field[], row: Record<string, unknown>, opts: { hidden?: boolean } = {}): Doc {
  const doc: Doc = {};
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

export function childRowsToItems(child: ChildTable, rows: Record<string, unknown>[]): unknown[] {
  return rows.map((r) => (child.scalarItems ? fromDb(child.fields[0], r[child.fields[0].column]) : rowToDoc(child.fields, r)));
}

export function itemsToChildRows(child: ChildTable, parentId: string, items: unknown[] = []): Record<string, unknown>[] {
  return items.map((item, idx) => ({
    id: crypto.randomUUID(),
    parent_id: parentId,
    idx,
    ...(child.scalarItems ? { [child.fields[0].column]: item ?? null } : docToRow(child.fields, item as Doc)),
  }));
}
