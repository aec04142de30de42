import { sql } from 'kysely';
import type { Field } from '../../../engine/types.ts';
import { kyselyByName as db } from '../../db/kysely.ts';
import type { RowCondition } from '../../scope/rows.ts';
import type { Doc, Row } from '../../types.ts';
import { t } from '../../../engine/i18n.ts';
import { fail } from '../../http/errors.ts';
import { afterCursor, decodeCursor, encodeCursor } from '../keyset.ts';
import { rowToDoc } from '../rows.ts';
import { cursorValue, listFields, orderKeys, selectColumns, systemFields, type ListKey } from './columns.ts';
import type { TableLimits } from './limits.ts';
import { matchingRows, type QueryOptions } from './matching.ts';
import { listRows } from './shaped.ts';

/** OFFSET paging reads every skipped row: deeper pages must use `after`. */
export const OFFSET_CAP = 10_000;

/** A page of a list: its rows, the cursor of the next page and, when asked, the count (`RowCount`). */
export interface QueryResult {
  /** Matching rows, counted up to `COUNT_CAP`; absent when not asked. */
  count?: number;
  /** True when more than `COUNT_CAP` rows match: show "10 000+". */
  countCapped?: boolean;
  /** True when counting took too long and `count` is the planner's estimate: show "≈ N". */
  countEstimated?: boolean;
  /** The rows with the fields the list selects (`x-list.columns`), their system fields and referenced names. */
  list: Row[];
  /** The cursor of the next page (`after`), or null on the last page. */
  next: string | null;
  [extra: string]: unknown;
}

/**
 * A page of rows in `x-list.order` (no count): `after` continues from a cursor at any depth,
 * `page` pages by OFFSET (first pages only). A view of disjoint branches (or the query's
 * `alternatives`, each within the whole view) is listed branch by branch, each cut on its own
 * index, and merged.
 * @example await pageOfRows(limits, { pageSize: 50, key: 'иван' }) // {list: [...], next: null}
 */
export async function pageOfRows(l: TableLimits, o: QueryOptions): Promise<QueryResult> {
  const keys = orderKeys(l.def);
  // a cursor is ours only when it decodes to this list's keys: a forged one is the client's error
  const cursor = o.after ? decodeCursor(o.after, keys.length) : undefined;
  if (o.after && !cursor) throw fail(400, t(l.lang, 'msg.badJson'), 'after');
  const fields = listFields(l.def);
  const offset = !o.after && o.page && o.page > 1 ? (o.page - 1) * o.pageSize : 0;
  const refs = refFields(l);
  const rows = await listRows(l, o, 'page', [o.pageSize, offset], (l, o, [limit, offset]) =>
    withRefNames(l, pageStatement(l, o, keys, fields, cursor, limit as number, offset as number), keys, refs));
  // each row's object made once: its system fields, then its fields and referenced names written into it
  const list = rows.map((r: Record<string, unknown>) => {
    const row: Row = systemFields(r);
    rowToDoc(fields, r, { into: row });
    return refNames(refs, r, row);
  });
  const last = rows.at(-1);
  const next = last && rows.length === o.pageSize ? encodeCursor(keys.map((k) => cursorValue(k, last))) : null;
  return { list, next };
}

/**
 * The statement of a page: `limit` rows after `offset` (or after the cursor) in the list's order.
 * A view of disjoint branches (or the query's `alternatives`, each within the whole view) is listed
 * branch by branch, each cut on its own index, and merged.
 */
function pageStatement(l: TableLimits, o: QueryOptions, keys: ListKey[], fields: Field[], cursor: unknown[] | undefined, limit: number, offset: number) {
  // the order values of the last row make the cursor, whatever the list selects
  const orderFields = keys.map((k) => k.field).filter((f): f is Field => !!f && !fields.includes(f));
  const branch = ([only, alternative]: [RowCondition | undefined, RowCondition | undefined], limit: number) => {
    let q = matchingRows(l, o, only, alternative).select(selectColumns(fields));
    if (orderFields.length) q = q.select(selectColumns(orderFields).slice(3));
    if (cursor) q = q.where(afterCursor(keys, cursor));
    for (const k of keys) q = q.orderBy(k.expr, k.desc ? 'desc' : 'asc');
    return q.limit(limit);
  };
  // disjoint branches, each cut on its own index: the query's alternatives within the whole view
  // (a view's branch crossed with an alternative can contradict it — "owner = U" with "leaving U,
  // owner <> U" — and the planner would walk the unit's rows to find none), else the view's branches
  const branches: [RowCondition | undefined, RowCondition | undefined][] = o.alternatives?.length
    ? o.alternatives.map((a) => [undefined, a])
    : l.branches().map((only) => [only, undefined]);
  if (branches.length === 1) return branch(branches[0], limit).offset(offset);
  // each branch ordered and cut on its own index, then merged: enough rows of each for this page
  const parts = branches.map((b, i) => db(l.em).selectFrom(branch(b, offset + limit).as(`b${i}`)).selectAll());
  const all = parts.slice(1).reduce((u, p) => u.unionAll(p), parts[0]);
  let page: any = db(l.em).selectFrom(all.as('u')).selectAll();
  for (const k of keys) page = page.orderBy(`u.${k.field ? k.field.column : 'id'}`, k.desc ? 'desc' : 'asc');
  return page.limit(limit).offset(offset);
}

/** The reference fields a list names (`x-list.refs`). */
function refFields(l: TableLimits): Field[] {
  return (l.def.list.refs ?? []).map((k) => l.def.fields.find((f) => f.key === k)).filter((f): f is Field => !!f?.ref);
}

/**
 * The page with the names of what its rows reference (`x-list.refs`), in one statement: the page
 * is ordered and cut first, then joined to the targets (50 lookups by primary key).
 */
function withRefNames(l: TableLimits, page: any, keys: ListKey[], refs: Field[]) {
  if (!refs.length) return page;
  let q = db(l.em).selectFrom(page.as('pg')).selectAll('pg');
  refs.forEach((f, i) => {
    const label = sql.join((f.refLabel ?? ['name']).map((c) => sql.ref(`r${i}.${c}`)));
    q = q.leftJoin(`${f.ref} as r${i}`, `r${i}.id`, `pg.${f.column}`).select(sql<string>`concat_ws(' ', ${label})`.as(`__ref${i}`));
  });
  for (const k of keys) {
    const f = k.field;
    q = q.orderBy(`pg.${f ? f.column : 'id'}`, k.desc ? 'desc' : 'asc');
  }
  return q;
}

/** `{id, name}` under each listed reference's name without `Id` (`ownerUnitId` → `ownerUnit`), from {@link withRefNames}, written into `out`. */
function refNames<T extends Doc>(refs: Field[], row: Record<string, unknown>, out: T): T {
  refs.forEach((f, i) => {
    const id = row[f.column];
    if (id) (out as Doc)[f.key.replace(/Id$/, '')] = { id, name: row[`__ref${i}`] ?? undefined };
  });
  return out;
}
