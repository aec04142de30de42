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

/**
 * Runs `fn` while holding a lock named `key` that every test process of the run shares (a
 * PostgreSQL advisory lock on the run's server): one process builds a shared thing, the others wait.
 * @example await withRunLock(`${inject('pgRunPrefix')}tpl`, () => buildOnce());
 */
export async function withRunLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  return withAdmin(async (c) => {
    await c.query('select pg_advisory_lock(hashtext($1))', [key]);
    try {
      return await fn();
    } finally {
      await c.query('select pg_advisory_unlock(hashtext($1))', [key]);
    }
  });
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

/**
 * Creates a database as a copy of the run's template `name`, building the template first when no
 * test process has yet (`build` is given its URL; a PostgreSQL advisory lock makes the other
 * processes wait for it). Copying a migrated, seeded template takes a fraction of migrating and
 * seeding each file's database anew. Returns the new database's URL.
 * @example const url = await createFromTemplate('srv', 'seeded', (url) => migrateAndSeed(url));
 */
export async function createFromTemplate(label: string, name: string, build: (url: string) => Promise<void>): Promise<string> {
  const template = `${inject('pgRunPrefix')}tpl_${name}`;
  const urlOf = (db: string) => {
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${db}`;
    return url.toString();
  };
  await withRunLock(template, () =>
    withAdmin(async (c) => {
      if ((await c.query('select 1 from pg_database where datname = $1', [template])).rowCount) return;
      // built under another name and renamed when whole: a build that failed half-way is never copied
      const building = `${template}_wip`.slice(0, 63);
      await c.query(`drop database if exists ${c.escapeIdentifier(building)} with (force)`);
      await c.query(`create database ${c.escapeIdentifier(building)}`);
      await build(urlOf(building));
      await c.query(`alter database ${c.escapeIdentifier(building)} rename to ${c.escapeIdentifier(template)}`);
    }),
  );
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '_').slice(0, 20);
  const db = `${inject('pgRunPrefix')}${slug}_${randomBytes(4).toString('hex')}`.slice(0, 63);
  await databaseStatement((c) => `create database ${c.escapeIdentifier(db)} template ${c.escapeIdentifier(template)}`);
  return urlOf(db);
}

/** Drops a database made by createTestDatabase, closing any connections still open to it. */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name.startsWith(inject('pgRunPrefix'))) throw new Error(`refusing to drop ${name}: not a test database of this run`);
  await databaseStatement((c) => `drop database if exists ${c.escapeIdentifier(name)} with (force)`);
}

/** How long creating or dropping a database may wait (for a lock, for the other backends) before it fails saying on what. */
const DATABASE_STATEMENT_TIMEOUT = '60s';

/**
 * Runs a statement that creates or drops a database; one that waits over a minute fails with the
 * server's backends and what each waits on (a hook that only timed out said nothing of why; once, in
 * a full run, one did).
 */
async function databaseStatement(text: (c: pg.Client) => string): Promise<void> {
  await withAdmin(async (c) => {
    const statement = text(c);
    await c.query(`set statement_timeout = '${DATABASE_STATEMENT_TIMEOUT}'`);
    try {
      await c.query(statement);
    } catch (e) {
      if ((e as { code?: string }).code !== '57014') throw e;
      throw new Error(`${statement} waited over ${DATABASE_STATEMENT_TIMEOUT}; the server's backends:\n${await backendsPicture()}`, { cause: e });
    }
  });
}

/** One line a backend of the run's server: its database, state, what it waits on, since when, and its statement's start. */
async function backendsPicture(): Promise<string> {
  return withAdmin(async (c) => {
    const { rows } = await c.query(`select pid, datname, backend_type, state, wait_event_type, wait_event,
        round(extract(epoch from now() - coalesce(query_start, backend_start)))::int as seconds, left(query, 120) as query
      from pg_stat_activity where pid <> pg_backend_pid() order by seconds desc nulls last limit 40`);
    return rows.map((r) => `${r.pid} ${r.datname ?? '-'} ${r.backend_type} ${r.state ?? '-'} ${r.wait_event_type ?? ''}/${r.wait_event ?? ''} ${r.seconds}s ${r.query ?? ''}`).join('\n');
  });
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
