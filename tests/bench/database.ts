import pg from 'pg';
import { startPostgres, type Server } from '../setup/postgres.ts';

/**
 * The database a benchmark runs on: `BENCH_DATABASE_URL` when set and `keepable` (kept between runs),
 * else a fresh database `name` on a throwaway PostgreSQL, which `postgres.stop()` ends.
 * @example const { databaseUrl, postgres } = await benchDatabase('bench_cases'); … await postgres?.stop();
 */
export async function benchDatabase(name: string, opts: { keepable?: boolean } = { keepable: true }): Promise<{ databaseUrl: string; postgres?: Server }> {
  const given = opts.keepable ? process.env.BENCH_DATABASE_URL : undefined;
  if (given) return { databaseUrl: given };
  const postgres = await startPostgres();
  return { databaseUrl: await freshDatabase(postgres, name), postgres };
}

/**
 * Makes database `name` anew (dropped first when there) on the PostgreSQL `on` and answers its URL.
 * @example const clientUrl = await freshDatabase(postgres, 'bench_sync_client');
 */
export async function freshDatabase(on: Server, name: string): Promise<string> {
  const root = new pg.Client({ connectionString: on.url });
  await root.connect();
  await root.query(`drop database if exists ${root.escapeIdentifier(name)}`);
  await root.query(`create database ${root.escapeIdentifier(name)}`);
  await root.end();
  return on.url.replace(/\/[^/]*$/, `/${name}`);
}
