/**
 * The units a stock report covers: the place asked (the workspace, or one unit of it) narrowed to the
 * reader's view (`server/scope/view.ts`) — a unit-view pharmacist asking for the workspace gets their
 * own unit, for another unit nothing. A unit not in the workspace is 404 on `scopeId`.
 */
import { sql, type RawBuilder } from 'kysely';
import { t } from '../../engine/i18n.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import { fail } from '../../server/http/errors.ts';
import { readerView, unitsInView } from '../../server/scope/view.ts';
import type { Session } from '../../server/types.ts';

export interface ReportPlace {
  scope: 'WORKSPACE' | 'UNIT';
  scopeId?: string;
}

/**
 * The condition keeping `column` (a unit id column) to the place within the reader's view, or null when
 * the reader sees no unit at all.
 * @example const inPlace = await placeCondition(em, s, { scope: 'UNIT', scopeId }, sql.ref('m.unit_id'))
 */
export async function placeCondition(em: Em, s: Session, place: ReportPlace, column: RawBuilder<unknown> | ReturnType<typeof sql.ref>): Promise<RawBuilder<boolean> | null> {
  const db = kysely(em);
  const v = readerView(s);
  if (v.kind === 'none') return null;
  const parts: RawBuilder<boolean>[] = [];
  if (place.scope === 'UNIT') {
    if (!place.scopeId) throw fail(400, t(s.lang, 'stockReport.unitRequired'), 'scopeId');
    const unit = await db.selectFrom('unit').select('id').where('workspace_id', '=', s.workspaceId).where('id', '=', place.scopeId).executeTakeFirst();
    if (!unit) throw fail(404, t(s.lang, 'msg.notFound'), 'scopeId');
    parts.push(sql<boolean>`${column} = ${place.scopeId}`);
  }
  if (v.kind !== 'workspace') parts.push(sql<boolean>`${column} in (${unitsInView(db, s.workspaceId, v)})`);
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : sql<boolean>`true`;
}
