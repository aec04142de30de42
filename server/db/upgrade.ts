/**
 * Bringing the database to this release's schema at start, safely beside other processes:
 * - one process at a time (a PostgreSQL advisory lock held on a connection of its own): processes
 *   started together do not run the same migrations twice, and the later ones find nothing to do;
 * - only when a migration is pending are the modules' `beforeMigrate` steps run (the tag sandbox's
 *   views dropped): a restart without an upgrade disturbs nothing the running processes use;
 * - never beside a newer schema: a database holding a migration this release does not know was
 *   upgraded by a newer release, whose changes this one cannot be trusted with — the process refuses
 *   to start (docs/production.md › Upgrades: stop every process, then start the new release).
 * Migrations are forward-only: a release adds migrations and never edits or removes one.
 */
import { sql } from 'kysely';
import { log } from '../log.ts';
import { kysely } from './kysely.ts';
import { appliedMigrations, pgPool, type Orm } from './orm.ts';

/** The advisory lock's key (any number no other code of the database uses). */
const migrationLock = 740615;

/** Thrown when the database was migrated by a newer release. */
export class NewerSchemaError extends Error {}

/**
 * Runs `fn` holding the database's migration lock (PostgreSQL; PGlite has one connection, one process).
 * @example await withMigrationLock(orm, () => orm.migrator.up())
 */
export async function withMigrationLock<T>(orm: Orm, fn: () => Promise<T>): Promise<T> {
  if (!(await pgPool(orm))) return fn(); // PGlite: one connection, one process
  return kysely(orm.em.fork())
    .connection()
    .execute(async (db) => {
      await sql`select pg_advisory_lock(${migrationLock})`.execute(db);
      try {
        return await fn();
      } finally {
        await sql`select pg_advisory_unlock(${migrationLock})`.execute(db);
      }
    });
}

/**
 * Applies this release's pending migrations (`known`: its migration names), under the lock; refuses
 * a database migrated by a newer release. Answers the migrations applied now.
 * @example await upgradeSchema(orm, knownMigrations(), () => dropSandbox(orm)) // ['Migration2026…_jobs']
 */
export async function upgradeSchema(orm: Orm, known: string[], beforeMigrate: () => Promise<void>): Promise<string[]> {
  return withMigrationLock(orm, async () => {
    const applied = await appliedMigrations(orm);
    const unknown = applied.filter((m) => !known.includes(m));
    if (unknown.length) {
      throw new NewerSchemaError(
        `The database was upgraded by a newer release: it holds ${unknown.length} migration(s) this release does not know (the latest ${unknown.at(-1)}; ` +
          `this release's latest is ${known.at(-1)}). Start the newer release, or restore the backup taken before the upgrade (docs/production.md › Upgrades).`,
      );
    }
    const pending = known.filter((m) => !applied.includes(m));
    if (!pending.length) return [];
    await beforeMigrate();
    await orm.migrator.up();
    log.info({ migrations: pending }, `migrated the database: ${pending.length} migration(s)`);
    return pending;
  });
}
