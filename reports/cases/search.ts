/**
 * The advanced search 'Расширенный поиск': the report filters
 * (`POST /api/cases/search/init`, the same declarations as the report editor) over the place's
 * cases in the reader's view, 50 a page, newest registration first, deep pages by keyset (`next`);
 * their count apart (`POST /api/cases/search/count`), bounded as every list's is (`boundedCount`), of
 * the cases' analytic rows (`caseanalytic`: every filter a column of one row, no join).
 */
import { sql, type Kysely } from 'kysely';
import type { AnalyticTable } from '../../engine/analytic.ts';
import type { ReportFilter } from '../../engine/report-vars.ts';
import type { JsonSchema } from '../../engine/types.ts';
import type { Registry } from '../../engine/registry.ts';
import type { Em } from '../../server/db/orm.ts';
import type { Session } from '../../server/types.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { boundedCount, COUNT_CAP, estimatedCount, exactCount, type CountParts } from '../../server/tbl/store/count.ts';
import { kysely, type Database } from '../../server/db/kysely.ts';
import { markAdherenceAlerts } from '../../cases/places/adherence.ts';
import { todayOf } from '../../server/http/time-zone.ts';
import { caseUnitAlternatives, placeOf, unitsWhere, type Place } from '../../cases/places/place.ts';
import { caseSelection, rowCondition, type FilterValue } from '../indicator/sql.ts';
import { keyLabel, variableName } from '../indicator/shape.ts';

export const SEARCH_PAGE_SIZE = 50;

/** `POST /api/cases/search/count`: the place and the filters. */
export const searchCountBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    filters: { type: 'object', maxProperties: 100 },
    scope: { type: 'string', enum: ['WORKSPACE', 'ADMINUNIT', 'UNIT'] },
    scopeId: { type: 'string', format: 'uuid' },
    /** true: counted exactly (up to the cap) however long it takes, never the planner's estimate. */
    exact: { type: 'boolean' },
  },
};

/** `POST /api/cases/search`. */
export const searchBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    pageSize: { type: 'integer', enum: [SEARCH_PAGE_SIZE] },
    filters: { type: 'object', maxProperties: 100 },
    scope: { type: 'string', enum: ['WORKSPACE', 'ADMINUNIT', 'UNIT'] },
    scopeId: { type: 'string', format: 'uuid' },
    addFilterDisplay: { type: 'boolean' },
    page: { type: 'integer', minimum: 1, maximum: 200 },
    after: { type: 'string', maxLength: 2000 },
  },
};

/** How a chosen filter reads on the results page: its name and its values. */
function display(f: ReportFilter, value: FilterValue, names: Map<string, string>, s: Session) {
  const name = variableName(f, s.lang);
  if ('keys' in value) return { id: f.id, name, value: value.keys.map((k) => (typeof k === 'string' && names.has(k) ? names.get(k)! : keyLabel({ variable: { ...f, rows: true, columns: true } }, k as any, s.lang))).join(', ') };
  return { id: f.id, name, value: `${monthText(value.ini, s.lang)} – ${monthText(value.end, s.lang)}` };
}

/**
 * A period's month as the language writes it, '…' when open.
 * @example monthText('2025-03', 'ru') // '03.2025'; monthText('2025-03', 'en') // '03/2025'
 */
export const monthText = (month: string | undefined, lang: string) => (month ? month.slice(5, 7) + (lang === 'en' ? '/' : '.') + month.slice(0, 4) : '…');

/** The place's cases in the reader's view matching every filter, as the case table's store reads them. */
async function searchOf(em: Em, db: Kysely<Database>, registry: Registry, analytic: AnalyticTable, s: Session, body: { scope?: any; scopeId?: string }, filters: { filter: ReportFilter; value: FilterValue }[]) {
  const place = await placeOf(db, s, body.scope, body.scopeId);
  // each filter on the listed case: its own column, or an EXISTS on its analytic row (sql.ts rowCondition)
  const conditions = filters.map(({ filter, value }) => (q: any) => q.where(rowCondition(db, analytic, s.workspaceId, filter, value)));
  const store = TableStore.of(registry, registry.table('tbcase'), em, s, 'read');
  return { store, conditions, place, alternatives: caseUnitAlternatives(db, s, place, 't') };
}

/**
 * A page of the cases matching the filters in the place, within the reader's view — without their
 * count, which `countSearch` answers in a call of its own (a page is an index walk of milliseconds,
 * a count over a million cases up to its 100 ms bound).
 * @example await searchCases(em, db, registry, analytic, s, { filters: { gender: ['FEMALE'] }, page: 1 }, checked, names) // { list, next, filterDisplay? }
 */
export async function searchCases(
  em: Em,
  db: Kysely<Database>,
  registry: Registry,
  analytic: AnalyticTable,
  s: Session,
  body: { scope?: any; scopeId?: string; page?: number; after?: string; addFilterDisplay?: boolean },
  filters: { filter: ReportFilter; value: FilterValue }[],
  optionNames: () => Promise<Map<string, string>>,
) {
  const { store, conditions, alternatives } = await searchOf(em, db, registry, analytic, s, body, filters);
  const { list, next } = await store.query({ pageSize: SEARCH_PAGE_SIZE, page: body.page ?? 1, after: body.after, count: false, conditions, alternatives });
  markAdherenceAlerts(list, todayOf(s));
  if (!body.addFilterDisplay) return { list, next };
  const names = filters.some((f) => f.value && 'keys' in f.value && f.filter.value.kind !== 'enum') ? await optionNames() : new Map<string, string>();
  return { list, next, filterDisplay: filters.map((f) => display(f.filter, f.value, names, s)) };
}

/**
 * From this many cases by the planner's estimate, the search's count answers the estimate, shown as
 * one ('≈ 7 600'), without reading a row: counting them reads every one (thousands of rows read
 * from the heap, 100–300 ms on a busy server). The screen then offers the exact count (`exact`).
 */
export const ESTIMATED_FROM = 5_000;

/**
 * How many cases match the filters in the place: the planner's estimate when it says at least
 * {@link ESTIMATED_FROM} (`countEstimated`), else counted as every list's count is (`countCapped`,
 * `countEstimated` past 100 ms); `exact`: counted up to the cap however long it takes.
 * @example await countSearch(em, db, registry, analytic, s, { scope: 'WORKSPACE' }, checked) // { count: 12, countCapped: false }
 * @example await countSearch(em, db, registry, analytic, s, { exact: true }, checked) // { count: 7532, countCapped: false }
 */
export async function countSearch(em: Em, db: Kysely<Database>, _registry: Registry, analytic: AnalyticTable, s: Session, body: { scope?: any; scopeId?: string; exact?: boolean }, filters: { filter: ReportFilter; value: FilterValue }[]) {
  const place = await placeOf(db, s, body.scope, body.scopeId);
  const parts = analyticParts(s, analytic, place, filters);
  if (body.exact) return exactCount(em, parts);
  const estimate = await estimatedCount(em, parts);
  if (estimate >= ESTIMATED_FROM) return { count: Math.min(estimate, COUNT_CAP), countCapped: estimate > COUNT_CAP, countEstimated: true };
  return boundedCount(em, parts);
}

/**
 * The number of cases of a place in the reader's view matching the filters, from their analytic rows,
 * bounded (at most 10 000 counted, within 100 ms, else the planner's estimate); a summary `placed`
 * `owner` counts the cases by the unit that owns them, not by their cohort.
 * @example await countAnalytic(em, s, analytic, { kind: 'workspace' }, [{ filter: gender, value: { keys: ['FEMALE'] } }])
 */
export async function countAnalytic(em: Em, s: Session, analytic: AnalyticTable, place: Place, filters: { filter: ReportFilter; value: FilterValue }[], placed?: 'owner') {
  return boundedCount(em, analyticParts(s, analytic, place, filters, placed));
}

/** The disjoint parts of a place's cases matching the filters, on their analytic rows (`countAnalytic`). */
function analyticParts(s: Session, analytic: AnalyticTable, place: Place, filters: { filter: ReportFilter; value: FilterValue }[], placed?: 'owner'): CountParts {
  return (tx) => {
    const db = kysely(tx);
    // the place's cohort (a transferring case in the unit it leaves), or where the cases go (`placed: 'owner'`)
    const alternatives = placed === 'owner' ? [unitsWhere(db, s, place, 'c.owner_unit_id')] : (caseUnitAlternatives(db, s, place, 'c') ?? [undefined]);
    return alternatives.map((alt) => {
      const j = caseSelection(db, { workspaceId: s.workspaceId, analytic, filters });
      if (alt) j.where(alt);
      return j.query.select(sql`1`.as('one'));
    });
  };
}

/** The names of every catalogue option of the filters (ids → label), for the filter display. */
export const optionNamesOf = (groups: { filters: { resources: { options: { value: unknown; label: string }[] } }[] }[]) =>
  new Map(groups.flatMap((g) => g.filters.flatMap((f) => f.resources.options.filter((o) => typeof o.value === 'string').map((o) => [o.value as string, o.label] as const))));

