/**
 * Transfers of batches between units (`schemas/tables/stocktransfer.json`): the sending unit makes
 * one with NEW_TRANSFER (`POST /api/tbl/stocktransfer`) and its batches leave it at once (TRANSFER_OUT
 * movements, refused whole when a batch holds too little); the receiving unit receives it with
 * TRANSF_REC (TRANSFER_IN movements of the same batches there), or the sending unit cancels it with
 * TRANSF_CANCEL while it is not received (the stock back where it was). Each step is a declared
 * action of the transfer (server/actions: the row locked, its state guarded, one transaction).
 */
import { t } from '../engine/i18n.ts';
import type { Stocktransfer } from '../engine/generated/index.ts';
import { fail } from '../server/http/errors.ts';
import type { ActionOn, HooksOn, ModuleHooks, Refusal, RowAction } from '../server/types.ts';
import { moveBatches } from './movements.ts';
import { unitInView } from './unit-view.ts';

/** Transactions in which a transfer's own step (receive, cancel) changes it: no other change is taken. */
const stepWrites = new WeakSet<object>();

const transfer: HooksOn<'stocktransfer'> = {
  beforeSave(x) {
    if (!x.isNew) {
      if (!stepWrites.has(x.em)) throw fail(400, t(x.session.lang, 'stock.transferByActions'));
      return;
    }
    x.doc.state = 'SENT';
    delete x.doc.receivedDate;
    delete x.doc.cancelledDate;
    if (x.doc.unitToId === x.doc.unitFromId) throw fail(400, t(x.session.lang, 'stock.sameUnit'), 'unitToId');
  },
  async afterSave(x) {
    if (x.isNew) await moveBatches(x, { transferId: x.id }, 'items', x.doc.items, { unitId: x.doc.unitFromId, type: 'TRANSFER_OUT', date: x.doc.date, notHere: 'stock.batchNotAtUnit' });
  },
  beforeDelete({ session }) {
    throw fail(400, t(session.lang, 'stock.transferByActions'));
  },
};

/** The transfer's hooks (`DomainModule.hooks`). */
export const transferHooks: ModuleHooks = { stocktransfer: transfer };

type TransferAction = ActionOn<'stocktransfer', { date: string }>;

const notSent = (row: Stocktransfer): Refusal | undefined => (row.state !== 'SENT' ? 'stock.transferNotSent' : undefined);

/**
 * A step that ends a sent transfer at one of its two units: that unit must be in the user's writable
 * view, the date not before the sending, and the batches move in there (TRANSFER_IN) — the receiving
 * unit's for a receipt, the sending unit's (the stock back) for a cancellation.
 *
 * @example
 * transferStep({ name: 'receive', permission: 'TRANSF_REC', form: 'stocktransfer_receive', unit: 'unitToId',
 *   notYourUnit: 'stock.notReceivingUnit', state: 'RECEIVED', dateField: 'receivedDate' })
 */
function transferStep(step: {
  name: string; permission: string; form: string; unit: 'unitToId' | 'unitFromId'; notYourUnit: string;
  state: 'RECEIVED' | 'CANCELLED'; dateField: 'receivedDate' | 'cancelledDate';
}): TransferAction {
  return {
    table: 'stocktransfer',
    name: step.name,
    permission: step.permission,
    form: step.form,
    guard: async ({ row, em, session }) => notSent(row) ?? ((await unitInView(em, session, row[step.unit], 'write')) ? undefined : { msg: step.notYourUnit, status: 403 }),
    async apply({ row, input, em, ctx, session, id }) {
      const date = input.date;
      if (date < row.date) throw fail(400, t(session.lang, 'stock.receivedBeforeSent'), 'date');
      await moveBatches({ em, ctx, session }, { transferId: id }, 'items', row.items, { unitId: row[step.unit], type: 'TRANSFER_IN', date, notHere: 'stock.batchNotAtUnit' });
      stepWrites.add(em);
      return { patch: { state: step.state, [step.dateField]: date } };
    },
  };
}

/** `POST /api/tbl/stocktransfer/{id}/action/receive {date}` (TRANSF_REC): the receiving unit takes the batches in. */
export const receiveTransfer = transferStep({
  name: 'receive', permission: 'TRANSF_REC', form: 'stocktransfer_receive', unit: 'unitToId', notYourUnit: 'stock.notReceivingUnit', state: 'RECEIVED', dateField: 'receivedDate',
});

/** `POST /api/tbl/stocktransfer/{id}/action/cancel {date}` (TRANSF_CANCEL): the sending unit takes its batches back. */
export const cancelTransfer = transferStep({
  name: 'cancel', permission: 'TRANSF_CANCEL', form: 'stock_stepdate', unit: 'unitFromId', notYourUnit: 'stock.notSendingUnit', state: 'CANCELLED', dateField: 'cancelledDate',
});

/** The transfer's steps (`DomainModule.actions`). */
export const transferActions = [receiveTransfer, cancelTransfer] as RowAction[];
