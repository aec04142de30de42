/**
 * A unit's tag list reads its page from the index of the tag's cases in that unit (`casetagplace`:
 * each case tag with its case's place in the lists and registration date, kept by triggers:
 * migration casetag_place) rather than walking the unit's cases newest first and probing each for
 * the tag — a tag on one case in ten made page 3 walk some 1,500 cases.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import { t } from '../../engine/i18n.ts';
import { fail } from '../../server/http/errors.ts';
import type { Session } from '../../server/types.ts';
import { afterCursor, decodeCursor, type OrderKey } from '../../server/tbl/keyset.ts';
import { LIST_PAGE_SIZE } from './lists.ts';

/** The case lists' order (`tbcase` `x-list.order`: newest registration first, then id) on the copies. */
const KEYS: OrderKey[] = [
  { expr: 'p.registration_date', desc: true, nullable: true },
  { expr: 'p.case_id', desc: true, nullable: false },
];

/**
 * The condition on `tbcase as t` "one of the cases tagged `tagId` listed in `unitId` (its cohort) up
 * to the page asked": the first `page` × 50 of them in the lists' order, or the 50 after the cursor
 * `after`. The list then keeps, orders and cuts them as it would the whole tagged set (within the
 * reader's view), so the page is the same, read by an index range of at most 50 × page rows.
 * @example await casePage(em, registry, s, place, taggedPageInUnit(db, s, tagId, unitId, 3), 3, count)
 */
export function taggedPageInUnit(db: Kysely<Database>, s: Session, tagId: string, unitId: string, page: number, after?: string) {
  const cursor = after === undefined ? undefined : decodeCursor(after, KEYS.length);
  if (after !== undefined && !cursor) throw fail(400, t(s.lang, 'msg.badJson'), 'after');
  let ids = db
    .selectFrom('casetagplace as p')
    .select('p.case_id')
    .where('p.workspace_id', '=', s.workspaceId)
    .where('p.tag_id', '=', tagId)
    .where('p.unit_id', '=', unitId);
  if (cursor) ids = ids.where(afterCursor(KEYS, cursor));
  for (const k of KEYS) ids = ids.orderBy(sql.ref(k.expr), k.desc ? 'desc' : 'asc');
  const upTo = ids.limit(cursor ? LIST_PAGE_SIZE : page * LIST_PAGE_SIZE);
  return (q: any) => q.where('t.id', 'in', upTo);
}
