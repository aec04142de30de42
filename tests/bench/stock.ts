/**
 * `npm run bench:stock [U]`: the drug supply at national scale. Fills the demo workspace of
 * a throwaway PostgreSQL (or of `BENCH_DATABASE_URL`) with U (default 1,000) generated units and 5
 * years of their movements (`stock/generate.ts`: about 10 million rows at 1,000 units), then times
 * through the API, as the workspace administrator, p50 / p95 of 60 requests each: a unit's stock on
 * hand (`GET /api/stock/unit/{id}`), the workspace stock table (the first page of every unit's batches,
 * `POST /api/tbl/stockbatch/query`, and the dashboard's warnings over every unit with their stock-out dates, `GET /api/stock/alerts`)
 * a unit's order proposal (`GET /api/stock/unit/{id}/proposal`) and the movements report (REP_MOVEMENTS:
 * the workspace over a month by medicine × type, a unit over a year by month × medicine), a batch's stock card, and an
 * adjustment written today and 75 days back (the ledger's date rules). Run it only at small U on a shared
 * machine (e.g. `npm run bench:stock -- 10`).
 */
import { clientHeader } from '../../engine/client-header.ts';
import { sql } from 'kysely';
import { startServer } from '../../app/start.ts';
import { kysely } from '../../server/db/kysely.ts';
import { generateStock } from '../../stock/generate.ts';
import { benchDatabase } from './database.ts';
import { demoWorkspaceId } from './demo-cases.ts';
import { finishBench } from './finish.ts';
import { signIn } from './sign-in.ts';
import { percentiles, timeIt } from './timing.ts';

const U = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 1000);
const RUNS = 60;

const { databaseUrl, postgres } = await benchDatabase('bench_stock');
const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true, demoCases: 0 });
const db = kysely(server.ctx.orm.em.fork());
const ws = await demoWorkspaceId(db);

const have = (await db.selectFrom('unit').select('id').where('workspace_id', '=', ws).where('name', 'like', 'Склад %').execute()).map((r) => r.id as string);
let units = have;
if (have.length < U) {
  const started = Date.now();
  const made = await generateStock(db, ws, U - have.length);
  units = [...have, ...made.units];
  for (const t of ['unit', 'stockbatch', 'stockmovement']) await sql`vacuum analyze ${sql.table(t)}`.execute(db);
  console.log(`  ${made.units.length} units, ${made.movements.toLocaleString('en')} movements generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
const rows = (await sql<{ n: number }>`select count(*)::int as n from stockmovement where workspace_id = ${ws}`.execute(db)).rows[0].n;

const cookie = await signIn(server.url);
let i = 0;
const nextUnit = () => units[(i++ * 7919) % units.length];
const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(server.url + path, { method, headers: { 'content-type': 'application/json', [clientHeader]: '1', cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};

console.log(`\nStock of ${units.length.toLocaleString('en')} units, ${rows.toLocaleString('en')} movements; ${RUNS} runs each, p50 / p95 in ms`);
const report = async (label: string, work: () => Promise<unknown>) => {
  for (let k = 0; k < 5; k++) await work();
  const p = percentiles(await timeIt(work, RUNS));
  console.log(`  ${label.padEnd(70)} ${p.p50.toFixed(1).padStart(7)} / ${p.p95.toFixed(1).padStart(7)}`);
};
await report("a unit's stock on hand by medicine and batch (GET /api/stock/unit/{id})", () => call('GET', `/api/stock/unit/${nextUnit()}`));
await report("the workspace's batches, first page by expiry (POST /api/tbl/stockbatch/query)", () => call('POST', '/api/tbl/stockbatch/query', { pageSize: 50 }));
await report('the workspace dashboard warnings and stock-out dates over every unit (GET /api/stock/alerts)', () => call('GET', '/api/stock/alerts'));
await report("a unit's order proposal (GET /api/stock/unit/{id}/proposal)", () => call('GET', `/api/stock/unit/${nextUnit()}/proposal`));
// the reports over a month of the generated movements (they reach the last quarter before this one)
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const month = { iniDate: daysAgo(120), endDate: daysAgo(90) };
await report('REP_MOVEMENTS, whole workspace, a month by medicine × type (POST /api/stock/report/movements)', () =>
  call('POST', '/api/stock/report/movements', { scope: 'WORKSPACE', ...month, rowVariables: ['medicine'], columnVariables: ['movementType'] }));
await report('REP_MOVEMENTS, one unit, a year by month × medicine (POST /api/stock/report/movements)', () =>
  call('POST', '/api/stock/report/movements', { scope: 'UNIT', scopeId: nextUnit(), iniDate: daysAgo(455), endDate: daysAgo(90), rowVariables: ['month'], columnVariables: ['medicine'] }));

// the ledger per batch: a batch's stock card, and a movement's write with its date rules — today
// (nothing dated after it to read) and 75 days back, inside the last generated quarter (the batch's later
// dispensings read: `availableOn`) — on the generated units' batches of that quarter (received about 5 months
// ago, expiring in about 19), taken in turn (one unit each: the data barely moves)
const usable = (await db.selectFrom('stockbatch').select(['id', 'unit_id as unitId', 'product_id as productId', 'source_id as sourceId', 'batch_number as batchNumber', 'manufacturer', sql<string>`expiry_date::text`.as('expiryDate')])
  .where('workspace_id', '=', ws).where('unit_id', 'in', units.slice(0, 200)).where('quantity', '>', 100).where('expiry_date', '>', sql<string>`current_date + 540`)
  .orderBy('id').limit(1000).execute());
let b = 0;
const nextBatch = () => usable[(b++ * 7919) % usable.length];
/** Times a call that an older build may not have: a 404 on its first call is said and skipped. */
const reportIfThere = async (label: string, work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (e) {
    if (String(e).includes(': 404')) return console.log(`  ${label.padEnd(70)}   (no such route in this build)`);
    throw e;
  }
  await report(label, work);
};
await reportIfThere("a batch's stock card with its running balance (GET /api/stock/batch/{id}/card)", () => call('GET', `/api/stock/batch/${nextBatch().id}/card`));
const adjustment = (date: string) => {
  const { id: _, ...batch } = nextBatch();
  return call('POST', '/api/tbl/stockmovement', { ...batch, type: 'ADJUSTMENT', reason: 'LOST', date, quantity: -1 });
};
await report('an adjustment of a batch dated today (POST /api/tbl/stockmovement)', () => adjustment(daysAgo(0)));
await report('an adjustment of a batch dated 75 days back (POST /api/tbl/stockmovement)', () => adjustment(daysAgo(75)));

await finishBench(postgres, [() => server.close()]);
