// The set-up the stock ledger tests share: the demo's stock places, a pharmacist of the Bishkek
// unit with a patient's case, a batch of HRZE by its number, and the ledger read straight from the
// database (a batch's movements, its balance row against the sum of its movements). `p`, `pharm`
// and `caseId` are live bindings, set in the `beforeAll` that `useStockLedger` registers.
import { sql } from 'kysely';
import { beforeAll } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { createUser } from './users.ts';
import { day, stockPatientCase, stockPlaces, type StockPlaces } from './stock.ts';
import type { ApiClient } from './server.ts';
import { admin, server, useTestServer } from './use-server.ts';

/** The file's database, through a fresh entity manager. @example await db().selectFrom('stockbatch').selectAll().execute() */
export const db = () => kysely(server.ctx.orm.em.fork());
/** The demo's stock places and catalogues. */
export let p: StockPlaces;
/** A pharmacist of the Bishkek unit: every stock step but transfers and orders, own unit only. */
export let pharm: ApiClient;
/** A patient's case of the Bishkek unit (for dispensings). */
export let caseId: string;
/** The pharmacist's stock permissions. */
export const ALL = ['INVENTORY', 'INVENTORY_INIT', 'STOCK_ADJ', 'RECEIV', 'DISP_PAC'];
/** Permissions held, read only. @example holding(['RECEIV', 'CASEMAN']) */
export const holding = (perms: string[]) => perms.map((permission) => ({ permission }));

/** A batch of HRZE from the Global Fund, its number given. @example batch('INI-1', day(200)) */
export const batch = (batchNumber: string, expiryDate = day(400), extra: Record<string, unknown> = {}) =>
  ({ productId: p.hrze, sourceId: p.gf, batchNumber, manufacturer: 'Lupin', expiryDate, ...extra });

/** The movements of a batch number (any unit), oldest first: type, quantity and the balance after each. @example await ledgerOf('INI-1') */
export const ledgerOf = async (batchNumber: string) =>
  (await db().selectFrom('stockmovement').select(['type', 'quantity', 'balance']).where('batch_number', '=', batchNumber).orderBy('created_at').orderBy('balance').execute())
    .map((r) => [r.type, r.quantity, r.balance]);

/** Stock on hand of a batch number as its balance row holds it, and as the sum of its movements. @example expect(await balanceAndSum('INI-1')).toEqual([150, 150]) */
export const balanceAndSum = async (batchNumber: string) => {
  const b = await db().selectFrom('stockbatch').select('quantity').where('batch_number', '=', batchNumber).executeTakeFirst();
  const s = await db().selectFrom('stockmovement').select(sql<string>`coalesce(sum(quantity), 0)`.as('n')).where('batch_number', '=', batchNumber).executeTakeFirstOrThrow();
  return [Number(b?.quantity ?? 0), Number(s.n)];
};

/**
 * Starts the file's server and, before its tests, finds the stock places and makes the pharmacist
 * and the patient's case. Call it once, at the top of a test file.
 * @example
 * useStockLedger();
 * it('…', async () => expect(await moved(pharm, { type: 'INITIAL', unitId: p.bishkek, quantity: 1, ...batch('B-1') })).toBeTruthy());
 */
export function useStockLedger(): void {
  useTestServer();
  beforeAll(async () => {
    p = await stockPlaces(admin);
    pharm = await createUser(server, admin, 'PHARM', holding([...ALL, 'CASEMAN']), 'Passw0rd', { unitId: p.bishkek, view: 'UNIT', playOtherUnits: false });
    caseId = await stockPatientCase(admin, p.bishkek, 'Складов');
  }, 120_000);
}
