import type { Row } from '../../types.ts';
import { rowToDoc } from '../rows.ts';
import { loadChildren } from './children.ts';
import { selectColumns, systemFields } from './columns.ts';
import type { TableLimits } from './limits.ts';

/**
 * One row as a document with its child rows, if it is within the limits; `lock` takes it
 * `for update`, `hidden` keeps the fields the API does not show.
 * @example await readRow(limits, id, { lock: true }) // undefined outside the view
 */
export async function readRow(l: TableLimits, id: string, opts: { hidden?: boolean; lock?: boolean } = {}): Promise<Row | undefined> {
  let q = l.select().select(selectColumns(l.def.fields)).where('t.id', '=', id);
  if (opts.lock) q = q.forUpdate('t') as typeof q;
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const doc = { ...systemFields(row), ...rowToDoc(l.def.fields, row, opts) };
  await loadChildren(l.def, l.em, [doc]);
  return doc;
}

/**
 * The rows among `ids` within the limits: their id and the given columns.
 * @example await rowsByIds(limits, ids, ['type']) // [{id, type: 'LAB'}]
 */
export async function rowsByIds(l: TableLimits, ids: string[], cols: string[] = []): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  return l.select().select(['t.id', ...cols.map((c) => `t.${c}`)]).where('t.id', 'in', ids).execute();
}

/**
 * Whether the row exists within the limits.
 * @example await rowExists(limits, caseId) // false for a case of another unit
 */
export async function rowExists(l: TableLimits, id: string): Promise<boolean> {
  return !!(await l.select().select('t.id').where('t.id', '=', id).executeTakeFirst());
}
