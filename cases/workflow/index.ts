import type { RowAction } from '../../server/actions/types.ts';
import { closeCase, reopenCase } from './close.ts';
import { suspectFollowup } from './suspect-followup.ts';
import { transferIn, transferOut, undoTransfer } from './transfer.ts';
import { validateCase } from './validate.ts';

/** The case's command bar (seed 001 §4): each a declared action on tbcase, guarded by its permission. */
export const caseActions: RowAction[] = [validateCase, closeCase as RowAction, reopenCase, transferOut as RowAction, transferIn as RowAction, undoTransfer, suspectFollowup as RowAction];
