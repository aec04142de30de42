import { t } from '../../engine/i18n.ts';
import type { CaseTransferin, CaseTransferout, Tbcase } from '../../engine/generated/index.ts';
import type { ActionContext, ActionOn, Refusal, Row, Session } from '../../server/types.ts';
import { ApiError } from '../../server/http/errors.ts';
import { kysely } from '../../server/db/kysely.ts';
import { todayOf } from '../../server/http/time-zone.ts';
import { actsFor, unitToRefusal } from './transfer-rules.ts';

/**
 * Transfer of a case between units. Transferring out makes the receiving unit
 * the owner at once and keeps the unit it leaves in `transferFromUnitId`; the case schema's
 * `x-table.scope.alsoUnit` (read-only) lets the sending unit see it, and only undo the transfer
 * (`onReadableRow`), until the receiving unit confirms (transfer in: the sending unit's sight ends)
 * or the sending unit undoes it (the case goes back).
 * Hence the spec's rule for confirming — "playOtherUnits or the session unit is the case's owner
 * unit" — names the receiving unit.
 */

/** `moveDate` is required when the case is on treatment (the day its treatment moves), else today. */
function moveDateOf(s: Session, row: Row<Tbcase>, input: { moveDate?: string }): string {
  if (input.moveDate) return input.moveDate;
  if (row.state === 'ONTREATMENT') throw new ApiError(400, [{ field: 'moveDate', msg: `${t(s.lang, 'tbcase.moveDate')}: ${t(s.lang, 'msg.required')}` }]);
  return todayOf(s);
}

/** Refuses a unit the case cannot move to: not a TB unit of the workspace, or its owner already. */
async function checkUnitTo({ em, session: s, row }: ActionContext<Tbcase>, unitToId: string): Promise<void> {
  const unit = await kysely(em).selectFrom('unit').select(['id', 'type']).where('id', '=', unitToId).where('workspace_id', '=', s.workspaceId).executeTakeFirst();
  const refusal = unitToRefusal(unit, row.ownerUnitId);
  if (refusal) throw new ApiError(400, [{ field: 'unitToId', msg: t(s.lang, refusal) }]);
}

/**
 * Transfer out (CASE_TRANSFER): a case not closed and not already transferring, by its owner unit
 * (or a user who plays other units), to another TB unit.
 * @example POST /api/tbl/tbcase/<id>/action/transferout {unitToId, moveDate: '2025-02-01'}
 */
export const transferOut: ActionOn<'tbcase', CaseTransferout> = {
  table: 'tbcase',
  name: 'transferout',
  permission: 'CASE_TRANSFER',
  routes: [{ method: 'POST', path: '/api/cases/case/transferout', idField: 'tbcaseId' }],
  form: 'case_transferout', // schemas/forms/case_transferout.json: unitToId (a TB unit), moveDate
  guard({ row, session: s }): Refusal | undefined {
    if (row.state === 'CLOSED') return 'tbcase.closedNoTransfer';
    if (row.transferring) return 'tbcase.alreadyTransferring';
    if (!actsFor(s, row.ownerUnitId)) return { msg: 'tbcase.notOwnerUnit', status: 403 };
    return undefined;
  },
  async apply(x) {
    await checkUnitTo(x, x.input.unitToId);
    const date = moveDateOf(x.session, x.row, x.input);
    return { patch: { ownerUnitId: x.input.unitToId, transferFromUnitId: x.row.ownerUnitId, transferring: true, moveDate: date } };
  },
};

/**
 * Transfer in: the receiving unit (the owner now; or a user who plays other units) confirms a
 * transferring case; the sending unit no longer sees it.
 * @example POST /api/tbl/tbcase/<id>/action/transferin {moveDate: '2025-02-03'}
 */
export const transferIn: ActionOn<'tbcase', CaseTransferin> = {
  table: 'tbcase',
  name: 'transferin',
  permission: 'CASE_TRANSFER',
  routes: [{ method: 'POST', path: '/api/cases/case/transferin', idField: 'tbcaseId' }],
  form: 'case_transferin', // schemas/forms/case_transferin.json: moveDate
  guard({ row, session: s }): Refusal | undefined {
    if (!row.transferring) return 'tbcase.notTransferring';
    if (!actsFor(s, row.ownerUnitId)) return { msg: 'tbcase.notReceivingUnit', status: 403 };
    return undefined;
  },
  apply: ({ session: s, row, input }) => ({ patch: { transferring: false, transferFromUnitId: undefined, moveDate: moveDateOf(s, row, input) } }),
};

/**
 * Undo a transfer: the sending unit (or a user who plays other units) takes a transferring case back.
 * @example POST /api/tbl/tbcase/<id>/action/undotransfer {}
 */
export const undoTransfer: ActionOn<'tbcase'> = {
  table: 'tbcase',
  name: 'undotransfer',
  onReadableRow: true,
  permission: 'CASE_TRANSFER',
  routes: [{ method: 'GET', path: '/api/cases/case/undotransferout/:id' }],
  guard({ row, session: s }): Refusal | undefined {
    if (!row.transferring) return 'tbcase.notTransferring';
    if (!actsFor(s, row.transferFromUnitId)) return { msg: 'tbcase.notSendingUnit', status: 403 };
    return undefined;
  },
  apply: ({ row }) => ({ patch: { ownerUnitId: row.transferFromUnitId, transferFromUnitId: undefined, transferring: false, moveDate: undefined } }),
};
