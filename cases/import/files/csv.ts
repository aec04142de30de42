/**
 * Reads a CSV file as one sheet: its text decoded as UTF-8 (with or without a byte-order mark), UTF-16
 * with its mark, else Windows-1251 — the encoding Excel uses for a Cyrillic CSV on a Russian Windows —
 * its separator the one of `;`, `,` or a tab its first line holds most of (Excel writes `;` where the
 * decimal point is a comma), quoted fields as RFC 4180 says (csv-parse).
 */
import { parse } from 'csv-parse/sync';
import type { Lang } from '../../../engine/i18n.ts';
import { SheetBuilder } from './sheet-builder.ts';
import { ImportFileError, type ReadSheet, type RowSink } from './sheet.ts';

/**
 * The file's text: UTF-8 when it is valid UTF-8, UTF-16 by its byte-order mark, otherwise Windows-1251.
 * @example decodeText(Buffer.from([0xd4, 0xe0, 0xec])) // 'Фам'
 */
export function decodeText(buffer: Buffer): string {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return new TextDecoder('utf-16le').decode(buffer.subarray(2));
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return new TextDecoder('utf-16be').decode(buffer.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1251').decode(buffer);
  }
}

/** The separator the first line holds most of, outside quotes (`;` when none). */
export function separatorOf(text: string): string {
  const line = text.slice(0, text.search(/\r?\n|$/));
  const counts = new Map<string, number>([[';', 0], [',', 0], ['\t', 0]]);
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0][1] > 0 ? [...counts].sort((a, b) => b[1] - a[1])[0][0] : ';';
}

/**
 * The one sheet of a CSV file, named after the file; its data rows go to `sink`.
 * @example await readCsv(Buffer.from('Фамилия;Дата\nАсанов;05.03.2024\n'), 'registr.csv', 'ru', sink) // [{ name: 'registr.csv', headers: ['Фамилия', 'Дата'], headerRow: 1, rows: 1 }]
 */
export async function readCsv(buffer: Buffer, fileName: string, lang: Lang, sink: RowSink): Promise<ReadSheet[]> {
  const text = decodeText(buffer);
  let records: string[][];
  try {
    records = parse(text, { delimiter: separatorOf(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: true }) as string[][];
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    throw new ImportFileError('importjob.msg.badCsv', { line: line ?? '?' });
  }
  const builder = new SheetBuilder(fileName, 0, lang, { rows: 0 }, sink);
  for (const [i, cells] of records.entries()) await builder.add(i + 1, cells.map((c) => (c.trim() === '' ? null : c)));
  const sheet = await builder.finish();
  if (!sheet) throw new ImportFileError('importjob.msg.empty');
  return [sheet];
}
