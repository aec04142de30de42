/**
 * Generated treatments for scale work (`npm run bench:treatment`): every case of the workspace that
 * is ONTREATMENT with a start date and no treatment yet gets a 24-month treatment — two
 * prescriptions (the first medicine for 2 months, the second for 22, daily), its owner unit, and a
 * calendar of daily intake up to today (about 90% DOTS, 7% SELF_ADMIN, 3% NOT_TAKEN; one case in
 * twenty stops being recorded after a few months) — and the case's alert column and treatment period
 * (`treatment_ini_date`, `treatment_end_date`). Written by set-based SQL in chunks of cases, bypassing the writer (no
 * history or change-log entries), like `cases/generate.ts`; each chunk's analytic rows are recomputed after it. The alert column is set by a close
 * approximation of `alert.ts` (the last recorded day counted as a dose).
 *
 * @example await generateTreatments(kysely(em), workspaceId, { onProgress: (n) => console.log(n) })
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import { productRegistry, refreshAnalyticWhere } from '../../server/analytic/backfill.ts';

/** Day patterns (31 characters) the generated months take their days from. */
function patterns(n: number, seed: number): string[] {
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length: n }, () => Array.from({ length: 31 }, () => { const r = rnd(); return r < 0.9 ? 'D' : r < 0.97 ? 'S' : 'N'; }).join(''));
}

/**
 * Adds a treatment with 24 months of daily intake to each case on treatment of the workspace that
 * has none; returns how many cases got one.
 */
export async function generateTreatments(db: Kysely<Database>, workspaceId: string, opts: { chunk?: number; onProgress?: (done: number) => void } = {}): Promise<number> {
  const products = (await db.selectFrom('product').select('id').where('workspace_id', '=', workspaceId).where('type', '=', 'MEDICINE').orderBy('name').limit(2).execute()).map((p) => p.id as string);
  if (products.length < 2) throw new Error('the workspace needs two medicines to prescribe');
  const pats = sql`array[${sql.join(patterns(200, 7).map((p) => sql.lit(p)))}]::text[]`;
  const chunk = opts.chunk ?? 20_000;
  let done = 0;
  for (;;) {
    const r = await sql<{ n: number; ids: string }>`
      with c as (
        select t.id as case_id, t.owner_unit_id as unit, t.ini_treatment_date as ini,
               ((t.ini_treatment_date + interval '24 months')::date - 1) as fin,
               (hashtext(t.id::text) & 2147483647) % 20 = 0 as dropout,
               1 + (hashtext(t.id::text || 'k') & 2147483647) % 23 as k
          from tbcase t
         where t.workspace_id = ${workspaceId} and t.state = 'ONTREATMENT' and t.ini_treatment_date is not null
           and not exists (select 1 from treatment x where x.case_id = t.id)
         limit ${chunk}
      ), tr as (
        insert into treatment (id, workspace_id, case_id, regimen_id, moved_to_individualized, ini_date, end_date)
        select gen_random_uuid(), ${workspaceId}::uuid, case_id, null, false, ini, fin from c
      ), pr as (
        insert into prescription (id, workspace_id, case_id, product_id, ini_date, end_date, dose_unit, frequency)
        select gen_random_uuid(), ${workspaceId}::uuid, case_id, ${products[0]}::uuid, ini, (ini + interval '2 months')::date - 1, 4, 7 from c
        union all
        select gen_random_uuid(), ${workspaceId}::uuid, case_id, ${products[1]}::uuid, (ini + interval '2 months')::date, fin, 4, 7 from c
      ), tu as (
        insert into treatunit (id, workspace_id, case_id, unit_id, ini_date, end_date)
        select gen_random_uuid(), ${workspaceId}::uuid, case_id, unit, ini, fin from c
      ), al as (
        update tbcase t set adherence_alert_from = a.alert_from, treatment_ini_date = a0.ini, treatment_end_date = a0.fin
          from (select case_id,
                       case when dropout then (date_trunc('month', ini) + make_interval(months => k))::date - 1 + 14
                            else least(fin, current_date) + 14 end as alert_from, ini, fin
                  from c) a0
          cross join lateral (select case when a0.alert_from <= a0.fin then a0.alert_from end as alert_from) a
         where t.id = a0.case_id
      ), m as (
        select c.case_id, g.m, g.ms,
               extract(day from (g.ms + interval '1 month' - interval '1 day'))::int as dim,
               greatest(1, c.ini - g.ms + 1) as lo,
               (${pats})[1 + (hashtext(c.case_id::text || g.m::text) & 2147483647) % 200] as pat,
               least(c.fin, current_date) - g.ms + 1 as hi0
          from c cross join lateral (
            select m, (date_trunc('month', c.ini) + make_interval(months => m))::date as ms from generate_series(0, 24) m
          ) g
         where c.ini <= current_date and g.ms <= least(c.fin, current_date) and (not c.dropout or g.m < c.k)
      ), ins as (
        insert into adherence (id, workspace_id, case_id, year, month, days)
        select gen_random_uuid(), ${workspaceId}::uuid, case_id, extract(year from ms)::int, extract(month from ms)::int,
               repeat('-', lo - 1) || substr(pat, lo, least(dim, hi0) - lo + 1) || repeat('-', dim - least(dim, hi0))
          from m
      )
      select count(*)::int as n, array_agg(case_id)::text as ids from c`.execute(db);
    const n = Number(r.rows[0].n);
    if (!n) break;
    // the cases' analytic rows follow their new treatment, as a write's would
    await refreshAnalyticWhere(db, productRegistry(), sql`c.id = any(${(r.rows[0] as any).ids}::uuid[])`);
    done += n;
    opts.onProgress?.(done);
  }
  return done;
}
