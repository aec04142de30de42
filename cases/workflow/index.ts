import type { RowAction } from '../../server/types.ts';
import { closeCase, reopenCase } from './close.ts';
import { deleteCase } from './delete.ts';
import { suspectFollowup } from './suspect-followup.ts';
import { tagCase } from './tag.ts';
import { transferIn, transferOut, undoTransfer } from './transfer.ts';
import { validateCase } from './validate.ts';

/**
 * The case's command bar (seed 001 §4): each a declared action on tbcase, guarded by its permission,
 * run by `POST /api/tbl/tbcase/<id>/action/<name>` and by the spec's own paths (`routes`: §7).
 */
export const caseActions: RowAction[] = [
  validateCase, closeCase, reopenCase, transferOut, transferIn, undoTransfer, suspectFollowup, tagCase, deleteCase,
];
