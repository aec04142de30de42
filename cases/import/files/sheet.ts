import type { Cell } from './cells.ts';

/** A data row of a sheet: its number as the spreadsheet shows it (from 1) and its cells. */
export interface ReadRow {
  number: number;
  cells: Cell[];
}

/** One sheet of an uploaded file as read: its name, its header row's texts (unique), and how many data rows it has. */
export interface ReadSheet {
  name: string;
  /** The texts of the first non-empty row, each unique (a repeated header gets ' (2)'), a blank one 'Столбец F'. */
  headers: string[];
  /** The row number of the header row (as the spreadsheet numbers rows, from 1). */
  headerRow: number;
  rows: number;
}

/**
 * Where a reader hands the data rows as it reads them (a few thousand at a time, in order), so no
 * file is ever held whole as rows: `sheet` is the sheet's position among the sheets read.
 */
export type RowSink = (sheet: number, rows: ReadRow[]) => Promise<void>;

/** A sink keeping every row, by sheet (tests, small files). */
export function collectRows(): { sink: RowSink; rows: ReadRow[][] } {
  const rows: ReadRow[][] = [];
  return { rows, sink: async (sheet, batch) => void (rows[sheet] ??= []).push(...batch) };
}

/** A whole file refused, with the i18n key of why and its values (`importjob.msg.*`). */
export class ImportFileError extends Error {
  constructor(
    readonly key: string,
    readonly vars: Record<string, unknown> = {},
  ) {
    super(key);
    this.name = 'ImportFileError';
  }
}

/** The most data rows one file may hold, over all its sheets. */
export const MAX_ROWS = 300_000;
/** The most columns a sheet may have. */
export const MAX_COLUMNS = 200;
/** The largest file accepted, in bytes. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;
