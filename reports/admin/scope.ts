/**
 * What an administrator report's reader may see: the session workspace, narrowed by the reader's
 * view (`server/scope/view.ts`, the one rule of who sees what). A report names only which of its
 * columns place an entry — its user, unit and area — and an entry is seen when its area lies in the
 * reader's area subtree, its unit is one they see, or its user's unit is one they see.
 */
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import { areaSubtree } from '../../server/scope/area.ts';
import type { Session } from '../../server/types.ts';
import { readerView, unitsInView, usersInView } from '../../server/scope/view.ts';

export { seesWholeWorkspace } from '../../server/scope/view.ts';

/** The columns of a report's table that place an entry: its user (an account id), unit and area when it has them. */
export interface PlacedBy {
  user: string;
  unit?: string;
  area?: string;
}

/**
 * The condition that keeps only what the reader may see of a report's rows, or `undefined` when
 * they see the whole workspace (the caller still limits rows to the session workspace).
 * @example q.where(viewCondition(db, s, { user: 'h.user_id', unit: 'h.unit_id' }) ?? sql`true`)
 */
export function viewCondition(db: Kysely<Database>, s: Session, cols: PlacedBy): ((eb: ExpressionBuilder<any, any>) => any) | undefined {
  const v = readerView(s);
  if (v.kind === 'workspace') return undefined;
  if (v.kind === 'none') return () => sql<SqlBool>`false`;
  return (eb) => {
    const any = [eb(cols.user, 'in', usersInView(db, s.workspaceId, v))];
    if (cols.unit) any.push(eb(cols.unit, 'in', unitsInView(db, s.workspaceId, v)));
    if (cols.area && v.kind === 'area') any.push(eb(cols.area, 'in', areaSubtree(db, s.workspaceId, v.areaId)));
    return eb.or(any);
  };
}

/** `q` limited to what the reader may see (see the module's comment). */
export function limitToView<Q extends SelectQueryBuilder<any, any, any>>(q: Q, db: Kysely<Database>, s: Session, cols: PlacedBy): Q {
  const cond = viewCondition(db, s, cols);
  return cond ? (q.where(cond) as Q) : q;
}
