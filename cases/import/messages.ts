/** What the dry run or the run says about a row's field: an error keeps the row out, a warning or a note does not. */
export interface RowMessage {
  /** The import field (`tbcase.registrationDate`), or null for the whole row. */
  field: string | null;
  /** The file's column header the field was read from, when it came from one. */
  column?: string | null;
  /** The cell as the file has it. */
  value?: string;
  msg: string;
  level: 'error' | 'warning' | 'info';
}

/** A row's messages refused: the row is kept out, nothing of it written (in its savepoint). */
export class RowRefused extends Error {
  constructor(readonly messages: RowMessage[]) {
    super('row refused');
    this.name = 'RowRefused';
  }
}

/**
 * A row refused in a chunk written without a savepoint a row (the fast way, `careful: false`): what
 * the row wrote before its refusal cannot be undone alone, so the chunk's transaction is rolled back
 * and the chunk written again with a savepoint a row, where the refusal is the row's error.
 */
export class RedoCarefully extends Error {
  constructor() {
    super('chunk redone with a savepoint a row');
    this.name = 'RedoCarefully';
  }
}
