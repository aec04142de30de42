/**
 * A consistent copy of the embedded database (PGlite) and its restore. PGlite runs inside the
 * server's process, one statement at a time: the copy is taken there, after a checkpoint, while
 * holding PGlite's transaction and statement locks — no transaction is open and nothing writes while
 * the data folder is read (synchronously) into a gzip tar. Restoring unpacks such a tar into an empty
 * folder. The offline client is the same server in client mode: its copy is taken the same way.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Orm } from '../../db/orm.ts';

/** The PGlite under an ORM on the embedded database; undefined on PostgreSQL. */
export async function pgliteOf(orm: Orm): Promise<PGlite | undefined> {
  const connection = orm.em.getConnection() as unknown as { getNativeClient?: () => Promise<unknown> };
  const client = (await connection.getNativeClient?.()) as PGlite | undefined;
  return client && typeof (client as PGlite).dumpDataDir === 'function' ? client : undefined;
}

/** PGlite's own locks (public methods, named as internal): a transaction's, and a statement's. */
interface Exclusive {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * Writes a consistent copy of the database `pg` to `file` (a gzip tar of its data folder), written
 * beside it first and renamed when whole: a copy cut short never looks like a backup. Answers its size.
 * @example await copyPglite(pg, '/srv/tb/backups/tb-backup-2026-11-29T03-00-00Z.tar.gz') // 18_204_311
 */
export async function copyPglite(pg: PGlite, file: string): Promise<number> {
  await pg.query('checkpoint');
  const locks = pg as unknown as Exclusive;
  const tar = await locks._runExclusiveTransaction(() => locks._runExclusiveQuery(() => pg.dumpDataDir('gzip')));
  const bytes = Buffer.from(await tar.arrayBuffer());
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return bytes.length;
}

/**
 * The embedded database opened on its own (no server running on it), with the extension the schema
 * uses; the caller closes it.
 * @example const pg = await openPglite('.data/pglite'); await pg.close();
 */
export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create({ dataDir, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/**
 * Unpacks the copy `file` into the empty (or missing) folder `dataDir` and checks that the database
 * there opens; answers how many migrations it records.
 * @example await unpackPglite('backups/tb-backup-….tar.gz', '.data/pglite') // 49
 */
export async function unpackPglite(file: Blob, dataDir: string): Promise<number> {
  mkdirSync(dataDir, { recursive: true });
  const pg = await openPglite(dataDir, file);
  try {
    const { rows } = await pg.query<{ n: number }>('select count(*)::int as n from mikro_orm_migrations');
    return rows[0].n;
  } finally {
    await pg.close();
  }
}
