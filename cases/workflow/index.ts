import type { RowAction } from '../../server/types.ts';
import { closeCase, reopenCase } from './close.ts';
import { deleteCase } from './delete.ts';
import { suspectFollowup } from './suspect-followup.ts';
import { tagCase } from './tag.ts';
import { transferIn, transferOut, undoTransfer } from './transfer.ts';
import { validateCase } from './validate.ts';
import { sendsTransferredOut } from './rules.ts';

/** The action refused (403) to the unit a transferring case leaves: it looks, the receiving unit acts (rules.ts `sendsTransferredOut`). */
function notBySender(action: RowAction): RowAction {
  return {
    ...action,
    guard: (x) => (sendsTransferredOut(x.row, x.session) ? { msg: 'tbcase.transferredOutReadOnly', status: 403 } : action.guard?.(x)),
  };
}

/**
 * The case's command bar: each a declared action on tbcase, guarded by its permission,
 * run by `POST /api/tbl/tbcase/<id>/action/<name>` and by the spec's own paths (`routes`).
 */
export const caseActions: RowAction[] = [
  ...[validateCase, closeCase, reopenCase].map(notBySender), transferOut, transferIn, undoTransfer,
  ...[suspectFollowup, tagCase, deleteCase].map(notBySender),
];
