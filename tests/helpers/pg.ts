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

/**
 * A copy of a test database (PostgreSQL's `template`), as a replica that has replayed the primary so
 * far; nothing may be connected to the original while it is copied. Its URL.
 * @example const replica = await copyTestDatabase(primaryUrl, 'replica');
 */
export async function copyTestDatabase(url: string, label = 'copy'): Promise<string> {
  const from = decodeURIComponent(new URL(url).pathname.slice(1));
  const copy = await createTestDatabase(label);
  const name = decodeURIComponent(new URL(copy).pathname.slice(1));
  await withAdmin(async (c) => {
    await c.query(`drop database ${c.escapeIdentifier(name)}`);
    await c.query(`create database ${c.escapeIdentifier(name)} template ${c.escapeIdentifier(from)}`);
  });
  return copy;
}
