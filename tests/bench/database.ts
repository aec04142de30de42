import pg from 'pg';
import { startPostgres, type Server } from '../setup/postgres.ts';

/**
 * The database a benchmark runs on: `BENCH_DATABASE_URL` when set (kept between runs), else a fresh
 * database `name` on a throwaway PostgreSQL, which `postgres.stop()` ends.
 * @example const { databaseUrl, postgres } = await benchDatabase('bench_cases'); … await postgres?.stop();
 */
export async function benchDatabase(name: string, opts: { keepable?: boolean } = { keepable: true }): Promise<{ databaseUrl: string; postgres?: Server }> {
  const given = opts.keepable ? process.env.BENCH_DATABASE_URL : undefined;
  if (given) return { databaseUrl: given };
  const postgres = await startPostgres();
  const root = new pg.Client({ connectionString: postgres.url });
  await root.connect();
  await root.query(`drop database if exists ${root.escapeIdentifier(name)}`);
  await root.query(`create database ${root.escapeIdentifier(name)}`);
  await root.end();
  return { databaseUrl: postgres.url.replace(/\/[^/]*$/, `/${name}`), postgres };
}
