/**
 * Indicator tables as an XLSX workbook, with exceljs (not the unmaintained `xlsx` of the npm
 * registry), loaded only when a user exports: one sheet per table, its title in the first row, then
 * what it counts (`exportFacts.ts`: place, period, filters, definitions, date made), then the table —
 * its header and last line bold, numbers as numbers. Names are written as text cells, never as formulas.
 */
import type { Cell } from './tableRows.ts';

export interface SheetInput {
  title: string;
  /** The sheet's name; none: the title's words that fit. */
  sheet?: string;
  /** Whether the table's last line is its totals (bold); default yes. */
  totals?: boolean;
  /** What the table counts, label and value a line (`exportHeader`), between the title and the table. */
  header?: Cell[][];
  rows: Cell[][];
}

/**
 * A text cut to at most `max` characters at the end of a word (a word longer than that is cut), the
 * punctuation and a dangling short word ('и', 'по', 'of') left at the cut dropped.
 * @example wordsWithin('Раздел 1. Все случаи ТБ, зарегистрированные', 26) // 'Раздел 1. Все случаи ТБ'
 * @example wordsWithin('Новые случаи и рецидивы', 16) // 'Новые случаи'
 */
export function wordsWithin(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const end = cut.lastIndexOf(' ');
  if (end <= 0) return text.slice(0, max);
  let kept = cut.slice(0, end);
  for (let before = ''; before !== kept; ) {
    before = kept;
    kept = kept.replace(/[\s.,;:—–-]+$/u, '').replace(/\s+\p{Ll}{1,2}$/u, '');
  }
  return kept || cut.slice(0, end);
}

/**
 * A sheet name Excel accepts: no `\ / ? * [ ] :`, at most 31 characters cut at the end of a word,
 * unique in the workbook (a number added).
 * @example sheetName('Исход: пол', new Set()) // 'Исход_ пол'
 * @example sheetName('ТБ 07. Раздел 1. Все случаи ТБ, зарегистрированные за квартал', new Set()) // 'ТБ 07. Раздел 1. Все случаи ТБ'
 */
export function sheetName(title: string, taken: Set<string>): string {
  const clean = title.replace(/[\\/?*[\]:]/g, '_').trim() || 'Sheet';
  let name = wordsWithin(clean, 31);
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${wordsWithin(clean, 31 - String(n).length - 1)} ${n}`;
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
    const ws = wb.addWorksheet(sheetName(s.sheet ?? s.title, taken));
    ws.addRow([s.title]).font = { bold: true, size: 13 };
    for (const line of s.header ?? []) ws.addRow(line).getCell(1).font = { bold: true };
    if (s.header?.length) ws.addRow([]);
    s.rows.forEach((r, i) => {
      const row = ws.addRow(r);
      if (i === 0 || (s.totals !== false && i === s.rows.length - 1)) row.font = { bold: true };
    });
    ws.columns.forEach((c, i) => {
      c.width = Math.min(60, Math.max(10, ...s.rows.map((r) => String(r[i] ?? '').length + 2)));
    });
  }
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
