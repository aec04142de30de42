/**
 * Runs an indicator for a reader: the place their request names narrowed to their view (a unit
 * user asking for the workspace gets their unit: `cases/places/place.ts`, the same cohort the case
 * lists and side-menu counts use), one statement (`sql.ts`), the names of the catalogue keys, the
 * table (`shape.ts`). The cases are read from their analytic rows (`caseanalytic`), which carry the case's
 * place columns under the case's names, so the place's condition is the case lists' own.
 */
import type { Kysely } from 'kysely';
import { kyselyByName, type Database } from '../../server/db/kysely.ts';
import type { AnalyticTable } from '../../engine/analytic.ts';
import type { Lang } from '../../engine/i18n.ts';
import type { ReportVariable } from '../../engine/report-vars.ts';
import type { Session } from '../../server/types.ts';
import { caseUnitAlternatives, placeOf, unitsWhere, type Place, type PlaceScope } from '../../cases/places/place.ts';
import type { IndicatorRequest } from './request.ts';
import { indicatorQuery, type CaseQuery, type Cond } from './sql.ts';
import { cubeQuery, type Cube } from './cube.ts';
import { countInParallel } from './parallel.ts';
import { shapeIndicator, type DbRow, type Dim, type IndicatorData, type Key } from './shape.ts';
import { t } from '../../engine/i18n.ts';
import { todayOf } from '../../server/http/time-zone.ts';
import { trendQuarters, trendRequest } from './trend.ts';
import { neededPopulation, notificationRates, populationKey, rateSetup } from './rate.ts';

/**
 * The condition placing a case (`tbcase as c`, or its analytic row `caseanalytic as c`) in the place,
 * within the reader's view; undefined for the whole workspace.
 * @example const where = placeCondition(db, s, { kind: 'unit', unitId }); // c in the unit's cohort
 */
export function placeCondition(db: Kysely<Database>, s: Session, place: Place): Cond | undefined {
  const alts = caseUnitAlternatives(db, s, place, 'c');
  return alts ? (eb) => eb.or(alts.map((a) => a(eb))) : undefined;
}

/**
 * The place a request names (404 for an area or unit not in the workspace), as the cases' condition.
 * @example const cq = await caseQuery(db, s, analytic, 'WORKSPACE', undefined, request.filters);
 */
export async function caseQuery(db: Kysely<Database>, s: Session, analytic: AnalyticTable, scope: PlaceScope | undefined, scopeId: string | undefined, filters: IndicatorRequest['filters']): Promise<CaseQuery> {
  const place = await placeOf(db, s, scope, scopeId);
  return { workspaceId: s.workspaceId, analytic, place: placeCondition(db, s, place), units: (column) => unitsWhere(db, s, place, column), filters };
}

/** The names of catalogue rows by id (units, tags, regimens, admin units), only of the session's workspace. */
async function names(db: Kysely<Database>, ws: string, table: string, labels: string[], ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await kyselyByName(db).selectFrom(table).select(['id', ...labels]).where('workspace_id', '=', ws).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id as string, labels.map((c) => r[c]).filter((x) => x != null && x !== '').join(' ')]));
}

/**
 * What names a dimension's keys needs: a catalogue's names of the ids present, every age range in order.
 * @example await dimOf(db, s.workspaceId, cat.variable('ownerUnit')!, rows.map((r) => r.r0)) // { variable, names: Map { id → 'ЦСМ №1' } }
 */
export async function dimOf(db: Kysely<Database>, ws: string, variable: ReportVariable, present: unknown[]): Promise<Dim> {
  const v = variable.value;
  const ids = [...new Set(present.filter((x): x is string => typeof x === 'string'))];
  if (v.kind === 'age') {
    const rows = await db.selectFrom('agerange').select(['id', 'name', 'ini_age', 'end_age']).where('workspace_id', '=', ws).orderBy('ini_age').execute();
    return { variable, names: new Map(rows.map((r) => [r.id as string, (r.name as string) || `${r.ini_age}–${r.end_age}`])) };
  }
  if (v.kind === 'ref') return { variable, names: await names(db, ws, v.table, v.labels, ids) };
  if (v.kind === 'area') return { variable, names: await names(db, ws, 'adminunit', ['name'], ids) };
  return { variable };
}

/**
 * The request as counted: a trend's rows over the last eight whole quarters of its date, its row
 * variables as the columns (`trend.ts`); any other as asked.
 * @example countedRequest(request, '2026-05-20') // a trend: { rows: [registrationDate.quarter], columns: request.rows, filters: [… 2024-04 to 2026-03], trend }
 */
export function countedRequest(req: IndicatorRequest, today: string): IndicatorRequest {
  if (!req.trend) return req;
  return { ...trendRequest(req, req.trend, trendQuarters(today).months), trend: req.trend };
}

/** The population of the admin units and years asked, by `populationKey`. */
async function populationOf(db: Kysely<Database>, ws: string, need: { areas: string[]; years: number[] }): Promise<Map<string, number>> {
  if (!need.areas.length || !need.years.length) return new Map();
  const rows = await db.selectFrom('population').select(['admin_unit_id', 'year', 'population']).where('workspace_id', '=', ws).where('admin_unit_id', 'in', need.areas).where('year', 'in', need.years).execute();
  return new Map(rows.map((r) => [populationKey(r.admin_unit_id, Number(r.year)), Number(r.population)]));
}

/**
 * An indicator's table for the reader (a request as `countedRequest` gives it): from the counts cube
 * when it holds every variable and filter, else from the cases' analytic rows; a trend with every one
 * of its quarters, the rates per 100,000 when asked.
 * @example await runIndicator(db, s, await caseQuery(db, s, analytic, 'WORKSPACE', undefined, []), request, 'ru', cube) // { rows, columns, values, rowTotals, columnTotals, total, totalLabel: 'Итог' }
 */
export async function runIndicator(db: Kysely<Database>, s: Session, cq: CaseQuery, req: IndicatorRequest, lang: Lang, cube?: Cube): Promise<IndicatorData> {
  const q = cubeQuery(db, cube, cq, req.rows, req.columns) ?? indicatorQuery(db, cq, req.rows, req.columns);
  const rows = (await countInParallel(db, q)) as DbRow[];
  // a variable filtered to some of its keys lists only those (filter and variable of one field share their id)
  const only = (v: ReportVariable) => {
    const f = req.filters.find((x) => x.filter.id === v.id)?.value;
    return f && 'keys' in f ? { only: f.keys as Key[] } : {};
  };
  const dims = async (list: ReportVariable[], prefix: 'r' | 'c') =>
    Promise.all(list.map(async (v, i) => ({ ...(await dimOf(db, s.workspaceId, v, rows.map((r) => r[`${prefix}${i}`]))), ...only(v) })));
  const [rowDims, colDims] = await Promise.all([dims(req.rows, 'r'), dims(req.columns, 'c')]);
  const quarters = req.trend ? trendQuarters(todayOf(s)).keys : undefined;
  if (quarters) rowDims[0] = { ...rowDims[0], keys: quarters };
  const data = shapeIndicator(rows, rowDims, colDims, lang);
  if (req.trend && quarters) data.trend = { date: req.trend.filter.id, quarters };
  const setup = req.rate ? rateSetup(req) : undefined;
  if (setup) data.rates = notificationRates(data, setup, await populationOf(db, s.workspaceId, neededPopulation(data, setup)), t(lang, 'indicator.rates'));
  return data;
}
