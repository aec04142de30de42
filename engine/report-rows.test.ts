// A table counted by its own rows (x-table.reportRows: the stock ledger) declares its report variables
// with x-report as the cases do; they stay out of the case catalogue and its analytic columns.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSchemas } from './load.ts';
import { reportCatalogue } from './report-vars.ts';
import { rowsReport } from './report-rows.ts';
import { Registry } from './registry.ts';

const schemasDir = 'schemas';
const registry = loadSchemas(schemasDir);

describe('the stock ledger’s report variables', () => {
  const { catalogue, table } = rowsReport(registry, 'stockmovement');

  it('are the ledger’s x-report fields, each its own column, keyed as the field', () => {
    expect(catalogue.variables.map((v) => [v.id, v.column, v.value.kind])).toEqual(
      expect.arrayContaining([['medicine', 'product_id', 'ref'], ['movementType', 'type', 'enum'], ['month', 'date', 'period'], ['unit', 'unit_id', 'ref'], ['source', 'source_id', 'ref']]),
    );
    expect(catalogue.variables).toHaveLength(5);
    expect(catalogue.variable('movementType')!.value).toEqual({ kind: 'enum', keys: ['INITIAL', 'RECEIPT', 'DISPENSING', 'ADJUSTMENT', 'EXPIRED', 'TRANSFER_OUT', 'TRANSFER_IN'], labels: 'movementType' });
    expect(catalogue.variable('month')!.value).toEqual({ kind: 'period', by: 'month' });
    expect([catalogue.variable('month')!.label, catalogue.variable('month')!.labelVars]).toEqual(['indicator.byMonth', { label: 'stock.date' }]);
    expect(table.column(catalogue.variable('medicine')!)).toMatchObject({ name: 'product_id', sqlType: 'uuid' });
    // a month is no filter of the report (its period is the request's dates)
    expect(catalogue.filters.map((f) => f.id).sort()).toEqual(['medicine', 'movementType', 'source', 'unit']);
  });

  it('are the variables the report form offers, and none of the case reports’', () => {
    const form = JSON.parse(readFileSync(join(schemasDir, 'forms', 'stock_report_movements.json'), 'utf8'));
    expect([...form.properties.rowVariables.items.enum].sort()).toEqual(catalogue.variables.map((v) => v.id).sort());
    expect([...form.properties.columnVariables.items.enum].sort()).toEqual(catalogue.variables.map((v) => v.id).sort());
    const cases = reportCatalogue(registry);
    expect(cases.variables.filter((v) => v.group === 'stock')).toEqual([]);
    expect(cases.variable('movementType')).toBeUndefined();
    expect(cases.variables.some((v) => v.source.kind !== 'case' && 'table' in v.source && v.source.table === 'stockmovement')).toBe(false);
  });

  it('a table that does not say it is counted by its own rows has none', () => {
    expect(() => rowsReport(registry, 'stockbatch')).toThrow(/not a table counted by its own rows/);
  });

  it('refuses a declaration it cannot count: a date by two periods, an id declared twice', () => {
    const withReport = (patch: Record<string, object>): Registry =>
      new Registry([...registry.schemas.values()].map((f) => {
        if (f.$id !== 'stockmovement') return f;
        const copy = structuredClone(f) as typeof f & { properties: Record<string, Record<string, unknown>> };
        for (const [key, x] of Object.entries(patch)) copy.properties[key]['x-report'] = x;
        return copy;
      }));
    expect(() => rowsReport(withReport({ date: { id: 'month', group: 'stock', by: ['month', 'year'] } }), 'stockmovement')).toThrow(/one period/);
    expect(() => rowsReport(withReport({ sourceId: { id: 'medicine', group: 'stock' } }), 'stockmovement')).toThrow(/"medicine" is declared twice/);
  });
});
