import type { DomainModule } from '../server/types.ts';
import { ledgerHooks } from './ledger.ts';
import { countHooks } from './count.ts';
import { seedDemoStock } from './demo.ts';
import { unitBatches } from './adjust.ts';
import { stockRoutes } from './routes.ts';
import { stockReportRoutes } from './report/routes.ts';
import { orderActions, orderHooks } from './orders.ts';
import { transferActions, transferHooks } from './transfers.ts';

/**
 * The drug supply: the stock ledger — movements appended through the table writer, each
 * batch's stock on hand kept beside them (`ledger.ts`) — dispensing first expiry first out and the
 * expiry write-off (`dispense.ts`), the unit's stock (`batches.ts`, `routes.ts`), a batch's stock card (`card.ts`), the stock count (`count.ts`), transfers between units (`transfers.ts`), orders and their proposal (`orders.ts`, `planning.ts`), the early warnings (`alerts.ts`), the reports REP_MOVEMENTS and REP_ORDER_LEADTIME (`report/`), the demo's stock (`demo.ts`). See docs/stock.md.
 */
export const stockModule: DomainModule = {
  name: 'stock',
  hooks: [ledgerHooks, transferHooks, orderHooks, countHooks],
  actions: [...transferActions, ...orderActions],
  options: { 'unit-batches': unitBatches },
  seed: seedDemoStock,
  api: (ctx) => [...stockRoutes(ctx), ...stockReportRoutes(ctx)],
};
