/**
 * The WHO forms of a quarter as one XLSX workbook: a sheet per table of each form (its code and the
 * table's title), the column labels, then each row's label and numbers — a withheld number an empty
 * cell. Written by the reports' exceljs helper (`../reports/exportXlsx.ts`, loaded on export).
 */
import type { SheetInput } from '../reports/exportXlsx.ts';
import type { FormResult } from './api.ts';

/**
 * The sheets of the forms, in their order.
 * @example whoSheets([tb07])[0] // { title: 'ТБ 07. Раздел 1. …', rows: [['', 'Лёгочный, …', …], ['Новые случаи', 4, 1, 1, 6], …] }
 */
export function whoSheets(results: FormResult[]): SheetInput[] {
  return results.flatMap((r) =>
    r.tables.map((tb) => ({
      title: `${r.form.code}. ${tb.title}`,
      rows: [['', ...tb.columns.map((c) => c.label)], ...tb.rows.map((row, i) => [row.label, ...tb.values[i].map((v) => v ?? '')])],
    })),
  );
}

/**
 * The workbook's file name.
 * @example whoFileName({ year: 2025, quarter: 1 }) // 'who-forms-2025-Q1.xlsx'
 */
export const whoFileName = (p: { year: number; quarter: number }) => `who-forms-${p.year}-Q${p.quarter}.xlsx`;
