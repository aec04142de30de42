/**
 * Reads an XLSX workbook row by row with exceljs's streaming reader (a sheet of a million rows is
 * never held whole), and refuses what an import cannot take as it stands: formulas (their values may
 * never have been computed — paste the values instead), merged cells (one row must be one case) and an
 * archive that is no workbook (a Word document). Merges are read from the sheets' XML with JSZip, which
 * exceljs's streaming reader skips.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Lang } from '../../../engine/i18n.ts';
import { columnLetter, isoDateOf, type Cell } from './cells.ts';
import { SheetBuilder, type RowCount } from './sheet-builder.ts';
import { ImportFileError, type ReadSheet, type RowSink } from './sheet.ts';

/** At most this many cells are named in a refusal. */
const NAMED = 5;

/**
 * The sheets of an XLSX file, each with its header (empty sheets left out); the data rows go to `sink`.
 * @example const sheets = await readXlsx(buffer, 'ru', sink) // [{ name: 'Случаи', headers: ['Фамилия', …], headerRow: 1, rows: 1200 }]
 */
export async function readXlsx(buffer: Buffer, lang: Lang, sink: RowSink): Promise<ReadSheet[]> {
  const zip = await JSZip.loadAsync(buffer).catch(() => {
    throw new ImportFileError('importjob.msg.notTable');
  });
  if (!zip.file('xl/workbook.xml')) throw new ImportFileError('importjob.msg.zipNotXlsx');
  const merged = await mergedCells(zip);
  if (merged.length) throw new ImportFileError('importjob.msg.merged', { cells: named(merged) });

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(await inReadingOrder(zip, buffer)), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  // the sink's writes queued, not awaited in the loops: exceljs's streaming reader loses the sheets
  // after the first when its reader waits between rows (a database insert)
  let queue = Promise.resolve();
  const queued: RowSink = (sheet, rows) => {
    queue = queue.then(() => sink(sheet, rows));
    return Promise.resolve();
  };
  const count: RowCount = { rows: 0 };
  const sheets: ReadSheet[] = [];
  const formulas: string[] = [];
  try {
    for await (const ws of reader) {
      const name = String((ws as unknown as { name?: string }).name ?? `Sheet${sheets.length + 1}`);
      const builder = new SheetBuilder(name, sheets.length, lang, count, queued);
      for await (const row of ws) {
        const cells: Cell[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          const v = cell.value as unknown;
          if (isFormula(v)) formulas.push(`${name}!${columnLetter(col - 1)}${row.number}`);
          else cells[col - 1] = cellOf(v);
        });
        // the first few are enough to say so: not read to the end
        if (formulas.length > NAMED) break;
        if (!formulas.length) await builder.add(row.number, cells);
      }
      if (formulas.length > NAMED) break;
      const sheet = await builder.finish();
      if (sheet) sheets.push(sheet);
    }
    if (formulas.length) throw new ImportFileError('importjob.msg.formulas', { cells: named(formulas) });
  } catch (e) {
    await queue.catch(() => undefined);
    if (e instanceof ImportFileError) throw e;
    throw new ImportFileError('importjob.msg.badXlsx');
  }
  await queue;
  if (!sheets.length) throw new ImportFileError('importjob.msg.empty');
  return sheets;
}

/** The parts exceljs's streaming reader must meet before the sheets: the workbook, its relationships, styles, shared strings. */
const FIRST_PARTS = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/sharedStrings.xml'];

/**
 * The file with the workbook's parts before its sheets: a workbook saved by a program that writes the
 * sheets first (exceljs itself, re-saving a workbook it loaded) is stored again in that order — the
 * streaming reader fails on it otherwise. A file already in order is given back as it is.
 * @example const ordered = await inReadingOrder(await JSZip.loadAsync(buffer), buffer)
 */
export async function inReadingOrder(zip: JSZip, buffer: Buffer): Promise<Buffer> {
  const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
  const firstSheet = names.findIndex((n) => n.startsWith('xl/worksheets/'));
  if (firstSheet < 0 || FIRST_PARTS.every((p) => !names.includes(p) || names.indexOf(p) < firstSheet)) return buffer;
  const out = new JSZip();
  for (const n of [...FIRST_PARTS.filter((p) => names.includes(p)), ...names.filter((n) => !FIRST_PARTS.includes(n))]) out.file(n, zip.file(n)!.nodeStream('nodebuffer'));
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
}

/** A formula (its own, or one shared with other cells): exceljs gives it as `{formula | sharedFormula, result}`. */
const isFormula = (v: unknown) => !!v && typeof v === 'object' && ('formula' in v || 'sharedFormula' in v);

/** An exceljs cell value as a kept cell: rich text and links by their text, dates as days, errors as written. */
function cellOf(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : { d: isoDateOf(v) };
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; error?: string; hyperlink?: string };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.error !== undefined) return { e: String(o.error) };
    if (o.text !== undefined) return cellOf(o.text);
  }
  return String(v);
}

/** The merged ranges of every sheet ('Лист1!A1:C1'), read from the sheets' XML as it streams. */
async function mergedCells(zip: JSZip): Promise<string[]> {
  const found: string[] = [];
  const names = await sheetNames(zip);
  for (const path of Object.keys(zip.files).filter((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p)).sort()) {
    let tail = '';
    const sheet = names.get(path) ?? path.replace(/^.*\//, '');
    await new Promise<void>((resolve, reject) => {
      zip.file(path)!
        .nodeStream('nodebuffer')
        .on('data', (chunk: Buffer) => {
          const text = tail + chunk.toString('utf8');
          for (const m of text.matchAll(/<mergeCell\s+ref="([A-Z]+\d+:[A-Z]+\d+)"/g)) if (found.length < NAMED + 1) found.push(`${sheet}!${m[1]}`);
          tail = text.slice(-200);
        })
        .on('end', resolve)
        .on('error', reject);
    });
    // a range split across two pieces is seen twice
  }
  return [...new Set(found)];
}

/** The sheets' names by their XML file (workbook.xml and its relationships). */
async function sheetNames(zip: JSZip): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const book = (await zip.file('xl/workbook.xml')?.async('string')) ?? '';
  const rels = (await zip.file('xl/_rels/workbook.xml.rels')?.async('string')) ?? '';
  const target = new Map([...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => [attr(m[0], 'Id'), attr(m[0], 'Target')]));
  for (const m of book.matchAll(/<sheet\b[^>]*>/g)) {
    const t = target.get(attr(m[0], 'r:id'));
    if (t) out.set(`xl/${t.replace(/^\/?xl\//, '')}`, unescapeXml(attr(m[0], 'name')));
  }
  return out;
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name.replace(':', '\\:')}="([^"]*)"`).exec(tag)?.[1] ?? '';
const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const named = (cells: string[]) => cells.slice(0, NAMED).join(', ') + (cells.length > NAMED ? ', …' : '');
