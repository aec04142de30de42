// The counts the side menu, the area tree and /active show, taken straight from the cases: what the
// per-unit counters kept by triggers must equal.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';

/** A workspace's case counts by the places' rules: the open ones by diagnosis and classification, on treatment, closed, not validated. */
export interface CaseCounts {
  suspect: number;
  tb: number;
  drtb: number;
  ntm: number;
  ontreatment: number;
  closed: number;
  notvalidated: number;
}

/**
 * The workspace's cases matching `where` (over `tbcase t`) counted from the table itself.
 * @example (await caseCountsFromTable(db, ws, sql`owner_unit_id = ${unitId}`)).tb // open confirmed TB cases of the unit
 */
export async function caseCountsFromTable(db: Kysely<Database>, ws: string, where: RawBuilder<unknown> = sql`true`): Promise<CaseCounts> {
  const r = await sql<CaseCounts>`
    select count(*) filter (where state <> 'CLOSED' and diagnosis_type = 'SUSPECT')::int as suspect,
           count(*) filter (where state <> 'CLOSED' and diagnosis_type = 'CONFIRMED' and classification = 'TB')::int as tb,
           count(*) filter (where state <> 'CLOSED' and diagnosis_type = 'CONFIRMED' and classification = 'DRTB')::int as drtb,
           count(*) filter (where state <> 'CLOSED' and diagnosis_type = 'CONFIRMED' and classification = 'NTM')::int as ntm,
           count(*) filter (where state = 'ONTREATMENT')::int as ontreatment,
           count(*) filter (where state = 'CLOSED')::int as closed,
           count(*) filter (where state <> 'CLOSED' and not validated)::int as notvalidated
      from tbcase t where t.workspace_id = ${ws} and ${where}`.execute(db);
  return r.rows[0];
}
