/**
 * What the dashboards count of contacts, for a place in the reader's view (a unit, an
 * area, the workspace): the contacts waiting for evaluation and the TPT courses running (on TPT, with
 * interruptions, on hold), each counted up to {@link COUNT_CAP} (then "more than"); for a unit also
 * the courses missing a dose in the last 14 days, as its worklist lists them.
 *
 * @example await contactCounts(db, s, { kind: 'unit', unitId }, '2026-11-26') // { waiting: 4, onTpt: 12, tptMissed: 2, capped: false }
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import type { Session } from '../../server/types.ts';
import { unitsWhere, type Place } from '../places/place.ts';
import { RUNNING } from '../tpt/rules.ts';
import { COUNT_CAP } from './lists.ts';
import { tptMissedDoses } from './worklist.ts';

export interface ContactCounts {
  waiting: number;
  onTpt: number;
  /** A unit only (null for an area or the workspace). */
  tptMissed: number | null;
  /** A count reached {@link COUNT_CAP}. */
  capped: boolean;
}

/** How many rows the query finds, reading at most {@link COUNT_CAP} + 1. */
async function bounded(db: Kysely<Database>, q: SelectQueryBuilder<any, any, any>): Promise<number> {
  const { n } = (await db.selectFrom(q.select(sql`1`.as('one')).limit(COUNT_CAP + 1).as('x')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()) as { n: number };
  return n;
}

export async function contactCounts(db: Kysely<Database>, s: Session, place: Place, today: string): Promise<ContactCounts> {
  const inPlace = (col: string) => unitsWhere(db, s, place, col);
  let waiting = db.selectFrom('contact as c').where('c.workspace_id', '=', s.workspaceId).where('c.examinated', '=', false).where('c.not_evaluated_reason', 'is', null);
  const w = inPlace('c.unit_id');
  if (w) waiting = waiting.where(w);
  let running = db.selectFrom('tptcourse as tc').where('tc.workspace_id', '=', s.workspaceId).where('tc.status', 'in', [...RUNNING]);
  const r = inPlace('tc.unit_id');
  if (r) running = running.where(r);
  const [a, b, missed] = await Promise.all([
    bounded(db, waiting),
    bounded(db, running),
    place.kind === 'unit' ? tptMissedDoses(db, s, place.unitId, today) : Promise.resolve(null),
  ]);
  return { waiting: Math.min(a, COUNT_CAP), onTpt: Math.min(b, COUNT_CAP), tptMissed: missed ? missed.length : null, capped: a > COUNT_CAP || b > COUNT_CAP };
}
