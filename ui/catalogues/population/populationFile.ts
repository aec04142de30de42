/**
 * The rows of a population file, read in the browser before
 * `POST /api/population/import`: a CSV (comma, semicolon or tab between cells, as spreadsheets save
 * it) or the first sheet of an XLSX workbook, three columns — the area (its code or name), the year,
 * the population. A first line whose year is no number is the header and is skipped; blank lines
 * too. Each row keeps its line in the file, for the messages.
 */

export interface PopulationRow {
  area: string;
  year: string | number;
  population: string | number;
}

export interface FileRows {
  rows: PopulationRow[];
  /** The file's line (1-based) of each row. */
  lines: number[];
}

/** The cells of one CSV line: quoted cells may hold the separator and doubled quotes. */
function csvCells(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = '', quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) cells.push(cell), (cell = '');
    else cell += ch;
  }
  return [...cells, cell];
}

/**
 * A table's lines (cells as text or numbers) as population rows.
 * @example fromTable([['Территория', 'Год', 'Население'], ['KG-GB', 2025, '1 074 075']]) // { rows: [{ area: 'KG-GB', year: 2025, population: '1 074 075' }], lines: [2] }
 */
export function fromTable(table: (string | number | null | undefined)[][]): FileRows {
  const rows: PopulationRow[] = [], lines: number[] = [];
  table.forEach((cells, i) => {
    const [area, year, population] = cells.map((c) => (typeof c === 'string' ? c.trim() : c));
    if ([area, year, population].every((c) => c === undefined || c === null || c === '')) return;
    if (i === 0 && !/^\d+$/.test(String(year ?? '').trim())) return;
    rows.push({ area: String(area ?? ''), year: year ?? '', population: population ?? '' });
    lines.push(i + 1);
  });
  return { rows, lines };
}

/**
 * A CSV text's rows; the separator is the first of tab, semicolon, comma the first line holds.
 * @example fromCsv('area;year;population\nKG-GB;2025;1074075') // { rows: [{ area: 'KG-GB', year: '2025', population: '1074075' }], lines: [2] }
 */
export function fromCsv(text: string): FileRows {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const sep = ['\t', ';', ','].find((s) => lines[0]?.includes(s)) ?? ',';
  return fromTable(lines.map((l) => (l.trim() ? csvCells(l, sep) : [])));
}

/** A cell of exceljs as text or a number (a formula by its result, rich text by its words). */
function cellValue(v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'object' && 'result' in v) return cellValue((v as { result: unknown }).result);
  if (typeof v === 'object' && 'richText' in v) return (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('');
  return String(v);
}

/** A file's rows: an XLSX workbook's first sheet (exceljs, loaded on demand), else its text as CSV. */
export async function readPopulationFile(file: File): Promise<FileRows> {
  if (!/\.xlsx$/i.test(file.name)) return fromCsv(await file.text());
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await file.arrayBuffer());
  const sheet = book.worksheets[0];
  const table: (string | number | null)[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row, n) => {
    table[n - 1] = [1, 2, 3].map((c) => cellValue(row.getCell(c).value));
  });
  return fromTable(Array.from(table, (r) => r ?? []));
}
