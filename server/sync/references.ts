/**
 * How an offline client comes to hold what a row it receives names (docs/sync.md, "What a row names"):
 * one rule for every reference of every synchronised table, decided here once. A client holds its
 * unit's view, but a row in it may name what lies outside — the author of a comment, issue or answer
 * who works in another unit, another unit's batch a transfer carries, a case a dispensing names that
 * was transferred away. Such a row must still arrive whole and show what it names, never block a page:
 * - `slice`: the target table comes whole with the unit's slice (the workspace, its places, profiles
 *   and tags: server/sync/slice.ts) — always held;
 * - `catalogue`: a catalogue (placed by no unit), fed whole to whoever reads the naming table
 *   (`feedTables`, server/sync/routes.ts) — always held;
 * - `placed`: the target is in every view the naming row is in (a sub-record's case, a case's patient):
 *   fed with it, or asked of the server in batches (`POST /api/sync/rows`) when the feed placed it
 *   nowhere (a patient registered before its case);
 * - `named`: the target may be outside the view, and the server gives it to a reader who sees a row
 *   naming it (`POST /api/sync/rows`): another unit's batch in a transfer or an order;
 * - `name-only`: a person — the account as a name only (login and name; no password, no e-mail, not
 *   active: it cannot log in on the client), for any account a row in the reader's view names;
 * - `cleared`: the target may be outside the view and is not the unit's to see (a case transferred
 *   away that a dispensing of the unit names): the client holds the row without that reference, and
 *   when the target leaves the client the reference is emptied there (its value stays the server's);
 * - `id-only`: the same, for a reference that may not be empty (a contact followed by this unit whose
 *   index case is another unit's): the client keeps the id without the row — the reference's
 *   constraint is not checked on the client (server/sync/client/relaxed.ts).
 * A reference the server answers nothing for (a row gone meanwhile) is emptied on the client when the
 * field may be empty, so a page is never blocked by it. A new reference no rule covers fails
 * `tests/api/sync-references.test.ts`.
 */
import type { Registry } from '../../engine/registry.ts';
import type { Field, TableDef } from '../../engine/types.ts';
import { viasOf } from '../../engine/scope-via.ts';

export type ReferenceRule = 'slice' | 'catalogue' | 'placed' | 'named' | 'name-only' | 'cleared' | 'id-only';

/** The tables the slice carries whole (server/sync/slice.ts), besides the unit's own users. */
export const SLICE_TABLES = ['workspace', 'userprofile', 'countrystructure', 'adminunit', 'unit', 'tag'];

/** The table holding people's accounts: named by a name only. */
export const ACCOUNTS = 'sysuser';

/** The references whose rule their kind does not say, by `<table>.<path>`, each with why. */
const DECLARED: Record<string, ReferenceRule> = {
  // a dispensing's batch is the unit's own; a transfer's and an order's batches are the sending unit's
  'stockmovement.batchId': 'named',
  'stocktransfer.items.batchId': 'named',
  'stockorder.shipped.batchId': 'named',
  // the transfer or order a movement belongs to is placed in both units it joins
  'stockmovement.transferId': 'named',
  'stockmovement.orderId': 'named',
  // a dispensing stays in the unit's ledger when its case is transferred away: the case is not the unit's
  'stockmovement.caseId': 'cleared',
  // a contact is followed by its own unit: its index case, and the case notified from it, may be another unit's
  'contact.caseId': 'id-only',
  'contact.resultCaseId': 'cleared',
  // a stock count's lines name the unit's own batches and the adjustments the count made: in every view the count is in
  'stockcount.items.batchId': 'placed',
  'stockcount.items.movementId': 'placed',
};

/** One reference of a table: a field of its row, or of a child table's rows (`prop`). */
export interface Reference {
  table: string;
  /** The child table's property, for a reference inside an array of rows. */
  prop?: string;
  field: Field;
  /** `<table>.<path>` (`stocktransfer.items.batchId`). */
  name: string;
}

/**
 * Every reference of a table, its rows' and its child rows'.
 * @example referencesOf(registry.table('issue')).map((r) => r.name) // ['issue.caseId', 'issue.unitId', 'issue.userId']
 */
export function referencesOf(def: TableDef): Reference[] {
  const own = def.fields.filter((f) => f.kind === 'ref' && f.ref).map((field) => ({ table: def.name, field, name: `${def.name}.${field.key}` }));
  const children = def.children.flatMap((c) => c.fields.filter((f) => f.kind === 'ref' && f.ref).map((field) => ({ table: def.name, prop: c.prop, field, name: `${def.name}.${c.prop}.${field.key}` })));
  return [...own, ...children];
}

/**
 * The rule of one reference, or undefined when none covers it (a new kind of reference: decide it here).
 * @example referenceRule(registry, { table: 'casecomment', field: userIdField, name: 'casecomment.userId' }) // 'name-only'
 */
export function referenceRule(registry: Registry, r: Reference): ReferenceRule | undefined {
  if (DECLARED[r.name]) return DECLARED[r.name];
  const target = registry.tables.get(r.field.ref!);
  if (!target) return undefined;
  if (target.name === ACCOUNTS) return 'name-only';
  if (SLICE_TABLES.includes(target.name)) return 'slice';
  const def = registry.table(r.table);
  if (!r.prop && def.meta.parent === r.field.key) return 'placed';
  if (!r.prop && viasOf(target.meta).some((v) => v.table === r.table && v.field === r.field.key)) return 'placed';
  if (!target.meta.scope && !target.meta.parent) return 'catalogue';
  return undefined;
}

/**
 * The references naming `target` through a rule that lets the server give the row to a reader who
 * sees the naming row (`named`, `name-only`), among the synchronised tables.
 * @example namingReferences(registry, 'sysuser', isSynchronised) // casecomment.userId, issue.userId, …
 */
export function namingReferences(registry: Registry, target: string, synchronised: (def: TableDef) => boolean): Reference[] {
  return [...registry.tables.values()]
    .filter(synchronised)
    .flatMap(referencesOf)
    .filter((r) => r.field.ref === target && ['named', 'name-only'].includes(referenceRule(registry, r) ?? ''));
}
