/**
 * Where a case list or count looks: the place the request names — the
 * workspace, an area (admin unit) and its subtree, or a unit — always narrowed by the reader's own
 * view (`server/scope/view.ts`), so a unit-view doctor asking for the workspace gets their unit, and
 * asking for another unit gets nothing. The request can only narrow, never widen.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { Session } from '../../server/types.ts';
import { fail } from '../../server/http/errors.ts';
import { readerView, unitsInView } from '../../server/scope/view.ts';

export type Place = { kind: 'workspace' } | { kind: 'area'; areaId: string } | { kind: 'unit'; unitId: string };
export type PlaceScope = 'WORKSPACE' | 'ADMINUNIT' | 'UNIT';

/**
 * The place a scope names, after checking that the area or unit exists in the session's workspace
 * (404 otherwise).
 * @example await placeOf(db, s, 'UNIT', unitId) // { kind: 'unit', unitId }
 */
export async function placeOf(db: Kysely<Database>, s: Session, scope: PlaceScope | undefined, scopeId: string | undefined): Promise<Place> {
  if (!scope || scope === 'WORKSPACE') return { kind: 'workspace' };
  const table = scope === 'UNIT' ? 'unit' : 'adminunit';
  const found = scopeId && (await db.selectFrom(table).select('id').where('id', '=', scopeId).where('workspace_id', '=', s.workspaceId).executeTakeFirst());
  if (!found) throw fail(404, t(s.lang, 'msg.notFound'), 'scopeId');
  return scope === 'UNIT' ? { kind: 'unit', unitId: scopeId } : { kind: 'area', areaId: scopeId };
}

/**
 * The condition on a unit-id column (`col`) keeping the units of the place that lie in the reader's
 * view; `undefined` when nothing limits it beyond the workspace.
 * @example q.where(unitsWhere(db, s, place, 't.owner_unit_id') ?? (() => sql`true`))
 */
export function unitsWhere(db: Kysely<Database>, s: Session, place: Place, col: string): ((eb: ExpressionBuilder<any, any>) => Expression<SqlBool>) | undefined {
  const view = readerView(s);
  const parts: ((eb: ExpressionBuilder<any, any>) => Expression<SqlBool>)[] = [];
  if (view.kind === 'none') return () => sql<SqlBool>`false`;
  if (view.kind === 'unit') parts.push((eb) => eb(col, '=', view.unitId));
  if (view.kind === 'area') parts.push((eb) => eb(col, 'in', unitsInView(db, s.workspaceId, view)));
  if (place.kind === 'unit') parts.push((eb) => eb(col, '=', place.unitId));
  if (place.kind === 'area') parts.push((eb) => eb(col, 'in', unitsInView(db, s.workspaceId, { kind: 'area', areaId: place.areaId })));
  if (!parts.length) return undefined;
  return (eb) => eb.and(parts.map((p) => p(eb)));
}

/**
 * Where a case (`tbcase as <alias>`) is placed, as two disjoint conditions a list merges (each on its
 * own index: `QueryOptions.alternatives`): the cases the place's units own — except a transferring
 * case, which stays in the unit it leaves (its cohort: lists and counts, migration transfer_cohort)
 * until the receiving unit accepts it — and the cases leaving them. Within the reader's view;
 * `undefined` when nothing limits it beyond the workspace.
 * @example store.query({ …, alternatives: caseUnitAlternatives(db, s, { kind: 'unit', unitId }, 't') })
 */
export function caseUnitAlternatives(db: Kysely<Database>, s: Session, place: Place, alias: string): ((eb: ExpressionBuilder<any, any>) => Expression<SqlBool>)[] | undefined {
  const owner = unitsWhere(db, s, place, `${alias}.owner_unit_id`);
  const leaving = unitsWhere(db, s, place, `${alias}.transfer_from_unit_id`);
  if (!owner || !leaving) return undefined;
  return [
    (eb) => eb.and([eb.or([eb(`${alias}.transferring`, '=', false), eb(`${alias}.transfer_from_unit_id`, 'is', null)]), owner(eb)]),
    (eb) => eb.and([eb(`${alias}.transferring`, '=', true), leaving(eb)]),
  ];
}

/**
 * Where a case in transfer is placed for the units at both its ends: the place's units own it (it
 * waits for them to accept it) or it leaves them — the summary 'В процессе перевода' of the sending
 * unit and of the receiving one, a transfer inside an area counted once. One condition, so a list
 * or count reads it on the transferring cases' index (few at any time). Within the reader's view;
 * `undefined` when nothing limits it beyond the workspace.
 * @example store.query({ …, alternatives: [transferEnds(db, s, { kind: 'unit', unitId }, 't')!] })
 */
export function transferEnds(db: Kysely<Database>, s: Session, place: Place, alias: string): ((eb: ExpressionBuilder<any, any>) => Expression<SqlBool>) | undefined {
  const owner = unitsWhere(db, s, place, `${alias}.owner_unit_id`);
  const leaving = unitsWhere(db, s, place, `${alias}.transfer_from_unit_id`);
  if (!owner || !leaving) return undefined;
  return (eb) => eb.or([owner(eb), eb.and([eb(`${alias}.transferring`, '=', true), leaving(eb)])]);
}
