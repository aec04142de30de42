/**
 * Row scope: which rows of a table a user may read or change, beyond the workspace. A table says
 * in its schema what places a row (`x-table.scope`, see docs/schema-format.md):
 * - `{"unit": "ownerUnitId"}` — the row belongs to the unit in that field (a case);
 *   with `"alsoUnit": "unitToId"` the unit in that second field (when set) sees and acts on it too
 *   (a stock transfer: the receiving unit); with `"alsoUnitReadOnly": true` that unit only sees it
 *   (a transferring case: the unit it leaves, until the transfer is confirmed or undone), and only
 *   an action declared `onReadableRow` (undoing the transfer) acts for it;
 * - `{"via": {"table": "tbcase", "field": "patientId"}}` — the row is seen when a row of that table
 *   in scope references it (a patient, through their cases); a list of such tables — seen through
 *   any of them (a patient, through their cases and the contacts naming them);
 * - `x-table.parent: "caseId"` — a sub-record: the scope of its parent row (an exam of a case).
 * Tables that declare none of these are limited by the workspace only (catalogues).
 * The view itself — workspace, area subtree, unit, and `playOtherUnits` for writes — is
 * `view.ts`; it comes from the session only, never from what the request names.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Registry } from '../../engine/registry.ts';
import type { TableDef } from '../../engine/types.ts';
import { viasOf } from '../../engine/scope-via.ts';
import type { Session } from '../types.ts';
import { readerView, unitsInView, writerView, type ReaderView } from './view.ts';

export type ScopeMode = 'read' | 'write';
export type RowCondition = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

const fieldColumn = (def: TableDef, key: string) => {
  const f = def.fields.find((x) => x.key === key);
  if (!f) throw new Error(`x-table scope of ${def.name}: unknown field "${key}"`);
  return f;
};

/** Whether rows of the table are placed by a unit (their own, through another table, or the parent's). */
export const isRowScoped = (def: TableDef): boolean => !!(def.meta.scope || def.meta.parent);

/**
 * The condition keeping only the rows of `def` (aliased `alias`) that the session may read or
 * write, or `undefined` when the workspace is the only limit (a workspace view, an administrator,
 * or a table not placed by a unit).
 * @example
 * const cond = scopeCondition(db, registry, registry.table('tbcase'), session, 't', 'read');
 * if (cond) q = q.where(cond); // a unit-view doctor: t.owner_unit_id = <their unit>
 */
export function scopeCondition(db: Kysely<any>, registry: Registry, def: TableDef, s: Session, alias: string, mode: ScopeMode): RowCondition | undefined {
  if (!isRowScoped(def)) return undefined;
  const view = mode === 'write' ? writerView(s) : readerView(s);
  if (view.kind === 'workspace') return undefined;
  return inView(db, registry, def, s.workspaceId, view, alias, 0, mode);
}

/**
 * Whether the session's view may add a condition of its own on `def` ({@link scopeCondition}) — a
 * view narrower than the workspace, on a table placed by a unit; if not, the workspace is the only limit.
 * @example viewMayLimit(registry.table('source'), unitDoctor, 'read') // false: a catalogue
 */
export function viewMayLimit(def: TableDef, s: Session, mode: ScopeMode): boolean {
  return isRowScoped(def) && (mode === 'write' ? writerView(s) : readerView(s)).kind !== 'workspace';
}

/**
 * The read scope as disjoint alternatives, when it has more than one a list can use an index for
 * each (a unit view of a table with `alsoUnit`: the unit's own rows, and the rows leaving it):
 * listed one by one and merged, each is an ordered index range, where their OR makes PostgreSQL
 * sort all of the unit's rows. `undefined` when there is a single condition (use `scopeCondition`).
 * @example scopeBranches(db, registry, tbcase, unitDoctor, 't') // [owner = U, transfer_from = U and owner <> U]
 */
export function scopeBranches(registry: Registry, def: TableDef, s: Session, alias: string): RowCondition[] | undefined {
  const scope = def.meta.scope;
  const v = readerView(s);
  if (!scope?.unit || !scope.alsoUnit || v.kind !== 'unit') return undefined;
  const own = `${alias}.${fieldColumn(def, scope.unit).column}`;
  const also = `${alias}.${fieldColumn(def, scope.alsoUnit).column}`;
  return [(eb) => eb(own, '=', v.unitId), (eb) => eb.and([eb(also, '=', v.unitId), eb(own, '<>', v.unitId)])];
}

function inView(db: Kysely<any>, registry: Registry, def: TableDef, ws: string, v: Exclude<ReaderView, { kind: 'workspace' }>, alias: string, depth: number, mode: ScopeMode): RowCondition | undefined {
  if (depth > 4) throw new Error(`x-table scope of ${def.name}: too deep`);
  if (def.meta.parent) {
    const f = fieldColumn(def, def.meta.parent);
    const parent = registry.table(f.ref!);
    const p = `p${depth}`;
    const inner = inView(db, registry, parent, ws, v, p, depth + 1, mode);
    if (!inner) return undefined;
    return (eb) => eb(`${alias}.${f.column}`, 'in', db.selectFrom(`${parent.name} as ${p}`).select(`${p}.id`).where(`${p}.workspace_id`, '=', ws).where(inner));
  }
  const scope = def.meta.scope;
  if (scope?.unit) {
    // a second unit that only sees the row: a write is the owner unit's
    const columns = [scope.unit, mode === 'read' || !scope.alsoUnitReadOnly ? scope.alsoUnit : undefined].filter((k): k is string => !!k).map((k) => `${alias}.${fieldColumn(def, k).column}`);
    if (v.kind === 'none') return () => sql<SqlBool>`false`;
    // a unit view compares the columns directly: the index on each serves the query
    if (v.kind === 'unit') return (eb) => eb.or(columns.map((c) => eb(c, '=', v.unitId)));
    return (eb) => eb.or(columns.map((c) => eb(c, 'in', unitsInView(db, ws, v))));
  }
  const vias = viasOf(def.meta);
  if (vias.length) {
    // seen through any of the tables: one EXISTS each (a patient through a case, or through a contact)
    const seen: RowCondition[] = [];
    for (const [i, via] of vias.entries()) {
      const source = registry.table(via.table);
      const link = fieldColumn(source, via.field).column;
      const a = `v${depth}_${i}`;
      const inner = inView(db, registry, source, ws, v, a, depth + 1, mode);
      // a source the view does not limit shows every row referenced from it: the workspace is the limit
      if (!inner) return undefined;
      seen.push((eb) =>
        eb.exists(db.selectFrom(`${source.name} as ${a}`).select(sql`1`.as('one')).where(`${a}.${link}`, '=', eb.ref(`${alias}.id`)).where(`${a}.workspace_id`, '=', ws).where(inner)));
    }
    return seen.length === 1 ? seen[0] : (eb) => eb.or(seen.map((c) => c(eb)));
  }
  return undefined;
}

/**
 * The ids of the table's rows the session may read, as a subquery to embed (raw SQL such as global
 * search), or `undefined` when only the workspace limits them.
 * @example const seen = rowsInView(db, registry, registry.table('tbcase'), s); sql`… ${seen ? sql`and c.id in (${seen})` : sql``}`
 */
export function rowsInView(db: Kysely<any>, registry: Registry, def: TableDef, s: Session) {
  const cond = scopeCondition(db, registry, def, s, 'sv', 'read');
  return cond ? db.selectFrom(`${def.name} as sv`).select('sv.id').where('sv.workspace_id', '=', s.workspaceId).where(cond) : undefined;
}
