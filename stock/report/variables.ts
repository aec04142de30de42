/**
 * The stock report variables: what the movements report counts by, each read from a field
 * of the ledger (`schemas/tables/stockmovement.json`) — its keys follow the field as the case reports' do
 * (`engine/report-vars.ts`): the movement type by its enum in declared order, the medicine, unit and
 * source by the referenced rows (named by their label), the date by month. The ids are the enum of
 * `schemas/forms/stock_report_movements.json`'s `rowVariables` / `columnVariables`.
 */
import type { Registry } from '../../engine/registry.ts';
import type { ReportVariable } from '../../engine/report-vars.ts';

/** Variable id → the stockmovement field it reads (`month`: the movement's date by month). */
export const STOCK_VARIABLE_FIELDS = { medicine: 'productId', movementType: 'type', month: 'date', unit: 'unitId', source: 'sourceId' } as const;

export type StockVariableId = keyof typeof STOCK_VARIABLE_FIELDS;

/**
 * The report variable `id` from its field's declaration.
 * @example stockVariable(registry, 'movementType').value // { kind: 'enum', keys: ['INITIAL', 'RECEIPT', …], labels: 'movementType' }
 */
export function stockVariable(registry: Registry, id: StockVariableId): ReportVariable {
  const def = registry.table('stockmovement');
  const field = def.fields.find((f) => f.key === STOCK_VARIABLE_FIELDS[id]);
  if (!field) throw new Error(`stockmovement has no field ${STOCK_VARIABLE_FIELDS[id]} for the stock report variable ${id}`);
  const schema = field.schema as { enum?: string[]; 'x-enum'?: string; 'x-ref'?: string; title?: string; format?: string };
  const title = schema.title ?? id;
  const base = { id, group: 'stock', source: { kind: 'case' as const }, column: field.column, rows: true, columns: true };
  if (schema.enum) return { ...base, label: title, value: { kind: 'enum', keys: schema.enum, labels: schema['x-enum'] } };
  if (schema['x-ref']) return { ...base, label: title, value: { kind: 'ref', table: schema['x-ref'], labels: [] } };
  if (schema.format === 'date') return { ...base, label: 'indicator.byMonth', labelVars: { label: title }, value: { kind: 'period', by: 'month' } };
  throw new Error(`stockmovement.${field.key} cannot be counted by`);
}
