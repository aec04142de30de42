/**
 * Counts of cases by place, read from the tables the triggers keep (`casecount`, `casetagcount`,
 * migration casecount): a row per unit (and tag), so the counts of the workspace over a million
 * cases sum a few hundred rows. "Open" is every state but CLOSED.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import type { Session } from '../../server/types.ts';
import { unitsWhere, type Place } from './place.ts';
import { areaPathArray } from '../../server/scope/area.ts';

/** The counted groups (columns of `casecount`). */
export const COUNT_KEYS = ['suspect', 'tb', 'drtb', 'ntm', 'on_treatment', 'not_on_treatment', 'not_validated', 'transferring', 'closed'] as const;
export type CountKey = (typeof COUNT_KEYS)[number];
export type Counts = Record<CountKey, number>;

export const zeroCounts = (): Counts => Object.fromEntries(COUNT_KEYS.map((k) => [k, 0])) as Counts;

const sums = () => COUNT_KEYS.map((k) => sql<number>`coalesce(sum(${sql.ref(`cc.${k}`)}), 0)::int`.as(k));

/**
 * The counts of the place's units in the reader's view.
 * @example await placeCounts(db, s, { kind: 'unit', unitId }) // { suspect: 3, tb: 12, … }
 */
export async function placeCounts(db: Kysely<Database>, s: Session, place: Place): Promise<Counts> {
  let q = db.selectFrom('casecount as cc').select(sums()).where('cc.workspace_id', '=', s.workspaceId);
  const where = unitsWhere(db, s, place, 'cc.unit_id');
  if (where) q = q.where(where);
  const row = await q.executeTakeFirst();
  const out = zeroCounts();
  for (const k of COUNT_KEYS) out[k] = Number(row?.[k] ?? 0);
  return out;
}

/**
 * How many cases of the place's units in view carry each tag (tags with none left out).
 * @example await tagCounts(db, s, { kind: 'workspace' }) // Map { tagId → 120 }
 */
export async function tagCounts(db: Kysely<Database>, s: Session, place: Place, tagId?: string): Promise<Map<string, number>> {
  let q = db
    .selectFrom('casetagcount as ct')
    .select(['ct.tag_id', sql<number>`sum(ct.n)::int`.as('n')])
    .where('ct.workspace_id', '=', s.workspaceId)
    .groupBy('ct.tag_id')
    .having(sql`sum(ct.n)`, '>', 0);
  if (tagId) q = q.where('ct.tag_id', '=', tagId);
  const where = unitsWhere(db, s, place, 'ct.unit_id');
  if (where) q = q.where(where);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.tag_id as string, Number(r.n)]));
}

/** Per-unit open counts of the tree, and how many units in view each area holds. */
export interface NodeCounts {
  suspect: number;
  tb: number;
  drtb: number;
  ntm: number;
  /** Units of the node in the reader's view (1 for a unit node in view). */
  units: number;
}

/**
 * The tree's counts of each area among `areaIds` (its whole subtree: every admin unit holding it on
 * its path p0..p4) and of each unit among `unitIds`, over the units in the reader's view.
 * @example await nodeCounts(db, s, [areaId], []) // Map { areaId → { suspect: 4, tb: 30, drtb: 5, ntm: 1, units: 3 } }
 */
export async function nodeCounts(db: Kysely<Database>, s: Session, areaIds: string[], unitIds: string[]): Promise<Map<string, NodeCounts>> {
  const out = new Map<string, NodeCounts>();
  const inView = unitsWhere(db, s, { kind: 'workspace' }, 'u.id');
  const cols = sql`count(*)::int as units, coalesce(sum(cc.suspect), 0)::int as suspect, coalesce(sum(cc.tb), 0)::int as tb, coalesce(sum(cc.drtb), 0)::int as drtb, coalesce(sum(cc.ntm), 0)::int as ntm`;
  const view = inView ? sql`and u.id in (${db.selectFrom('unit as u').select('u.id').where('u.workspace_id', '=', s.workspaceId).where(inView)})` : sql``;
  const put = (rows: Record<string, unknown>[]) => {
    for (const r of rows) out.set(String(r.id), { units: Number(r.units), suspect: Number(r.suspect), tb: Number(r.tb), drtb: Number(r.drtb), ntm: Number(r.ntm) });
  };
  if (areaIds.length) {
    const r = await sql<Record<string, unknown>>`
      select s.id, ${cols}
        from (select unnest(${areaPathArray('a')}) as id, u.id as unit_id
                from unit u join adminunit a on a.id = u.address_admin_unit_id
               where u.workspace_id = ${s.workspaceId} ${view}) s
        left join casecount cc on cc.unit_id = s.unit_id
       where s.id = any(${areaIds}::uuid[])
       group by s.id`.execute(db);
    put(r.rows);
  }
  if (unitIds.length) {
    const r = await sql<Record<string, unknown>>`
      select u.id, ${cols}
        from unit u left join casecount cc on cc.unit_id = u.id
       where u.workspace_id = ${s.workspaceId} and u.id = any(${unitIds}::uuid[]) ${view}
       group by u.id`.execute(db);
    put(r.rows);
  }
  return out;
}
