/**
 * A table whose own rows a report counts (`x-table.reportRows`: the stock ledger, each movement a row)
 * declares its variables as the case reports do, with `x-report` on its fields
 * ([schema-format](../docs/schema-format.md#report-variables)): an enum by its values in declared order,
 * a boolean yes / no, a reference by the target's rows (named by their label), a date by one period
 * (`by`, default month). Each variable is the table's own column, so the indicator engine
 * (`reports/indicator/sql.ts`) counts — or sums — the rows themselves as it counts the cases' analytic rows.
 */
import type { AnalyticColumn, AnalyticTable } from './analytic.ts';
import { sqlTypeOf } from './analytic.ts';
import type { Registry } from './registry.ts';
import { valueOf, type ReportCatalogue, type ReportFilter, type ReportVariable, type VarValue, type XReport } from './report-vars.ts';

export interface RowsReport {
  /** The declared variables and filters (a filter of each that does not say `filter: false`). */
  catalogue: ReportCatalogue;
  /** The table as the indicator engine reads it: each variable its own column. */
  table: AnalyticTable;
}

const memo = new WeakMap<Registry, Map<string, RowsReport>>();

/**
 * The variables a table counted by its own rows declares, and the table as the indicator engine reads
 * it; throws on a bad declaration (a field of no countable kind, an id declared twice, a date with more
 * than one period). Memoised per registry.
 * @example
 * const { catalogue, table } = rowsReport(registry, 'stockmovement');
 * catalogue.variable('movementType')!.value // { kind: 'enum', keys: ['INITIAL', 'RECEIPT', …], labels: 'movementType' }
 * table.column(catalogue.variable('month')!).name // 'date'
 */
export function rowsReport(registry: Registry, tableName: string): RowsReport {
  const known = memo.get(registry)?.get(tableName);
  if (known) return known;
  const def = registry.table(tableName);
  if (!def.meta.reportRows) throw new Error(`${tableName}: not a table counted by its own rows (x-table.reportRows)`);
  const variables: ReportVariable[] = [];
  const filters: ReportFilter[] = [];
  const columns: AnalyticColumn[] = [];
  for (const f of def.fields) {
    const x = f.schema['x-report'] as XReport | undefined;
    if (!x) continue;
    const where = `${def.schemaId}: /properties/${f.path.join('/properties/')}/x-report`;
    if (Array.isArray(x) || x.ageAt || x.areas || x.asOf || x.any !== undefined || x.success) throw new Error(`${where}: a table counted by its own rows declares one plain variable per field`);
    const id = x.id ?? f.key;
    if (variables.some((v) => v.id === id)) throw new Error(`${where}: the id "${id}" is declared twice`);
    const title = x.label ?? f.title ?? f.key;
    const base = { id, group: x.group, source: { kind: 'case' as const }, column: f.column };
    let value: VarValue;
    let label = { label: title } as Pick<ReportVariable, 'label' | 'labelVars'>;
    if (f.format === 'date') {
      const by = x.by ?? ['month'];
      if (by.length !== 1 || !['month', 'quarter', 'year'].includes(by[0])) throw new Error(`${where}: a date here is counted by one period (month, quarter or year)`);
      const period = by[0] as 'month' | 'quarter' | 'year';
      value = { kind: 'period', by: period };
      label = { label: `indicator.by${period[0].toUpperCase()}${period.slice(1)}`, labelVars: { label: title } };
    } else value = valueOf(def, f);
    variables.push({ ...base, ...label, value, rows: x.rows ?? true, columns: x.columns ?? true });
    if (x.filter ?? true) filters.push({ ...base, ...label, value, type: value.kind === 'boolean' ? 'select' : 'multiSelect' });
    columns.push({ name: f.column, source: base.source, from: f.column, derive: { kind: 'value' }, sqlType: sqlTypeOf(f) });
  }
  const byVar = new Map(variables.map((v) => [v.id, v]));
  const byFilter = new Map(filters.map((v) => [v.id, v]));
  const column = (v: ReportVariable | ReportFilter) => {
    const c = columns.find((x) => x.name === v.column);
    if (!c) throw new Error(`${tableName}: no column for the variable ${v.id}`);
    return c;
  };
  const out: RowsReport = {
    catalogue: { variables, filters, groups: [...new Set(variables.map((v) => v.group))], variable: (id) => byVar.get(id), filter: (id) => byFilter.get(id) },
    table: { name: def.name, columns, column, areaColumns: () => [], caseColumn: () => undefined, indexes: [] },
  };
  memo.set(registry, (memo.get(registry) ?? new Map()).set(tableName, out));
  return out;
}
