/**
 * A date cell as the calendar day it means: a day the spreadsheet stored as a date, an Excel serial
 * number (days since 30.12.1899, as a number or as its text — what a date column shows when its format
 * was lost), or a text written day first — `dd.MM.yyyy`, `d.M.yyyy`, with `.`, `/` or `-` — or as
 * `yyyy-MM-dd`. Two-digit years are refused (which century?), as are days that do not exist (31.02).
 */
import type { Cell } from './files/cells.ts';

/** The serials of 01.01.1900 … 31.12.2100, the days a register's dates fall in. */
const SERIALS = { min: 1, max: 73415 };
const EPOCH = Date.UTC(1899, 11, 30);

export type DateResult = { date: string } | { error: 'format' | 'twoDigitYear' | 'noSuchDay' };

/** `YYYY-MM-DD` of a day, when the day exists. */
function isoOf(y: number, m: number, d: number): string | undefined {
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The day of an Excel serial number (1900 date system; Excel's phantom 29.02.1900 is serial 60). */
function fromSerial(n: number): string | undefined {
  if (!Number.isFinite(n) || n < SERIALS.min || n > SERIALS.max) return undefined;
  const whole = Math.floor(n);
  return new Date(EPOCH + (whole < 61 ? whole + 1 : whole) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * @example dateOf('05.03.2024') // { date: '2024-03-05' }
 * @example dateOf(45356) // { date: '2024-03-05' }
 * @example dateOf('31.02.2024') // { error: 'noSuchDay' }
 */
export function dateOf(cell: Cell): DateResult {
  if (cell && typeof cell === 'object' && 'd' in cell) return { date: cell.d };
  if (typeof cell === 'number') {
    const d = fromSerial(cell);
    return d ? { date: d } : { error: 'format' };
  }
  if (typeof cell !== 'string') return { error: 'format' };
  const text = cell.trim();
  let m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(text);
  if (m) {
    if (m[3].length === 2) return { error: 'twoDigitYear' };
    const d = isoOf(Number(m[3]), Number(m[2]), Number(m[1]));
    return d ? { date: d } : { error: 'noSuchDay' };
  }
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(text);
  if (m) {
    const d = isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
    return d ? { date: d } : { error: 'noSuchDay' };
  }
  if (/^\d{1,5}(?:[.,]\d+)?$/.test(text)) {
    const d = fromSerial(Number(text.replace(',', '.')));
    if (d) return { date: d };
  }
  return { error: 'format' };
}
