/**
 * Keyset ("after") paging: the next page starts after the last row of this one, by the list's order
 * plus the row id — one index range scan however deep the page, where OFFSET reads and drops every
 * row before it. The cursor is the last row's order values and id, opaque to the client.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';

/** One key of a list's order: the SQL expression, its direction, and whether it may be null. */
export interface OrderKey {
  expr: string;
  desc: boolean;
  nullable: boolean;
}

/**
 * The cursor of a row: its order values (as the document has them) and id.
 * @example encodeCursor(['2026-01-02', 'f0e…']) // 'WyIyMDI2LTAxLTAyIiwiZjBl…'
 */
export const encodeCursor = (values: unknown[]): string => Buffer.from(JSON.stringify(values)).toString('base64url');

/** The values of a cursor, or undefined when it is not one of ours (or not for `n` keys). */
export function decodeCursor(cursor: string, n: number): unknown[] | undefined {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
    return Array.isArray(values) && values.length === n && values.every(scalar) ? values : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The condition "comes after the cursor" in the order `keys` (PostgreSQL's null placement: last when
 * ascending, first when descending). Each key adds a redundant bound (`c <= v` for a descending key)
 * so the index range starts at the cursor rather than at the first row.
 * @example q.where(afterCursor([{ expr: 't.registration_date', desc: true, nullable: true }, { expr: 't.id', desc: true, nullable: false }], ['2026-01-02', id]))
 */
export function afterCursor(keys: OrderKey[], values: unknown[]) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => chain(eb, keys, values, 0);
}

function chain(eb: ExpressionBuilder<any, any>, keys: OrderKey[], values: unknown[], i: number): Expression<SqlBool> {
  const { expr, desc, nullable } = keys[i];
  const v = values[i];
  const last = i === keys.length - 1;
  const rest = () => chain(eb, keys, values, i + 1);
  const col = eb.ref(expr);
  if (v === null) {
    // nulls come last ascending (only nulls remain), first descending (then every non-null)
    if (last) return desc ? eb(col, 'is not', null) : sql<SqlBool>`false`;
    return desc ? eb.or([eb(col, 'is not', null), eb.and([eb(col, 'is', null), rest()])]) : eb.and([eb(col, 'is', null), rest()]);
  }
  const beyond = eb(col, desc ? '<' : '>', v as any);
  const within = eb(col, desc ? '<=' : '>=', v as any);
  if (last) return beyond;
  const step = eb.or([beyond, eb.and([eb(col, '=', v as any), rest()])]);
  if (desc) return eb.and([within, step]);
  return nullable ? eb.or([eb.and([within, step]), eb(col, 'is', null)]) : eb.and([within, step]);
}
