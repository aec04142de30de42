// What a backup must bring back whole, read the same way from the embedded database and from PostgreSQL.

/** The rows a query answers, through whichever client the database has. */
export type RowsOf = (query: string) => Promise<Record<string, unknown>[]>;

/**
 * What must come back whole from a restore: the cases, the history, the change feed and its position,
 * the stock movements — each in a fixed order, so that two databases compare with toEqual.
 * @example expect(await backupContents(rowsOfRestored)).toEqual(await backupContents(rowsOfSource));
 */
export async function backupContents(rows: RowsOf) {
  return {
    cases: await rows('select * from tbcase order by id'),
    history: await rows('select * from cmdhistory order by id'),
    feed: await rows('select tx_key::text, seq::text, table_name, row_id, op, row_version from changelog order by tx_key, seq'),
    feedPosition: await rows('select last_value::text, is_called from changelog_seq'),
    stock: await rows('select * from stockmovement order by id'),
  };
}
