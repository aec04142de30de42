/**
 * An indicator that is a rate per population (TB.IND.9, the notification rate of new episodes per
 * 100,000): its number over the population of the place in the year, from the population catalogue
 * (`schemas/tables/population.json`: a row per area and year). The population of an area is its own
 * row, else the sum of the areas directly under it when every one of them has a row; the workspace's
 * is that of its top-level areas. A unit has no population (it is kept by area), a quarter no rate (the
 * DAK's rate is of a year), an area and year without a population none either: each is said, never a
 * zero.
 *
 * @example await placePopulation(db, s, { kind: 'area', areaId }, 2024) // { population: 1_100_000 }
 *   // or { missing: 'Нет численности населения за 2024 год: «г. Бишкек» — внесите её в справочник «Население»' }
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import { t } from '../../engine/i18n.ts';
import type { Place } from '../../cases/places/place.ts';
import type { Session } from '../../server/types.ts';

/** The rate beside an indicator's number: per how many people, the population, the rate — or why there is none. */
export interface IndicatorRate {
  per: number;
  population: number | null;
  value: number | null;
  missing?: string;
}

/**
 * The population of a place in a year, or what is missing for it (in the reader's language).
 * @example await placePopulation(db, s, { kind: 'workspace' }, 2024) // { population: 7_000_000 }
 */
export async function placePopulation(db: Kysely<Database>, s: Session, place: Place, year: number): Promise<{ population: number } | { missing: string }> {
  if (place.kind === 'unit') return { missing: t(s.lang, 'dak.rate.unit') };
  const areas = await db.selectFrom('adminunit').select(['id', 'parent_id', 'name']).where('workspace_id', '=', s.workspaceId).execute();
  const rows = await db.selectFrom('population').select(['admin_unit_id', 'population']).where('workspace_id', '=', s.workspaceId).where('year', '=', year).execute();
  const own = new Map(rows.map((r) => [String(r.admin_unit_id), Number(r.population)]));
  const childrenOf = (id: string | null) => areas.filter((a) => (a.parent_id === null ? null : String(a.parent_id)) === id);
  /** An area's own population, else its children's summed when each has its own. */
  const of = (id: string): number | undefined => {
    if (own.has(id)) return own.get(id);
    const children = childrenOf(id);
    return children.length && children.every((c) => own.has(String(c.id))) ? children.reduce((sum, c) => sum + own.get(String(c.id))!, 0) : undefined;
  };
  const tops = place.kind === 'area' ? areas.filter((a) => String(a.id) === place.areaId) : childrenOf(null);
  const lacking = tops.filter((a) => of(String(a.id)) === undefined);
  if (!tops.length || lacking.length) {
    const names = lacking.map((a) => `«${a.name}»`).join(', ');
    return { missing: t(s.lang, 'dak.rate.missing', { areas: names, year }) };
  }
  return { population: tops.reduce((sum, a) => sum + of(String(a.id))!, 0) };
}

/**
 * The rate of `count` in the place and year (`quarter` set: none, the rate is of a year), one decimal.
 * @example await indicatorRate(db, s, place, { year: 2024 }, 5, 100_000) // { per: 100000, population: 400000, value: 1.3 }
 */
export async function indicatorRate(db: Kysely<Database>, s: Session, place: Place, period: { year: number; quarter?: number }, count: number, per: number): Promise<IndicatorRate> {
  if (period.quarter) return { per, population: null, value: null, missing: t(s.lang, 'dak.rate.year') };
  const found = await placePopulation(db, s, place, period.year);
  if ('missing' in found) return { per, population: null, value: null, missing: found.missing };
  return { per, population: found.population, value: Math.round((count * per * 10) / found.population) / 10 };
}
