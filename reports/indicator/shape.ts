/**
 * An indicator's rows from the database (`sql.ts`: `{r0…, c0…, g, n}`) as the table the report
 * shows: the row and column keys with their labels, in the order each
 * variable declares (an enum's values as listed, yes before no, months and years in time, the age
 * ranges by their start, catalogue rows by name, 'Не указано' last), every combination of the keys
 * present, the values, and the totals — the 'Итог' column of each row, the 'Итог' row of each
 * column, the grand total. Pure: labels of catalogue rows are looked up by the caller.
 */
import { t, type Lang } from '../../engine/i18n.ts';
import type { ReportVariable } from '../../engine/report-vars.ts';

export type Key = string | number | boolean | null;

export interface Header {
  keys: Key[];
  labels: string[];
}

export interface IndicatorData {
  rowVariables: { id: string; name: string }[];
  columnVariables: { id: string; name: string }[];
  rows: Header[];
  columns: Header[];
  /** `values[row][column]`: cases in the cell. */
  values: number[][];
  /** The 'Итог' column: the cases of each row. */
  rowTotals: number[];
  /** The 'Итог' row: the cases of each column. */
  columnTotals: number[];
  total: number;
  totalLabel: string;
  /**
   * The share of a success (`x-report.success`: cured and treatment completed), in per cent with one
   * decimal, when one side is a single variable declaring it: `column` — the column variable (the
   * outcome), a share per row of its total (WHO's treatment success rate of a cohort); `row` — the row
   * variable, a share per column. Null where the total is 0.
   */
  success?: { side: 'column' | 'row'; label: string; rates: (number | null)[]; total: number | null };
  /** The notification rate per 100,000 population of each number, when asked (`rate.ts`): null where the area's population in the year is not known. */
  rates?: { label: string; values: (number | null)[][]; rowTotals: (number | null)[]; columnTotals: (number | null)[]; total: number | null };
  /** A trend (`trend.ts`): the date whose last quarters are the rows, the quarters' keys. */
  trend?: { date: string; quarters: string[] };
}

/** What the shaping needs of a variable: its declaration and the names of its catalogue keys (ids), in catalogue order for age ranges. */
export interface Dim {
  variable: ReportVariable;
  /** id → name, for reference, age-range and area keys. */
  names?: Map<string, string>;
  /** Every key listed, in this order, even those counting nothing (a trend's quarters). */
  keys?: Key[];
  /** The keys a filter of the same variable lets through: no other declared key is listed (as a row of zeros). */
  only?: Key[];
}

export type DbRow = Record<string, unknown> & { g: number | string; n: number | string };

const id = (k: Key | Key[]) => JSON.stringify(k);

/**
 * A variable's name in the user's language.
 * @example variableName(cat.variable('registrationDate.month')!, 'ru') // 'Дата регистрации (месяц)'
 */
export function variableName(v: Pick<ReportVariable, 'label' | 'labelVars'>, lang: Lang): string {
  const vars = Object.fromEntries(Object.entries(v.labelVars ?? {}).map(([k, x]) => [k, k === 'label' ? t(lang, x) : x]));
  return t(lang, v.label, vars);
}

/**
 * The label of one key of a variable.
 * @example keyLabel(cat.variable('registrationDate.quarter')!, '2025-Q1', 'ru') // '1 кв. 2025'
 */
export function keyLabel(d: Dim, key: Key, lang: Lang): string {
  if (key === null) return t(lang, 'indicator.notRecorded');
  const v = d.variable.value;
  const s = String(key);
  switch (v.kind) {
    case 'enum':
      return v.labels ? t(lang, `${v.labels}.${s}`) : s;
    case 'boolean':
      return t(lang, key === true ? 'global.yes' : 'global.no');
    case 'recorded':
      return t(lang, key === true ? 'indicator.recorded' : 'indicator.notRecordedYet');
    case 'monthsSince':
      return t(lang, 'indicator.monthN', { n: s });
    case 'period': {
      if (v.by === 'month') {
        const [y, m] = s.split('-');
        return lang === 'ru' ? `${m}.${y}` : `${m}/${y}`;
      }
      if (v.by === 'quarter') {
        const [y, q] = s.split('-Q');
        return t(lang, 'indicator.quarter', { q, year: y });
      }
      return s;
    }
    default:
      return d.names?.get(s) ?? s;
  }
}

/**
 * The keys of a variable in its declared order: every declared key (an enum's values, yes / no,
 * every age range) and those present in the data, then no value ('Не указано') when present; with
 * `only` (a filter of the variable), the declared keys it lets through.
 * @example orderedKeys({ variable: gender }, ['FEMALE', null], 'ru') // ['MALE', 'FEMALE', null]
 * @example orderedKeys({ variable: classification, only: ['TB', 'DRTB'] }, ['TB'], 'ru') // ['TB', 'DRTB']
 */
export function orderedKeys(d: Dim, present: Key[], lang: Lang): Key[] {
  const v = d.variable.value;
  const seen = new Set(present.map(id));
  const hasNull = seen.has('null');
  if (d.keys) return [...d.keys, ...present.filter((k) => k !== null && !d.keys!.some((x) => id(x) === id(k))), ...(hasNull ? [null] : [])];
  const given = present.filter((k) => k !== null);
  let keys: Key[];
  if (v.kind === 'enum') keys = [...v.keys, ...given.filter((k) => !v.keys.includes(k as string)).sort()];
  else if (v.kind === 'boolean' || v.kind === 'recorded') keys = [true, false];
  else if (v.kind === 'period') keys = [...new Set(given as string[])].sort();
  else if (v.kind === 'monthsSince') keys = [...new Set(given.map(Number))].sort((a, b) => a - b);
  else if (v.kind === 'age') keys = [...(d.names?.keys() ?? []), ...given.filter((k) => !d.names?.has(k as string))];
  else keys = [...new Set(given)].sort((a, b) => keyLabel(d, a, lang).localeCompare(keyLabel(d, b, lang), lang) || String(a).localeCompare(String(b)));
  keys = [...new Map(keys.map((k) => [id(k), k])).values()];
  // a filter to some keys: the others count nothing by definition, and are no rows of zeros
  if (d.only) {
    const allowed = new Set(d.only.map(id));
    keys = keys.filter((k) => allowed.has(id(k)) || seen.has(id(k)));
  }
  return hasNull ? [...keys, null] : keys;
}

/** Every combination of the keys of the dimensions, the first varying slowest. */
function combinations(dims: Dim[], keys: Key[][], lang: Lang): Header[] {
  let out: Header[] = [{ keys: [], labels: [] }];
  dims.forEach((d, i) => {
    out = out.flatMap((h) => keys[i].map((k) => ({ keys: [...h.keys, k], labels: [...h.labels, keyLabel(d, k, lang)] })));
  });
  return out;
}

/**
 * The indicator table from the grouped rows.
 * @example
 * shapeIndicator([{ r0: 'MALE', c0: 'TB', g: 0, n: 2 }, { r0: 'MALE', c0: null, g: 1, n: 2 }, { r0: null, c0: 'TB', g: 2, n: 2 }, { r0: null, c0: null, g: 3, n: 2 }], [{ variable: gender }], [{ variable: classification }], 'ru')
 * // { rows: [{ keys: ['MALE'], labels: ['Мужской'] }, { keys: ['FEMALE'], … }], columns: [TB, DRTB, NTM], values: [[2, 0, 0], [0, 0, 0]], rowTotals: [2, 0], columnTotals: [2, 0, 0], total: 2, totalLabel: 'Итог' }
 */
export function shapeIndicator(db: DbRow[], rows: Dim[], columns: Dim[], lang: Lang): IndicatorData {
  const nr = rows.length, nc = columns.length;
  const all = nr + nc;
  const rowKeys = (r: DbRow) => rows.map((_, i) => (r[`r${i}`] ?? null) as Key);
  const colKeys = (r: DbRow) => columns.map((_, i) => (r[`c${i}`] ?? null) as Key);
  // grouping(): a bit per dimension, the first the most significant; a set bit = not grouped by it
  const CELL = 0, ROW_TOTAL = (1 << nc) - 1, COLUMN_TOTAL = ((1 << all) - 1) ^ ROW_TOTAL, GRAND = (1 << all) - 1;
  const cells = db.filter((r) => Number(r.g) === CELL);
  const keyLists = (dims: Dim[], pick: (r: DbRow) => Key[]) => dims.map((d, i) => orderedKeys(d, cells.map((r) => pick(r)[i]), lang));
  const rowHeaders = combinations(rows, keyLists(rows, rowKeys), lang);
  const colHeaders = combinations(columns, keyLists(columns, colKeys), lang);
  const rowIndex = new Map(rowHeaders.map((h, i) => [id(h.keys), i]));
  const colIndex = new Map(colHeaders.map((h, i) => [id(h.keys), i]));
  const values = rowHeaders.map(() => colHeaders.map(() => 0));
  const rowTotals = rowHeaders.map(() => 0);
  const columnTotals = colHeaders.map(() => 0);
  let total = 0;
  for (const r of db) {
    const g = Number(r.g), n = Number(r.n);
    const ri = rowIndex.get(id(rowKeys(r))), ci = colIndex.get(id(colKeys(r)));
    if (g === CELL && ri !== undefined && ci !== undefined) values[ri][ci] = n;
    else if (g === ROW_TOTAL && ri !== undefined) rowTotals[ri] = n;
    else if (g === COLUMN_TOTAL && ci !== undefined) columnTotals[ci] = n;
    else if (g === GRAND) total = n;
  }
  const success = successOf(rows, columns, rowHeaders, colHeaders, values, rowTotals, columnTotals, total, lang);
  return {
    ...(success ? { success } : {}),
    rowVariables: rows.map((d) => ({ id: d.variable.id, name: variableName(d.variable, lang) })),
    columnVariables: columns.map((d) => ({ id: d.variable.id, name: variableName(d.variable, lang) })),
    rows: rowHeaders,
    columns: colHeaders,
    values,
    rowTotals,
    columnTotals,
    total,
    totalLabel: t(lang, 'indicator.total'),
  };
}

/** A share in per cent with one decimal, or null of nothing. */
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

/**
 * The success share of each row (a column variable declaring `success`) or of each column (a row
 * variable declaring it), and of the total; undefined when neither side is one such variable.
 * @example // outcome × gender, MALE: 2 cured, 1 completed, 1 died of 4 → 75
 */
function successOf(rows: Dim[], columns: Dim[], rowHeaders: Header[], colHeaders: Header[], values: number[][], rowTotals: number[], columnTotals: number[], total: number, lang: Lang): IndicatorData['success'] {
  const label = t(lang, 'indicator.success');
  const keys = (d: Dim[]) => (d.length === 1 ? d[0].variable.success : undefined);
  const byColumn = keys(columns);
  if (byColumn) {
    const good = colHeaders.map((h) => byColumn.includes(h.keys[0] as string));
    const part = (line: number[]) => line.reduce((sum, n, c) => sum + (good[c] ? n : 0), 0);
    return { side: 'column', label, rates: values.map((line, r) => percent(part(line), rowTotals[r])), total: percent(part(columnTotals), total) };
  }
  const byRow = keys(rows);
  if (byRow) {
    const good = rowHeaders.map((h) => byRow.includes(h.keys[0] as string));
    const part = (c: number) => values.reduce((sum, line, r) => sum + (good[r] ? line[c] : 0), 0);
    const all = rowTotals.reduce((sum, n, r) => sum + (good[r] ? n : 0), 0);
    return { side: 'row', label, rates: colHeaders.map((_, c) => percent(part(c), columnTotals[c])), total: percent(all, total) };
  }
  return undefined;
}
