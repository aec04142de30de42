/**
 * The error report of a dry run or a run: for each sheet, its rows that were not imported — the file's
 * own columns as the file had them, then 'Ошибки' (each message: the column and what is wrong) — so the
 * user fixes the rows in this file and imports it again (rows already imported are never made twice).
 * Rows imported with warnings follow, marked so. Written by exceljs's streaming writer, a few thousand
 * rows read at a time.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import { t, type Lang } from '../../engine/i18n.ts';
import type { Cell } from './files/cells.ts';
import type { ImportJob } from './job-store.ts';
import type { RowMessage } from './messages.ts';
import { jsonColumn } from '../../server/db/json-column.ts';

const BATCH = 2000;

/** A kept cell as the report writes it: a date as a date, an error value as its text. */
const out = (c: Cell): ExcelJS.CellValue => (c && typeof c === 'object' ? ('d' in c ? new Date(`${c.d}T00:00:00Z`) : c.e) : (c as ExcelJS.CellValue));

/**
 * @example const xlsx = await errorReport(db, job, 'ru') // Buffer of a workbook: a sheet per sheet of the file with its refused rows
 */
export async function errorReport(db: Kysely<Database>, job: ImportJob, lang: Lang): Promise<Buffer> {
  const stream = new PassThrough();
  const parts: Buffer[] = [];
  stream.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise((resolve) => stream.on('end', resolve));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const used = new Set<string>();
  for (const [index, sheet] of job.sheets.entries()) {
    const name = uniqueName(sheet.name, used);
    const ws = wb.addWorksheet(name);
    const header = ws.addRow([t(lang, 'importjob.report.row'), ...sheet.headers, t(lang, 'importjob.report.state'), t(lang, 'importjob.report.messages')]);
    header.font = { bold: true };
    header.commit();
    let after = 0;
    for (;;) {
      const rows = await db.selectFrom('importrow').select(['row_number', 'cells', 'status', 'messages']).where('job_id', '=', job.id).where('sheet', '=', index)
        .where('row_number', '>', after).where((eb) => eb.or([eb('status', '=', 'ERROR'), eb('messages', '@>', JSON.stringify([{ level: 'warning' }]) as never)]))
        .orderBy('row_number').limit(BATCH).execute();
      if (!rows.length) break;
      for (const r of rows) {
        const cells = jsonColumn<Cell[]>(r.cells, []);
        const messages = jsonColumn<RowMessage[]>(r.messages, []);
        const text = messages.filter((m) => m.level !== 'info').map((m) => (m.column && !m.msg.startsWith(`${m.column}:`) ? `${m.column}: ${m.msg}` : m.msg)).join('\n');
        const row = ws.addRow([Number(r.row_number), ...sheet.headers.map((_, i) => out(cells[i] ?? null)), t(lang, r.status === 'ERROR' ? 'importjob.report.notImported' : 'importjob.report.withWarnings'), text]);
        row.eachCell((c) => { if (c.value instanceof Date) c.numFmt = 'dd.mm.yyyy'; });
        row.commit();
      }
      after = Number(rows.at(-1)!.row_number);
    }
    ws.commit();
  }
  await wb.commit();
  await done;
  return Buffer.concat(parts);
}

/** A sheet name Excel takes: at most 31 characters, none of []:*?/\, unique. */
function uniqueName(name: string, used: Set<string>): string {
  const base = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Sheet';
  let n = base;
  for (let i = 2; used.has(n.toLowerCase()); i++) n = `${base.slice(0, 31 - String(i).length - 1)} ${i}`;
  used.add(n.toLowerCase());
  return n;
}
