/**
 * What an indicator request asks, checked against the declared variables and filters
 * (`engine/report-vars.ts`) before any SQL: known ids, a variable allowed where it is put and not
 * twice, at least one row and one column variable (said in the
 * user's language: 'Выберите хотя бы одну переменную…'), filter values of the filter's own keys — a multi-select's chosen values (an empty one
 * is no filter), a select's one value, a period's month range.
 */
import { t, type Lang } from '../../engine/i18n.ts';
import type { ReportCatalogue, ReportFilter, ReportVariable } from '../../engine/report-vars.ts';
import { variableName } from './shape.ts';
import type { FilterValue } from './sql.ts';
import { trendDate } from './trend.ts';
import { rateSetup } from './rate.ts';

/** Why an id is not in the reader's catalogue: declared but not theirs to count by (an exam type's permission), or unknown. */
const unknown = (cat: ReportCatalogue, id: string, key: string, lang: Lang) => {
  const refused = cat.refused?.(id);
  return refused ? t(lang, 'indicator.notAllowed', { name: variableName(refused, lang) }) : t(lang, key, { id });
};

export interface FieldError {
  field: string;
  msg: string;
}

export interface IndicatorRequest {
  rows: ReportVariable[];
  columns: ReportVariable[];
  filters: { filter: ReportFilter; value: FilterValue }[];
  /** A trend: the rows over the last eight whole quarters of this date (`trend.ts`). */
  trend?: { filter: ReportFilter; quarter: ReportVariable };
  /** The notification rate per 100,000 beside each number (`rate.ts`). */
  rate?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Whether `key` is a value of the filter: one of an enum's, a boolean, or an id of a catalogue row. */
function isKey(f: ReportFilter, key: unknown): boolean {
  const v = f.value;
  if (v.kind === 'enum') return v.keys.includes(key as string | number);
  if (v.kind === 'boolean' || v.kind === 'recorded') return typeof key === 'boolean';
  return typeof key === 'string' && UUID.test(key);
}

/**
 * A filter's value, checked: `undefined` when it filters nothing (empty), or the message why it is bad.
 * @example filterValue(genderFilter, ['MALE'], 'ru') // { keys: ['MALE'] }
 * @example filterValue(registrationDate, { ini: '2025-01', end: '2025-03' }, 'ru') // { ini: '2025-01', end: '2025-03' }
 */
export function filterValue(f: ReportFilter, raw: unknown, lang: Lang): FilterValue | undefined | string {
  if (raw === null || raw === undefined) return undefined;
  if (f.type === 'period') {
    if (typeof raw !== 'object' || Array.isArray(raw)) return t(lang, 'indicator.badPeriod');
    const { ini, end, ...rest } = raw as Record<string, unknown>;
    const ok = (x: unknown) => x === undefined || x === null || (typeof x === 'string' && MONTH.test(x));
    if (Object.keys(rest).length || !ok(ini) || !ok(end) || (typeof ini === 'string' && typeof end === 'string' && ini > end)) return t(lang, 'indicator.badPeriod');
    if (!ini && !end) return undefined;
    return { ...(ini ? { ini: ini as string } : {}), ...(end ? { end: end as string } : {}) };
  }
  const keys = f.type === 'select' ? [raw] : raw;
  if (!Array.isArray(keys) || keys.length > 500 || !keys.every((k) => isKey(f, k))) return t(lang, 'indicator.badValue');
  return keys.length ? { keys: [...new Set(keys)] } : undefined;
}

/**
 * The filters of a request (`{id: value}`), checked one by one; errors name `filters.<id>`.
 * @example checkFilters(cat, { gender: ['FEMALE'], bogus: 1 }, 'en') // { filters: [{ filter: gender, value: { keys: ['FEMALE'] } }], errors: [{ field: 'filters.bogus', msg: 'Unknown filter: bogus' }] }
 */
export function checkFilters(cat: ReportCatalogue, given: Record<string, unknown> | undefined, lang: Lang): { filters: IndicatorRequest['filters']; errors: FieldError[] } {
  const filters: IndicatorRequest['filters'] = [];
  const errors: FieldError[] = [];
  for (const [id, raw] of Object.entries(given ?? {})) {
    const filter = cat.filter(id);
    if (!filter) {
      errors.push({ field: `filters.${id}`, msg: unknown(cat, id, 'indicator.unknownFilter', lang) });
      continue;
    }
    const value = filterValue(filter, raw, lang);
    if (typeof value === 'string') errors.push({ field: `filters.${id}`, msg: value });
    else if (value) filters.push({ filter, value });
  }
  return { filters, errors };
}

/**
 * The variables of one list, checked: known, allowed in rows (or columns), each once.
 * @example checkVariables(cat, ['gender', 'gender'], 'rows', 'ru').errors // [{ field: 'rowVariables', msg: 'Переменная gender уже в списке' }]
 */
export function checkVariables(cat: ReportCatalogue, ids: string[], where: 'rows' | 'columns', lang: Lang): { list: ReportVariable[]; errors: FieldError[] } {
  const field = where === 'rows' ? 'rowVariables' : 'columnVariables';
  const list: ReportVariable[] = [];
  const errors: FieldError[] = [];
  for (const id of ids) {
    const v = cat.variable(id);
    if (!v) errors.push({ field, msg: unknown(cat, id, 'indicator.unknownVariable', lang) });
    else if (!v[where]) errors.push({ field, msg: t(lang, where === 'rows' ? 'indicator.notForRows' : 'indicator.notForColumns', { id }) });
    else if (list.includes(v)) errors.push({ field, msg: t(lang, 'indicator.duplicate', { id }) });
    else list.push(v);
  }
  return { list, errors };
}

/**
 * A whole indicator request, checked: the variables (at least one of each) and the filters.
 * @example checkIndicator(cat, { rowVariables: ['gender'], columnVariables: ['classification'], filters: {} }, 'ru') // { request: { rows: [gender], columns: [classification], filters: [] }, errors: [] }
 */
export function checkIndicator(
  cat: ReportCatalogue,
  body: { rowVariables?: string[]; columnVariables?: string[]; filters?: Record<string, unknown>; trend?: string; rate?: boolean },
  lang: Lang,
): { request: IndicatorRequest; errors: FieldError[] } {
  const rows = checkVariables(cat, body.rowVariables ?? [], 'rows', lang);
  const columns = checkVariables(cat, body.columnVariables ?? [], 'columns', lang);
  const filters = checkFilters(cat, body.filters, lang);
  const errors = [...rows.errors, ...columns.errors, ...filters.errors];
  // a trend lays the rows along the quarters: the column variables are not asked for
  if (!body.columnVariables?.length && !body.trend) errors.unshift({ field: 'columnVariables', msg: t(lang, 'indicator.needVariables') });
  if (!body.rowVariables?.length) errors.unshift({ field: 'rowVariables', msg: t(lang, 'indicator.needVariables') });
  const request: IndicatorRequest = { rows: rows.list, columns: columns.list, filters: filters.filters };
  if (body.trend !== undefined) {
    const date = trendDate(cat, body.trend);
    if (date) request.trend = date;
    else errors.push({ field: 'trend', msg: t(lang, 'indicator.badTrend') });
  }
  if (body.rate) {
    request.rate = true;
    if (!errors.length && !body.trend && !rateSetup(request)) errors.push({ field: 'rate', msg: t(lang, 'indicator.rateNeeds') });
    if (body.trend) errors.push({ field: 'rate', msg: t(lang, 'indicator.rateNeeds') });
  }
  return { request, errors };
}
