/**
 * An indicator table as CSV (RFC 4180: commas, quotes doubled, CRLF; a UTF-8 byte-order mark so a
 * spreadsheet reads Cyrillic). A text starting with `= + - @` (a tab or CR too) gets a leading
 * apostrophe: a spreadsheet would otherwise run a name a user typed as a formula.
 */
import type { Cell } from './tableRows.ts';

const field = (c: Cell): string => {
  if (typeof c === 'number') return String(c);
  const safe = /^[=+\-@\t\r]/.test(c) ? `'${c}` : c;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * @example toCsv([['Исход', 'Итог'], ['=1+1', 2]]) // '\uFEFFИсход,Итог\r\n\'=1+1,2\r\n'
 */
export const toCsv = (rows: Cell[][]): string => `\uFEFF${rows.map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;
