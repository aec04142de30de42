// The demo's drug supply, made on the case register as `npm start` makes it: stock received and
// dispensed at the units whose patients are on treatment, orders in each state, a transfer received and one on
// its way, an expired batch to write off, a stock count — consistent with the register (a patient is given no
// more of a medicine than the doses taken; only cases on treatment, by their unit) and with the ledger's rules
// (each batch the sum of its movements, never below zero on any day, nothing dated after today); the
// pharmacist's login sees the unit's stock. Expectations are the rules, written here by hand.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCases } from '../../cases/demo.ts';
import { kysely } from '../../server/db/kysely.ts';
import { seedDemoStock } from '../../stock/demo.ts';
import { caseDue } from '../../stock/treatment-due.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { unitNamed } from '../helpers/cases.ts';

let server: TestServer;
const db = () => kysely(server.ctx.orm.em.fork());
let seconds = 0;

beforeAll(async () => {
  server = await startTestServer();
  const demo = { ...server.ctx, config: { ...server.ctx.config, demoCases: 150 } };
  await seedDemoCases(demo, { login: 'ADMIN', password: 'Admin123' });
  const started = Date.now();
  await seedDemoStock(demo, { login: 'ADMIN', password: 'Admin123' });
  seconds = (Date.now() - started) / 1000;
}, 600_000);
afterAll(() => server?.close());

const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(db())).rows[0].n;

describe('the demo’s drug supply', () => {
  it('receives and dispenses stock at the units whose patients are on treatment', async () => {
    console.log(`demo stock made in ${seconds.toFixed(1)} s`);
    const byType = await sql<{ type: string; units: number; n: number }>`select type, count(distinct unit_id)::int as units, count(*)::int as n from stockmovement group by type`.execute(db());
    const of = (t: string) => byType.rows.find((r) => r.type === t);
    expect(of('INITIAL')?.units).toBe(1);
    expect(of('RECEIPT')?.n).toBeGreaterThan(0);
    expect(of('TRANSFER_IN')!.units).toBeGreaterThanOrEqual(3);
    expect(of('DISPENSING')!.units).toBeGreaterThanOrEqual(3);
    expect(of('ADJUSTMENT')?.n).toBeGreaterThan(0);
  });

  it('has an order in each state, a transfer received and one on its way, and a stock count', async () => {
    const states = await sql<{ state: string }>`select distinct state from stockorder order by state`.execute(db());
    expect(states.rows.map((r) => r.state)).toEqual(['AUTHORIZED', 'CANCELLED', 'NEW', 'RECEIVED', 'SENT']);
    const transfers = await sql<{ state: string }>`select state from stocktransfer order by state`.execute(db());
    expect(transfers.rows.map((r) => r.state)).toEqual(['RECEIVED', 'SENT']);
    expect(await count(sql`select count(*)::int as n from stockcount`)).toBe(1);
  });

  it('gives only to cases on treatment, at their unit, never more of a medicine than the doses taken', async () => {
    expect(await count(sql`select count(*)::int as n from stockmovement m join tbcase c on c.id = m.case_id where m.type = 'DISPENSING' and (c.state <> 'ONTREATMENT' or c.owner_unit_id <> m.unit_id)`)).toBe(0);
    const cases = await sql<{ id: string }>`select distinct case_id as id from stockmovement where type = 'DISPENSING'`.execute(db());
    expect(cases.rows.length).toBeGreaterThan(5);
    const over: string[] = [];
    const ws = String((await db().selectFrom('workspace').select('id').executeTakeFirstOrThrow()).id);
    for (const c of cases.rows) for (const m of await caseDue(server.ctx.orm.em.fork(), ws, c.id, new Date().toISOString().slice(0, 10))) if (m.dispensed > m.taken) over.push(`${c.id} ${m.productName}`);
    expect(over).toEqual([]);
  });

  it('keeps the ledger’s rules: each batch the sum of its movements, never below zero on a day, nothing after today', async () => {
    expect(await count(sql`select count(*)::int as n from stockbatch b where b.quantity <> (select coalesce(sum(quantity), 0) from stockmovement m where m.batch_id = b.id)`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from (select sum(quantity) over (partition by batch_id order by date, (quantity > 0) desc, created_at, id) as b from stockmovement) x where b < 0`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from stockmovement where date > current_date`)).toBe(0);
  });

  it('the pharmacist of the Bishkek dispensary sees its stock and its warnings', async () => {
    const pharm = await server.login('PHARM1', 'Pharm123');
    const bishkek = await unitNamed(pharm, 'Бишкекский');
    const stock = await pharm.get(`/api/stock/unit/${bishkek}`);
    expect(stock.status).toBe(200);
    expect(stock.body.medicines.length).toBeGreaterThan(0);
    const alerts = (await pharm.get(`/api/stock/unit/${bishkek}/alerts`)).body;
    expect(alerts.expiring.some((e: any) => e.expired)).toBe(true);
  });
});
