// One fresh database per test file on the run's shared server (tests/setup/global-pg.ts),
// so files can run in parallel without seeing each other's rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates a uniquely named, empty database and returns its connection URL. */
export async function createTestDatabase(label = 'db'): Promise<string> {
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 20);
  // The run prefix lets global teardown drop leftovers on a shared TEST_DATABASE_URL server.
  const name = `${inject('pgRunPrefix')}${slug}_${randomBytes(4).toString('hex')}`.slice(0, 63);
  await withAdmin((c) => c.query(`create database ${c.escapeIdentifier(name)}`));
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createTestDatabase, closing any connections still open to it. */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name.startsWith(inject('pgRunPrefix'))) throw new Error(`refusing to drop ${name}: not a test database of this run`);
  await withAdmin((c) => c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`));
}
