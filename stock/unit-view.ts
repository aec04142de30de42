import { t } from '../engine/i18n.ts';
import { kysely } from '../server/db/kysely.ts';
import type { Em } from '../server/db/orm.ts';
import { fail } from '../server/http/errors.ts';
import { readerView, unitsInView, writerView } from '../server/scope/view.ts';
import type { Session } from '../server/types.ts';

/**
 * Refuses a unit of the session's workspace outside the user's view (`read`: what they see; `write`:
 * what they may act for — their own unit unless they play other units): 404 on `unitId`, so a unit
 * they may not see is not told apart from one that does not exist.
 * @example await assertUnitInView(em, s, unitId, 'write')
 */
export async function assertUnitInView(em: Em, s: Session, unitId: string, mode: 'read' | 'write'): Promise<void> {
  if (!(await unitInView(em, s, unitId, mode))) throw fail(404, t(s.lang, 'stock.unitNotInView'), 'unitId');
}

/**
 * Whether a unit of the session's workspace is inside the user's view (`read`) or the units they may act for (`write`).
 * @example await unitInView(em, s, transfer.unitToId, 'write') // the receiving unit is the user's
 */
export async function unitInView(em: Em, s: Session, unitId: string, mode: 'read' | 'write'): Promise<boolean> {
  const v = mode === 'read' ? readerView(s) : writerView(s);
  const db = kysely(em);
  if (v.kind === 'none') return false;
  if (v.kind === 'workspace') return !!(await db.selectFrom('unit').select('id').where('workspace_id', '=', s.workspaceId).where('id', '=', unitId).executeTakeFirst());
  return !!(await unitsInView(db, s.workspaceId, v).where('su.id', '=', unitId).executeTakeFirst());
}
