/**
 * Generated stock for the benchmark (`npm run bench:stock`, never the demo): `units` new TB units of
 * a workspace (copies of one of its units, but for its DHIS2 uid: unique in a workspace), and for each, every active medicine, 5 years back, a batch
 * a quarter (expiring two years after it arrives) received at the quarter's start (10,000 units) and
 * dispensed 24 times in it (250 units each, about 8 a month) — 25 movements per unit, medicine and
 * quarter, 500 per unit and medicine: about 10.5 million rows at 1,000 units and the demo's 21 medicines. Written
 * set-based in SQL (one statement per table), each movement with its balance after it and each batch
 * with the sum of its movements, as the ledger keeps them; the demo workspace's feed is not fed (no
 * client follows a benchmark database).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/kysely.ts';

/**
 * Generates the units and their stock; answers the new units' ids and the number of movements.
 * @example await generateStock(db, workspaceId, 1000) // { units: [...], movements: 10_500_000 }
 */
export async function generateStock(db: Kysely<Database>, workspaceId: string, units: number): Promise<{ units: string[]; movements: number }> {
  const template = (await db.selectFrom('unit').select('id').where('workspace_id', '=', workspaceId).where('type', '=', 'TBUNIT').orderBy('name').executeTakeFirstOrThrow()).id as string;
  const cols = (await sql<{ c: string }>`select column_name as c from information_schema.columns where table_name = 'unit' and column_name not in ('id', 'name', 'custom_id', 'dhis2_uid', 'version', 'created_at', 'updated_at')`.execute(db)).rows.map((r) => r.c);
  const made = await sql<{ id: string }>`
    insert into unit (id, name, ${sql.join(cols.map((c) => sql.id(c)))})
    select gen_random_uuid(), 'Склад ' || g, ${sql.join(cols.map((c) => sql.id(c)))} from unit, generate_series(1, ${units}) g where unit.id = ${template}
    returning id`.execute(db);
  const ids = made.rows.map((r) => r.id);
  const source = (await db.selectFrom('source').select('id').where('workspace_id', '=', workspaceId).orderBy('name').executeTakeFirstOrThrow()).id as string;
  // a batch per unit, medicine and quarter of the last 5 years
  await sql`
    insert into stockbatch (id, workspace_id, unit_id, product_id, source_id, batch_number, manufacturer, expiry_date, quantity)
    select gen_random_uuid(), ${workspaceId}, u, p.id, ${source}, 'G' || to_char(q, 'YYYY-Q'), 'Генерик', (q + interval '2 years')::date, 0
    from unnest(${ids}::uuid[]) u
    cross join (select id from product where workspace_id = ${workspaceId} and type = 'MEDICINE' and active) p
    cross join generate_series(date_trunc('quarter', current_date - interval '5 years'), date_trunc('quarter', current_date) - interval '3 months', interval '3 months') q`.execute(db);
  // its receipt at the quarter's start and 24 dispensings of 250 through the quarter, each with the balance after it
  const moved = await sql`
    insert into stockmovement (id, workspace_id, unit_id, type, date, product_id, source_id, batch_number, manufacturer, expiry_date, quantity, batch_id, balance)
    select gen_random_uuid(), b.workspace_id, b.unit_id, m.type, m.date, b.product_id, b.source_id, b.batch_number, b.manufacturer, b.expiry_date, m.quantity, b.id,
           sum(m.quantity) over (partition by b.id order by m.k)
    from stockbatch b
    cross join lateral (
      select 0 as k, 'RECEIPT' as type, (b.expiry_date - interval '2 years')::date as date, 10000 as quantity
      union all
      select k, 'DISPENSING', (b.expiry_date - interval '2 years')::date + (k * 15 / 4), -250 from generate_series(1, 24) k
    ) m
    where b.unit_id = any(${ids}::uuid[])`.execute(db);
  await sql`update stockbatch b set quantity = s.n from (select batch_id, sum(quantity) as n from stockmovement where unit_id = any(${ids}::uuid[]) group by batch_id) s where s.batch_id = b.id`.execute(db);
  return { units: ids, movements: Number(moved.numAffectedRows ?? 0) };
}
