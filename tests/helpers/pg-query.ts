// A query on a test database from outside the server under test (as another process or an operator
// would), through a connection of its own.
import pg from 'pg';

/**
 * Runs one statement on the database at `url` on a connection opened for it and closed after: its rows.
 * @example const [job] = await queryOnce<{ state: string }>(databaseUrl, 'select state from job where id = $1', [jobId]);
 */
export async function queryOnce<T extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}
