/**
 * The demo workspace's drug supply, made once after the case register (`cases/demo.ts`,
 * `app/domains.ts`: this module seeds after it) and consistent with it: the national centre's warehouse
 * starts six months ago with an initial inventory and a receipt three months later; every unit whose
 * cases are on treatment orders from its supplier once, six months ago — enough for the doses its patients
 * took and the next two months of their regimens — authorised, sent with the supplier's batches and
 * received (the district units from their regional one, a week after it received its own); its
 * patients are dispensed what they took every second month's end, first expiry first out (about 30 s on
 * PGlite for the 300 demo cases: each movement goes through the writer); then one order in
 * each state still open, a transfer received and one on its way, a damaged-stock adjustment, a donated
 * batch left to expire, a batch expiring soon, and today's stock count at one unit. Everything goes through the ledger's
 * writer (history, feed, the date rules), as the system user.
 *
 * @example await seedDemoStock(ctx, { login: 'ADMIN', password: 'Admin123' })
 */
import { sql, type Kysely } from 'kysely';
import { addMonths, dayOf, isoOf } from '../engine/day-numbers.ts';
import { demoWorkspaceName } from '../catalogues/demo/seed.ts';
import { todayIn } from '../engine/dates.ts';
import { runAction } from '../server/actions/run.ts';
import { systemSession } from '../server/auth/system-session.ts';
import { kysely, type Database } from '../server/db/kysely.ts';
import { ApiError } from '../server/http/errors.ts';
import { TableWriter } from '../server/tbl/write.ts';
import type { AppContext, Doc, Session } from '../server/types.ts';
import { fefoBatches } from './batches.ts';
import { dispenseForCase } from './case-dispense.ts';
import { yearNeeds } from './forecast.ts';
import { currentPrescriptions, takeInOrder } from './planning.ts';
import { caseDue } from './treatment-due.ts';

/** A unit of the supply chain: its supplier and authorizer, and the medicines its patients need (units). */
interface SupplyUnit {
  id: string;
  name: string;
  supplierId?: string;
  authorizerId?: string;
  /** Its own patients' needs, by medicine. */
  needs: Map<string, number>;
}

const plus = (a: string, days: number) => isoOf(dayOf(a) + days);
const roundUp = (n: number, to = 10) => Math.ceil(n / to) * to;

/** The demo's stock, made on the demo workspace's first start when it has a case register. */
export async function seedDemoStock(ctx: AppContext, created?: { login: string; password: string }): Promise<undefined> {
  if (!created || ctx.config.demoCases <= 0) return undefined;
  const db = kysely(ctx.orm.em.fork());
  const ws = await db.selectFrom('workspace').select('id').where('name', '=', demoWorkspaceName).executeTakeFirst();
  if (!ws) return undefined;
  const s = systemSession(ws.id as string, demoWorkspaceName);
  const today = todayIn(s.timeZone);
  await new DemoStock(ctx, s, today).make();
  return undefined;
}

class DemoStock {
  private readonly db: Kysely<Database>;
  private readonly t0: string;
  private sources: { gf: string; budget: string } = { gf: '', budget: '' };
  private readonly lots = new Map<string, number>();

  constructor(private readonly ctx: AppContext, private readonly s: Session, private readonly today: string) {
    this.db = kysely(ctx.orm.em.fork());
    this.t0 = plus(today, -180);
  }

  async make(): Promise<void> {
    const sources = await this.db.selectFrom('source').select(['id', 'short_name']).where('workspace_id', '=', this.s.workspaceId).execute();
    this.sources = { gf: sources.find((r) => r.short_name === 'Глобальный фонд')!.id, budget: sources.find((r) => r.short_name === 'Госбюджет')!.id };
    const units = await this.supplyUnits();
    const centre = units.find((u) => !u.supplierId && u.name.startsWith('Национальный центр'));
    if (!centre) return;
    const clients = units.filter((u) => u.supplierId);
    // what each unit orders: its patients' needs and its clients' (a regional unit supplies its districts)
    const total = (u: SupplyUnit): Map<string, number> => {
      const out = new Map(u.needs);
      for (const c of clients.filter((x) => x.supplierId === u.id)) for (const [p, n] of total(c)) out.set(p, (out.get(p) ?? 0) + n);
      return out;
    };
    const all = total(centre);
    // the warehouse: an initial inventory, a batch expiring soon, and a receipt three months later
    for (const [productId, n] of all) await this.receive(centre.id, 'INITIAL', plus(this.t0, -30), productId, this.sources.gf, 'Lupin', addMonths(this.t0, 24), roundUp(n * 1.3 + 500, 100));
    for (const [productId, n] of all) await this.receive(centre.id, 'RECEIPT', plus(this.t0, 90), productId, this.sources.budget, 'Macleods', addMonths(this.t0, 30), roundUp(n * 0.8 + 500, 100));
    const first = [...all.keys()][0];
    if (first) await this.receive(centre.id, 'RECEIPT', plus(this.t0, 10), first, this.sources.gf, 'Sandoz', plus(this.today, 45), 200);
    // one order of each unit down the chain, the regional units' before their districts'
    const levels = [clients.filter((u) => u.supplierId === centre.id), clients.filter((u) => u.supplierId !== centre.id)];
    for (const [depth, level] of levels.entries()) {
      for (const u of level) {
        const items = [...total(u)].filter(([, n]) => n > 0).map(([productId, n]) => ({ productId, quantity: roundUp(n * 1.2) }));
        if (items.length) await this.order(u, plus(this.t0, depth * 7), items, 'RECEIVED');
      }
    }
    await this.dispenseEveryTwoMonths(units);
    await this.openDocuments(levels[0], levels.flat());
  }

  /** The TB units, each with its supplier and its own patients' needs: doses taken so far and two months of their regimens ahead. */
  private async supplyUnits(): Promise<SupplyUnit[]> {
    const rows = await this.db.selectFrom('unit').select(['id', 'name', 'supplier_id', 'authorizer_id'])
      .where('workspace_id', '=', this.s.workspaceId).where('type', '=', 'TBUNIT').where('active', '=', true).orderBy('name').execute();
    const units = rows.map((r) => ({ id: r.id as string, name: r.name as string, supplierId: r.supplier_id ?? undefined, authorizerId: r.authorizer_id ?? r.supplier_id ?? undefined, needs: new Map<string, number>() }));
    const em = this.ctx.orm.em.fork();
    for (const c of await this.casesOnTreatment()) {
      const u = units.find((x) => x.id === c.unitId);
      if (!u) continue;
      for (const m of await caseDue(em, this.s.workspaceId, c.id, this.today)) u.needs.set(m.productId, (u.needs.get(m.productId) ?? 0) + m.taken);
    }
    const ahead = (await currentPrescriptions(this.db, this.s.workspaceId, this.today).execute()) as (Parameters<typeof yearNeeds>[0][number] & { unitId: string })[];
    for (const u of units) {
      for (const [productId, days] of yearNeeds(ahead.filter((p) => p.unitId === u.id), this.today)) {
        u.needs.set(productId, (u.needs.get(productId) ?? 0) + days.slice(0, 60).reduce((a, b) => a + b, 0));
      }
    }
    return units;
  }

  private casesOnTreatment() {
    return this.db.selectFrom('tbcase').select(['id', 'owner_unit_id as unitId']).where('workspace_id', '=', this.s.workspaceId).where('state', '=', 'ONTREATMENT').orderBy('case_number').execute() as Promise<{ id: string; unitId: string }[]>;
  }

  /** A batch coming into a unit (an initial inventory or a receipt), numbered per medicine. */
  private async receive(unitId: string, type: 'INITIAL' | 'RECEIPT', date: string, productId: string, sourceId: string, manufacturer: string, expiryDate: string, quantity: number) {
    const n = (this.lots.get(productId) ?? 0) + 1;
    this.lots.set(productId, n);
    const batchNumber = `${type === 'INITIAL' ? 'N' : 'R'}${date.slice(2, 4)}${date.slice(5, 7)}-${productId.slice(0, 4).toUpperCase()}${n}`;
    await this.write('stockmovement', { type, unitId, date, productId, sourceId, batchNumber, manufacturer, expiryDate, quantity });
  }

  private write(table: string, doc: Doc): Promise<string> {
    return new TableWriter(this.ctx, this.ctx.registry.table(table), this.s).create(doc);
  }

  private step(table: string, id: string, name: string, input: Doc) {
    return runAction(this.ctx, this.s, table, id, name, input);
  }

  /** The supplier's batches of each item, first expiry first out, as far as they go (a shipment). */
  private async shipment(supplierId: string, items: { productId: string; quantity: number }[], date: string) {
    const shipped: { batchId: string; quantity: number }[] = [];
    for (const item of items) {
      const batches = await fefoBatches(this.db, this.s.workspaceId, supplierId, item.productId, date);
      for (const [b, quantity] of takeInOrder(batches, item.quantity).taken) shipped.push({ batchId: b.id, quantity });
    }
    return shipped;
  }

  /** An order of the unit placed on `date` and taken to `state` a day a step (sent as far as the supplier's stock goes). */
  private async order(u: SupplyUnit, date: string, items: { productId: string; quantity: number }[], state: 'NEW' | 'AUTHORIZED' | 'SENT' | 'RECEIVED' | 'CANCELLED') {
    const id = await this.write('stockorder', { unitId: u.id, date, items });
    if (state === 'NEW') return;
    if (state === 'CANCELLED') return void (await this.step('stockorder', id, 'cancelOrder', { date: plus(date, 1) }));
    await this.step('stockorder', id, 'authorize', { date: plus(date, 1) });
    if (state === 'AUTHORIZED') return;
    const shipped = await this.shipment(u.supplierId!, items, plus(date, 2));
    if (!shipped.length) return;
    await this.step('stockorder', id, 'send', { date: plus(date, 2), shipped });
    if (state === 'SENT') return;
    await this.step('stockorder', id, 'receiveOrder', { date: plus(date, 4) });
  }

  /** Each unit's patients on treatment dispensed what they took, every second month's end back from the last, since the first stock arrived. */
  private async dispenseEveryTwoMonths(units: SupplyUnit[]) {
    const ends: string[] = [];
    for (let m = addMonths(this.t0.slice(0, 8) + '01', 1); m <= this.today; m = addMonths(m, 1)) if (plus(m, -1) > plus(this.t0, 14) && plus(m, -1) < this.today) ends.push(plus(m, -1));
    const cases = await this.casesOnTreatment();
    for (const end of ends.filter((_, i) => (ends.length - 1 - i) % 2 === 0)) {
      for (const c of cases) {
        if (!units.some((u) => u.id === c.unitId)) continue;
        await this.ctx.orm.em.fork().transactional(async (em) => {
          try {
            await dispenseForCase(this.ctx, this.s, em, c.id, { unitId: c.unitId, date: end, to: end });
          } catch (e) {
            // nothing due yet, or nothing of it left at the unit: the next month's end gives it
            if (!(e instanceof ApiError)) throw e;
          }
        });
      }
    }
  }

  /** What is still open today: an order in each state, a transfer received and one on its way, an adjustment, a donated batch expired, a count. */
  private async openDocuments(units: SupplyUnit[], all: SupplyUnit[]) {
    // the centre's clients whose patients need medicines
    const direct = units.filter((u) => [...u.needs.values()].some((n) => n > 0));
    const held = async (unitId: string) =>
      (await this.db.selectFrom('stockbatch').select(['id', 'product_id as productId', 'batch_number as batchNumber', 'quantity', sql<string>`expiry_date::text`.as('expiryDate'), 'source_id as sourceId', 'manufacturer'])
        .where('workspace_id', '=', this.s.workspaceId).where('unit_id', '=', unitId).where('quantity', '>', 20).where('expiry_date', '>', this.today).orderBy('expiry_date').orderBy('batch_number').execute())
        .map((b) => ({ ...b, quantity: Number(b.quantity) }));
    const states = ['NEW', 'AUTHORIZED', 'SENT', 'CANCELLED'] as const;
    for (const [i, state] of states.entries()) {
      const u = direct[i % direct.length];
      if (!u) break;
      const items = [...u.needs].filter(([, n]) => n > 0).slice(0, 2).map(([productId, n]) => ({ productId, quantity: roundUp(n * 0.3) }));
      if (items.length) await this.order(u, plus(this.today, -3 - 6 * i), items, state);
    }
    const [a, b] = direct;
    if (a && b) {
      const fromA = await held(a.id);
      if (fromA[0]) {
        const done = await this.write('stocktransfer', { unitFromId: a.id, unitToId: b.id, date: plus(this.today, -25), items: [{ batchId: fromA[0].id, quantity: 10 }] });
        await this.step('stocktransfer', done, 'receive', { date: plus(this.today, -23) });
      }
      const fromB = await held(b.id);
      if (fromB[0]) await this.write('stocktransfer', { unitFromId: b.id, unitToId: a.id, date: plus(this.today, -1), items: [{ batchId: fromB[0].id, quantity: 5 }] });
      const damaged = (await held(a.id))[0];
      if (damaged) {
        const { id: _, quantity: __, ...batch } = damaged;
        await this.write('stockmovement', { ...batch, unitId: a.id, type: 'ADJUSTMENT', reason: 'DAMAGED', note: 'Повреждена упаковка при транспортировке', date: plus(this.today, -15), quantity: -5 });
      }
      // a donated batch that expired on the shelf: the stock tab says to write it off
      const donated = [...a.needs.keys()][0];
      if (donated) await this.receive(a.id, 'RECEIPT', plus(this.t0, 20), donated, this.sources.gf, 'Cipla', plus(this.today, -10), 30);
    }
    // a stock count today at the last unit holding stock: one batch short by 2
    for (const u of [...all].reverse()) {
      const batches = await this.db.selectFrom('stockbatch').select(['id', 'quantity', sql<string>`expiry_date::text`.as('expiryDate')])
        .where('workspace_id', '=', this.s.workspaceId).where('unit_id', '=', u.id).where('quantity', '>', 0).where('expiry_date', '>=', this.today).orderBy('expiry_date').execute();
      if (!batches.length) continue;
      await this.write('stockcount', {
        unitId: u.id, date: this.today, note: 'Плановая инвентаризация',
        items: batches.map((b, i) => ({ batchId: b.id, counted: Number(b.quantity) - (i === 0 && Number(b.quantity) > 2 ? 2 : 0) })),
      });
      break;
    }
  }
}
