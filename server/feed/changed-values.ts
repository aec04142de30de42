/**
 * What a write records as changed (docs/sync-feed.md): the change feed's `data` of a row's create or
 * update — the fields whose stored value differs, a child table's rows as one value. An offline
 * upload reads these keys as the fields the server changed since the client's copy (merge.ts), so
 * this rule decides, with the merge, what is merged and what is a conflict. Pure.
 */
import type { Doc } from '../types.ts';

/**
 * Whether two stored values are the same; an empty value is one value, null or absent (a field empty
 * before and after did not change).
 * @example sameValue(null, undefined) // true
 */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The stored values that differ between two versions of a document, by top-level field
 * (a child table's rows count as one value).
 * @example changedValues({ name: 'A', code: 1 }, { name: 'B', code: 1 }) // { name: 'B' }
 */
export function changedValues(prev: Doc | undefined, next: Doc): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(next)) {
    if (k === 'id' || k === 'version' || k === 'updatedAt') continue;
    if (!prev || !sameValue(prev[k], v)) out[k] = v ?? null;
  }
  if (prev) for (const k of Object.keys(prev)) if (!(k in next) && prev[k] != null && !['id', 'version', 'updatedAt'].includes(k)) out[k] = null;
  return out;
}
