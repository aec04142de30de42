/**
 * An uploaded file's sheets, whatever it is: an XLSX workbook or a CSV text, told apart by their first
 * bytes rather than by the name — a PDF, an image, an Excel 97–2003 workbook or a Word document named
 * `.xlsx` is refused with what it is and what to do (`ImportFileError`), never a server error.
 */
import type { Lang } from '../../../engine/i18n.ts';
import { readCsv } from './csv.ts';
import { ImportFileError, MAX_FILE_BYTES, type ReadSheet, type RowSink } from './sheet.ts';
import { readXlsx } from './xlsx.ts';

export type FileFormat = 'XLSX' | 'CSV';

/**
 * What the bytes are: an XLSX (a ZIP archive), a CSV (text), or a refusal naming the kind of file.
 * @example formatOf(Buffer.from('%PDF-1.7')) // throws ImportFileError('importjob.msg.pdf')
 */
export function formatOf(buffer: Buffer): FileFormat {
  if (!buffer.length) throw new ImportFileError('importjob.msg.empty');
  if (buffer.length > MAX_FILE_BYTES) throw new ImportFileError('importjob.msg.tooBig', { max: Math.round(MAX_FILE_BYTES / 1024 / 1024) });
  const head = buffer.subarray(0, 8);
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05)) return 'XLSX';
  if (head.equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) throw new ImportFileError('importjob.msg.xls');
  if (head.subarray(0, 4).toString('latin1') === '%PDF') throw new ImportFileError('importjob.msg.pdf');
  // text has no NUL bytes and few control characters; UTF-16 with its mark is text too
  const sample = buffer.subarray(0, 4096);
  const utf16 = (sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff);
  const control = [...sample].filter((b) => b < 9 || (b > 13 && b < 32)).length;
  if (!utf16 && (sample.includes(0) || control > sample.length / 100)) throw new ImportFileError('importjob.msg.notTable');
  return 'CSV';
}

/**
 * The sheets of the file (and its format), its data rows handed to `sink` as they are read, or an
 * `ImportFileError` saying why it cannot be read.
 * @example const { format, sheets } = await readFile(buffer, 'registr.xlsx', 'ru', sink)
 */
export async function readFile(buffer: Buffer, fileName: string, lang: Lang, sink: RowSink): Promise<{ format: FileFormat; sheets: ReadSheet[] }> {
  const format = formatOf(buffer);
  const sheets = format === 'XLSX' ? await readXlsx(buffer, lang, sink) : await readCsv(buffer, fileName, lang, sink);
  return { format, sheets };
}
