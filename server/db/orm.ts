import { mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import type { MikroORM as CoreORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Registry } from '../../engine/registry.ts';
import { deriveEntities } from './entities.ts';
import { sql } from 'kysely';
import { kysely } from './kysely.ts';
import { watchTransactions } from './transaction.ts';
import { preparingClient } from './prepared.ts';
import { sendStraightTo } from './send-compiled.ts';

export type Orm = CoreORM & { em: SqlEntityManager };
export type Em = SqlEntityManager;

export const migrationsPath = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DbOptions {
  /** A PostgreSQL URL; without it the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data folder (`memory://` for in-memory). */
  dataDir?: string;
  /** Where migrations are read from and written to. */
  migrations?: string;
  debug?: boolean;
  /** PostgreSQL connections this process keeps at most (`TB_DB_POOL_MAX`, 10). */
  poolMax?: number;
}

/** Opens MikroORM on PostgreSQL (`databaseUrl`) or on the embedded PGlite, with entities derived from the schemas. */
export async function openOrm(registry: Registry, opts: DbOptions): Promise<Orm> {
  const common = {
    entities: deriveEntities(registry),
    extensions: [Migrator],
    discovery: { warnWhenNoEntities: false },
    // triggers and functions are written by hand in migrations (the case counts: migration casecount;
    // the patient search key: migration patient_search), not declared in the schemas: the schema diff
    // must not drop them
    schemaGenerator: { ignoreTriggers: true, ignoreRoutines: true },
    migrations: { path: opts.migrations ?? migrationsPath, glob: '!(*.d).{js,ts}', emit: 'ts' as const, snapshot: false, silent: true },
    debug: opts.debug ?? false,
    allowGlobalContext: false,
  };
  if (opts.databaseUrl) {
    const { MikroORM } = await import('@mikro-orm/postgresql');
    const orm = watched((await MikroORM.init({ ...common, clientUrl: opts.databaseUrl, pool: { min: 0, max: opts.poolMax ?? 10 },
      // each connection prepares the statements marked so once (prepared.ts)
      driverOptions: { onPoolCreated: (pool: { on: (e: 'connect', f: typeof preparingClient) => void }) => pool.on('connect', preparingClient) } } as any)) as unknown as Orm);
    // compiled statements outside a transaction go straight to the pool (send-compiled.ts)
    const pool = await pgPool(orm);
    if (pool) sendStraightTo(orm.em.getKysely(), pool as unknown as Parameters<typeof sendStraightTo>[1]);
    return orm;
  }
  const dataDir = opts.dataDir ?? '.data/pglite';
  if (!dataDir.startsWith('memory:')) mkdirSync(dataDir, { recursive: true });
  const { MikroORM } = await import('@mikro-orm/pglite');
  // pg_trgm serves the trigram indexes of searched columns (entities.ts), as on PostgreSQL
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return watched((await MikroORM.init({ ...common, dbName: dataDir, driverOptions: { extensions: { pg_trgm } } } as any)) as unknown as Orm);
}

/** The ORM with its transactions followed: the change feed written at commit, effects after it (transaction.ts). */
function watched(orm: Orm): Orm {
  watchTransactions(orm);
  return orm;
}

/** Applies every pending migration. */
export async function migrate(orm: Orm): Promise<void> {
  await orm.migrator.up();
}

/**
 * The names of the migrations in a folder (the build's own: `.ts` from the sources, `.js` compiled),
 * as the database's `mikro_orm_migrations` table records them, oldest first.
 * @example knownMigrations()[0] // 'Migration20261122151832_initial'
 */
export function knownMigrations(dir = migrationsPath): string[] {
  return readdirSync(dir)
    .map((f) => /^(Migration\w+)\.(?:js|ts)$/.exec(f)?.[1])
    .filter((n): n is string => !!n)
    .sort();
}

/**
 * The migrations the database records as applied (none on a new database).
 * @example await appliedMigrations(orm) // ['Migration20261122151832_initial', …]
 */
export async function appliedMigrations(orm: Orm): Promise<string[]> {
  const db = kysely(orm.em.fork());
  const table = await sql<{ t: string | null }>`select to_regclass('mikro_orm_migrations')::text as t`.execute(db);
  if (!table.rows[0]?.t) return [];
  const { rows } = await sql<{ name: string }>`select name from mikro_orm_migrations order by name`.execute(db);
  return rows.map((r) => r.name.replace(/\.[jt]s$/, ''));
}

/** What a `pg` pool tells of itself. */
export interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max: number };
  connect: (...args: unknown[]) => unknown;
}

/**
 * The `pg` pool under a PostgreSQL ORM, or undefined on PGlite (one connection, no pool).
 * @example (await pgPool(ctx.orm))?.totalCount // 3
 */
export async function pgPool(orm: Orm): Promise<PgPool | undefined> {
  const connection = orm.em.getConnection() as unknown as { getNativeClient?: () => Promise<unknown> };
  const pool = (await connection.getNativeClient?.()) as PgPool | undefined;
  return pool && typeof pool.totalCount === 'number' ? pool : undefined;
}
