/**
 * Indicator tables as an XLSX workbook, with exceljs (not the unmaintained `xlsx` of the npm
 * registry), loaded only when a user exports: one sheet per table, its title in the first row,
 * the header bold, numbers as numbers. Names are written as text cells, never as formulas.
 */
import type { Cell } from './tableRows.ts';

export interface SheetInput {
  title: string;
  rows: Cell[][];
}

/**
 * A sheet name Excel accepts: no `\ / ? * [ ] :`, at most 31 characters, unique in the workbook.
 * @example sheetName('Исход: пол', new Set()) // 'Исход_ пол'
 */
export function sheetName(title: string, taken: Set<string>): string {
  const base = (title.replace(/[\\/?*[\]:]/g, '_').trim() || 'Sheet').slice(0, 31);
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * The workbook's bytes.
 * @example const bytes = await xlsxOf([{ title: 'Исход по полу', rows: tableRows(data) }])
 */
export async function xlsxOf(sheets: SheetInput[]): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const taken = new Set<string>();
  for (const s of sheets) {
    const ws = wb.addWorksheet(sheetName(s.title, taken));
    ws.addRow([s.title]).font = { bold: true, size: 13 };
    s.rows.forEach((r, i) => {
      const row = ws.addRow(r);
      if (i === 0 || i === s.rows.length - 1) row.font = { bold: true };
    });
    ws.columns.forEach((c, i) => {
      c.width = Math.min(60, Math.max(10, ...s.rows.map((r) => String(r[i] ?? '').length + 2)));
    });
  }
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
