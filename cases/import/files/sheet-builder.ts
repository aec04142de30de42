import type { Lang } from '../../../engine/i18n.ts';
import { cellText, columnLetter, isEmptyRow, type Cell } from './cells.ts';
import { ImportFileError, MAX_COLUMNS, MAX_ROWS, type ReadRow, type ReadSheet, type RowSink } from './sheet.ts';

/** How many data rows the sheets of one file have read so far (the file's limit is over all of them). */
export interface RowCount {
  rows: number;
}

/** Rows handed to the sink at a time. */
const BATCH = 2000;

/**
 * Collects one sheet's rows as a reader finds them and hands them to the sink in batches: the first
 * non-empty row is the header, empty rows are skipped (a sheet formatted down to row 1,048,576 holds
 * only its data), trailing empty cells dropped. Refuses a file past {@link MAX_ROWS} data rows or
 * {@link MAX_COLUMNS} columns.
 * @example const b = new SheetBuilder('Случаи', 0, 'ru', count, sink); await b.add(1, ['Фамилия']); await b.add(2, ['Асанов']); await b.finish()
 */
export class SheetBuilder {
  private headers?: string[];
  private headerRow = 0;
  private width = 0;
  private rows = 0;
  private batch: ReadRow[] = [];

  constructor(
    readonly name: string,
    readonly index: number,
    readonly lang: Lang,
    readonly count: RowCount,
    readonly sink: RowSink,
  ) {}

  async add(number: number, cells: Cell[]): Promise<void> {
    if (isEmptyRow(cells)) return;
    let end = cells.length;
    while (end > 0 && (cells[end - 1] === null || cells[end - 1] === undefined || cells[end - 1] === '')) end--;
    if (end > MAX_COLUMNS) throw new ImportFileError('importjob.msg.tooManyColumns', { sheet: this.name, max: MAX_COLUMNS });
    const row = Array.from({ length: end }, (_, i) => cells[i] ?? null);
    if (!this.headers) {
      this.headers = headerTexts(row, this.lang);
      this.headerRow = number;
      return;
    }
    if (++this.count.rows > MAX_ROWS) throw new ImportFileError('importjob.msg.tooManyRows', { max: MAX_ROWS.toLocaleString('ru-RU') });
    this.width = Math.max(this.width, end);
    this.rows++;
    this.batch.push({ number, cells: row });
    if (this.batch.length >= BATCH) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.batch.length) return;
    const rows = this.batch;
    this.batch = [];
    await this.sink(this.index, rows);
  }

  /** The sheet read, or undefined when it held nothing. Columns past the header row get headers of their own. */
  async finish(): Promise<ReadSheet | undefined> {
    if (!this.headers) return undefined;
    await this.flush();
    const extra = Math.max(0, this.width - this.headers.length);
    const headers = headerTexts([...this.headers, ...Array(extra).fill(null)], this.lang, this.headers);
    return { name: this.name, headers, headerRow: this.headerRow, rows: this.rows };
  }
}

/**
 * A header row's texts, each unique: a blank header is the column's letter ('Столбец F'), a
 * repeated one gets its count ('Дата (2)'). `given`: headers already made, kept as they are.
 * @example headerTexts(['Дата', null, 'Дата'], 'ru') // ['Дата', 'Столбец B', 'Дата (2)']
 */
export function headerTexts(cells: Cell[], lang: Lang, given: string[] = []): string[] {
  const seen = new Map<string, number>();
  return cells.map((c, i) => {
    if (given[i] !== undefined) return given[i];
    const text = cellText(c).replace(/\s+/g, ' ').trim() || `${lang === 'en' ? 'Column' : 'Столбец'} ${columnLetter(i)}`;
    const n = (seen.get(text.toLowerCase()) ?? 0) + 1;
    seen.set(text.toLowerCase(), n);
    return n === 1 ? text : `${text} (${n})`;
  });
}
