/**
 * The analytic row of a case: one row per case, table `caseanalytic`, holding every
 * declared report variable already computed — the case's own report columns, its patient's (gender,
 * age at registration and its band), its treatment's, its newest exams', its tags and prescriptions
 * (arrays), the place path of its unit (the admin unit at each level). Derived from the `x-report`
 * declarations (`report-vars.ts`) as a table of arrays is derived from an array property: no file
 * lists its columns, so a new `x-report` field is a new column (`npm run migration:create`).
 * A case field that is no variable but that readers need beside the variables (the notifying unit a
 * WHO form places a case by, the unit a transfer leaves, the planned end of treatment) is carried with
 * `"x-analytic": true`.
 *
 * Each column says where its value comes from (`derive`), so the host computes it (`server/analytic/`)
 * and the reports read it (`column`) from one description.
 */
import type { Registry } from './registry.ts';
import type { ReportCatalogue, ReportFilter, ReportVariable, VarSource } from './report-vars.ts';
import type { Field } from './types.ts';

export const ANALYTIC_TABLE = 'caseanalytic';
const CASE = 'tbcase';

/**
 * How a column's value is computed from the case (`tbcase as c`) and what it reaches:
 * - `value`: the source field as is (a case column, a patient's, a treatment's, a newest exam's);
 * - `array`: every value of a sub-record with many rows per case (tags, prescribed medicines), sorted, no nulls;
 * - `area`: the admin unit at `level` (1…5) of the unit the case field references (through the unit's `unitColumn`);
 * - `band`: the age-range catalogue row (`agerange`) holding the whole years from the birth date to the case date `at`;
 * - `years`: those whole years;
 * - `first`: the first of `keys` any row of a sub-record holds (`x-report.any`: the HIV status of the episode);
 * - `exists`: whether any row of a sub-record records the field (an ART start on any HIV exam).
 */
export type AnalyticDerive =
  | { kind: 'value' }
  | { kind: 'array' }
  | { kind: 'first'; keys: (string | number)[] }
  | { kind: 'exists' }
  | { kind: 'area'; level: number; unitTable: string; unitColumn: string }
  | { kind: 'band'; at: string }
  | { kind: 'years'; at: string };

export interface AnalyticColumn {
  /** The column of `caseanalytic`. */
  name: string;
  source: VarSource;
  /** The column of the source table read. */
  from: string;
  derive: AnalyticDerive;
  /** The PostgreSQL type of the column. */
  sqlType: string;
}

export interface AnalyticTable {
  name: string;
  columns: AnalyticColumn[];
  /**
   * The column holding a variable's or a filter's value: an area variable's level, an age variable's
   * band (`years: true`: its whole years). An area filter of any level (`level 0`) has five: `areaColumns`.
   */
  column(v: ReportVariable | ReportFilter, opts?: { years?: boolean }): AnalyticColumn;
  /** The five columns of an area filter (levels 1…5). */
  areaColumns(f: ReportVariable | ReportFilter): AnalyticColumn[];
  /** The column carrying a case column (a report variable's or an `x-analytic` one), by the case column's name. */
  caseColumn(column: string): AnalyticColumn | undefined;
  /** The indexes the case table declares for its analytic rows (`x-table.analytic.indexes`): columns after the workspace. */
  indexes: string[][];
}

const snake = (s: string) => s.replace(/\./g, '_').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A source's identity: two declarations of one table and row read one row. */
const sourceKey = (s: VarSource) => JSON.stringify(s);

/**
 * The PostgreSQL type of a field's value (as `server/db/entities.ts` stores it).
 * @example sqlTypeOf(registry.table('tbcase').fields.find((f) => f.key === 'registrationDate')!) // 'date'
 */
export function sqlTypeOf(f: Field): string {
  if (f.kind === 'ref' || f.format === 'uuid') return 'uuid';
  if (f.format === 'date') return 'date';
  if (f.format === 'date-time') return 'timestamptz';
  if (f.type === 'boolean') return 'boolean';
  if (f.type === 'integer') return 'int';
  if (f.type === 'number') return 'double precision';
  return f.maxLength ? `varchar(${f.maxLength})` : 'text';
}

const memo = new WeakMap<Registry, AnalyticTable>();

/**
 * The analytic table of a registry's report catalogue: its columns in a stable order (the case's
 * columns, then the others as declared). Memoised per registry.
 * @example
 * const a = analyticTable(registry, reportCatalogue(registry));
 * a.column(cat.variable('gender')!).name // 'gender'
 * a.column(cat.variable('ageRange')!).derive // { kind: 'band', at: 'registration_date' }
 * a.column(cat.variable('ownerUnitArea2')!).name // 'owner_unit_area2'
 */
export function analyticTable(registry: Registry, cat: ReportCatalogue): AnalyticTable {
  const known = memo.get(registry);
  if (known) return known;
  const caseDef = registry.table(CASE);
  const fieldOf = (table: string, column: string) => {
    const def = registry.table(table);
    const f = def.fields.find((x) => x.column === column);
    if (!f) throw new Error(`${ANALYTIC_TABLE}: ${table} has no column ${column}`);
    return f;
  };
  const columns: AnalyticColumn[] = [];
  const byKey = new Map<string, AnalyticColumn>();
  const add = (key: string, c: Omit<AnalyticColumn, 'name'>, name: string) => {
    const had = byKey.get(key);
    if (had) return had;
    if (['id', 'workspace_id'].includes(name) || columns.some((x) => x.name === name)) throw new Error(`${ANALYTIC_TABLE}: two declarations make the column "${name}" (give one x-report an id of its own)`);
    const col = { name, ...c };
    columns.push(col);
    byKey.set(key, col);
    return col;
  };
  const caseCol = (column: string) => {
    const f = fieldOf(CASE, column);
    return add(`case:${column}`, { source: { kind: 'case' }, from: column, derive: { kind: 'value' }, sqlType: sqlTypeOf(f) }, column);
  };
  // the base id of a declaration: a date variable's id without its `.month`…
  const baseId = (v: ReportVariable | ReportFilter) => v.id.replace(/\.(month|quarter|year|recorded|monthsSince)$/, '');
  const keyOf = (v: ReportVariable | ReportFilter, years?: boolean): string => {
    const d = v.value;
    if (d.kind === 'area') return `area:${sourceKey(v.source)}:${v.column}:${d.level}`;
    if (d.kind === 'age') return `${years ? 'years' : 'band'}:${sourceKey(v.source)}:${v.column}:${d.at}`;
    if (v.source.kind === 'case') return `case:${v.column}`;
    if (v.source.kind === 'any') return `any:${sourceKey(v.source)}:${v.column}:${JSON.stringify(d)}`;
    return `${v.source.kind === 'each' ? 'array' : 'value'}:${sourceKey(v.source)}:${v.column}`;
  };
  const ensure = (v: ReportVariable | ReportFilter, years?: boolean): AnalyticColumn => {
    const d = v.value;
    const key = keyOf(v, years);
    if (byKey.has(key)) return byKey.get(key)!;
    if (d.kind === 'area') {
      if (d.level === 0) throw new Error(`${v.id}: an area filter of any level has five columns (areaColumns)`);
      return add(key, { source: v.source, from: v.column, derive: { kind: 'area', level: d.level, unitTable: d.table, unitColumn: d.column }, sqlType: 'uuid' }, `${snake(v.id.replace(/Area\d?$/, ''))}_area${d.level}`);
    }
    if (d.kind === 'age') {
      const name = snake(baseId(v));
      return add(key, { source: v.source, from: v.column, derive: years ? { kind: 'years', at: d.at } : { kind: 'band', at: d.at }, sqlType: years ? 'int' : 'uuid' }, years ? `${name}_years` : name);
    }
    if (v.source.kind === 'case') return caseCol(v.column);
    const table = (v.source as { table: string }).table;
    const f = fieldOf(table, v.column);
    if (v.source.kind === 'any') {
      const first = d.kind === 'enum';
      return add(key, { source: v.source, from: v.column, derive: first ? { kind: 'first', keys: d.keys } : { kind: 'exists' }, sqlType: first ? sqlTypeOf(f) : 'boolean' }, snake(baseId(v)));
    }
    const each = v.source.kind === 'each';
    return add(key, { source: v.source, from: v.column, derive: { kind: each ? 'array' : 'value' }, sqlType: each ? `${sqlTypeOf(f)}[]` : sqlTypeOf(f) }, snake(baseId(v)));
  };
  // the case's own columns first, then the declarations in catalogue order
  for (const v of cat.variables) if (v.source.kind === 'case' && v.value.kind !== 'area') caseCol(v.column);
  for (const f of caseDef.fields) if (f.schema['x-analytic'] === true) caseCol(f.column);
  for (const def of registry.tables.values()) {
    const stray = def.name !== CASE && def.fields.find((f) => f.schema['x-analytic'] === true);
    if (stray) throw new Error(`${def.schemaId}: x-analytic on ${stray.key}: only a field of the case (${CASE}) is carried on its analytic row`);
  }
  for (const v of cat.variables) {
    ensure(v);
    if (v.value.kind === 'age') ensure(v, true);
  }
  for (const f of cat.filters) {
    if (f.value.kind === 'area' && f.value.level === 0) continue;
    ensure(f);
  }
  // an index names case fields or report variables (a period filter's id is its date's)
  const indexes = (caseDef.meta.analytic?.indexes ?? []).map((keys) =>
    keys.map((k) => {
      const f = caseDef.fields.find((x) => x.key === k);
      const col = f ? byKey.get(`case:${f.column}`) : ((v) => v && byKey.get(keyOf(v)))(cat.variable(k) ?? cat.filter(k));
      if (!col) throw new Error(`${caseDef.schemaId}: x-table.analytic.indexes names "${k}", which is no column of the analytic row`);
      return col.name;
    }),
  );
  const table: AnalyticTable = {
    name: ANALYTIC_TABLE,
    columns,
    indexes,
    column(v, opts = {}) {
      const c = byKey.get(keyOf(v, opts.years));
      if (!c) throw new Error(`${ANALYTIC_TABLE}: no column for ${v.id}`);
      return c;
    },
    areaColumns(f) {
      return [1, 2, 3, 4, 5].map((level) => this.column({ ...f, value: { ...(f.value as any), level } } as ReportFilter));
    },
    caseColumn(column) {
      return byKey.get(`case:${column}`);
    },
  };
  memo.set(registry, table);
  return table;
}
