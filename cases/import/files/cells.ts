/**
 * A cell of an uploaded sheet as it is kept between the upload and the run (`importrow.cells`, JSON):
 * empty, a text, a number, a yes/no, a calendar date the spreadsheet stored as a date (`{d}`), or an
 * Excel error value (`{e}`, '#N/A'). Files give every value as one of these, whatever their format.
 */
export type Cell = null | string | number | boolean | { d: string } | { e: string };

/** A JavaScript date as the calendar day it means in a spreadsheet (spreadsheets have no time zone: UTC). */
export const isoDateOf = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * What a cell reads as, for people and for matching: a date as `dd.MM.yyyy`, an error as written,
 * empty as ''.
 * @example cellText({ d: '2024-03-05' }) // '05.03.2024'
 */
export function cellText(c: Cell): string {
  if (c === null || c === undefined) return '';
  if (typeof c === 'object') return 'd' in c ? `${c.d.slice(8, 10)}.${c.d.slice(5, 7)}.${c.d.slice(0, 4)}` : c.e;
  return String(c);
}

/** Whether a row holds nothing (every cell empty or blank text). */
export const isEmptyRow = (cells: Cell[]): boolean => cells.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));

/**
 * The spreadsheet name of column `i` (0-based): A … Z, AA …
 * @example columnLetter(27) // 'AB'
 */
export function columnLetter(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
