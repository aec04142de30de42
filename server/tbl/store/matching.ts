import { likePattern } from '../../db/like.ts';
import type { RowCondition } from '../../scope/rows.ts';
import { colExpr } from './columns.ts';
import type { TableLimits } from './limits.ts';

/** What a list asks for: the page, and which rows (an id, a searched key, field filters, module conditions). */
export interface QueryOptions {
  /** Rows per page (the caller caps it; see `routes.ts`). */
  pageSize: number;
  /** A page number (OFFSET paging, for the first pages a pager shows). */
  page?: number;
  /** A cursor from a previous answer's `next`: the page after it, at any depth (keyset paging). */
  after?: string;
  /** Count the matching rows (bounded by `COUNT_CAP`); default true. */
  count?: boolean;
  id?: string;
  key?: string;
  filters?: Record<string, unknown>;
  /** Conditions a domain module adds (named query filters, see `TableHooks.filters`); the table is aliased `t`. */
  conditions?: ((q: any) => any)[];
  /**
   * Disjoint alternatives the rows must meet one of (a unit's own cases, and those leaving it): a
   * page lists each on its own index and merges them, like the view's branches, where their OR
   * would sort every matching row (a count takes their OR). Each is a condition on `t`.
   */
  alternatives?: RowCondition[];
}

/**
 * The rows matching a query's filters, key and conditions (no order, no page, no columns), within
 * the limits or one branch of the view (and one of the query's `alternatives`, or any).
 * @example matchingRows(limits, { pageSize: 0, key: 'иван' }).select('t.id')
 */
export function matchingRows(l: TableLimits, o: QueryOptions, only?: RowCondition, alternative?: RowCondition) {
  const def = l.def;
  let q = l.select(only);
  const alternatives = alternative ? [alternative] : o.alternatives;
  if (alternatives?.length) q = q.where((eb: any) => eb.or(alternatives.map((a) => a(eb))));
  if (o.id) q = q.where('t.id', '=', o.id);
  for (const condition of o.conditions ?? []) q = condition(q);
  for (const [key, value] of Object.entries(o.filters ?? {})) {
    const f = def.fields.find((x) => x.key === key)!;
    q = value === null ? q.where(colExpr(f), 'is', null) : Array.isArray(value) ? q.where(colExpr(f), 'in', value) : q.where(colExpr(f), '=', value as any);
  }
  const search = (def.list.search ?? []).map((k) => def.fields.find((f) => f.key === k)!).filter((f) => f && f.kind !== 'none');
  if (o.key && search.length) {
    // each searched column has a trigram index (entities.ts), so `ilike '%…%'` is an index scan
    const like = likePattern(o.key);
    q = q.where((eb) => eb.or(search.map((f) => eb(colExpr(f), 'ilike', like))));
  }
  return q;
}
