/**
 * How an offline client's change meets the row as the server holds it (docs/sync.md "Upload"): the
 * fields the server changed since the client's copy (its `baseVersion`) are read from the change feed;
 * a client's field the server did not change is written; one it changed to another value keeps the
 * server's value and is a conflict; the same value typed on both sides is none. A delete of a row the
 * server changed since is refused. Pure: push.ts reads the row and the feed and writes the outcome.
 */
import type { Doc } from '../types.ts';

/** One field where the server's value was kept over the client's. */
export interface FieldConflict {
  field: string;
  server: unknown;
  client: unknown;
}

/** What an update from a client comes to. */
export interface MergeOutcome {
  /** `applied`: the server had not changed the row; `merged`: it had, in other fields (or to the same values); `conflict`: some field kept the server's value. */
  result: 'applied' | 'merged' | 'conflict';
  /** The client's fields to write: all but the id and the conflicting ones. */
  patch: Doc;
  conflicts: FieldConflict[];
}

/**
 * Whether the server's row moved on since the client's copy: only then is the feed read for what it
 * changed. No base (a client that never read the row) or a base at or past the server's: not stale.
 * @example isStale(3, 5) // true
 * @example isStale(5, 5) // false
 */
export const isStale = (baseVersion: number | undefined, serverVersion: number): boolean => baseVersion !== undefined && baseVersion < serverVersion;

/**
 * The fields the feed's entries of a row changed (each entry's `data` keys; a child table is one key).
 * @example changedFields([{ caseNumber: 'Б-7' }, null, { state: 'CLOSED', caseNumber: 'Б-8' }]) // Set { 'caseNumber', 'state' }
 */
export function changedFields(entries: (Doc | null | undefined)[]): Set<string> {
  const out = new Set<string>();
  for (const data of entries) for (const k of Object.keys(data ?? {})) out.add(k);
  return out;
}

/**
 * Equal as stored values: the same JSON, a missing value and null alike.
 * @example sameValue(undefined, null) // true
 * @example sameValue({ a: 1 }, { a: 1 }) // true
 */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A client's update (`data`: the fields it changed) against the server's row (`current`) and the
 * fields the server changed since the client's copy (`changedSince`).
 * @example
 *   mergeUpdate({ caseNumber: 'Б-9', state: 'ONTREATMENT' }, { caseNumber: 'Б-7', weight: 61 }, new Set(['caseNumber']))
 *   // { result: 'conflict', patch: { weight: 61 }, conflicts: [{ field: 'caseNumber', server: 'Б-9', client: 'Б-7' }] }
 */
export function mergeUpdate(current: Doc, data: Doc, changedSince: Set<string>): MergeOutcome {
  const conflicts = Object.keys(data)
    .filter((k) => k !== 'id' && k !== 'version' && changedSince.has(k) && !sameValue(current[k], data[k]))
    .map((field) => ({ field, server: current[field] ?? null, client: data[field] ?? null }));
  const kept = new Set(conflicts.map((c) => c.field));
  const patch = Object.fromEntries(Object.entries(data).filter(([k]) => k !== 'id' && !kept.has(k)));
  return { result: conflicts.length ? 'conflict' : changedSince.size ? 'merged' : 'applied', patch, conflicts };
}

/**
 * Whether a client's delete may go ahead: only when the server changed nothing since its copy.
 * @example mayDelete(new Set()) // true
 * @example mayDelete(new Set(['state'])) // false
 */
export const mayDelete = (changedSince: Set<string>): boolean => changedSince.size === 0;
