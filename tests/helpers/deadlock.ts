// A real deadlock on PostgreSQL provoked against a request of the server under test, with no sleep:
// the test's transaction holds one row, the request takes another and then waits for the first
// (found by pg_blocking_pids), and the test asks for the request's row. The test's side waits long
// before looking for a deadlock, so PostgreSQL aborts the request's transaction (40P01).
import { sql, type RawBuilder } from 'kysely';
import { expect, vi } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { server } from './use-server.ts';

/**
 * Runs `request` while a transaction of the test holds `first` (a `select … for update`); once the
 * request waits for it, the test asks for `second` (a row the request holds): a deadlock whose victim
 * is the request's transaction. Answers what the request answered.
 * @example
 * const r = await deadlockedWith(sql`select 1 from caseanalytic where id = ${caseId} for update`,
 *   () => admin.post(`/api/tbl/tbcase/${caseId}`, { registrationGroup: 'RELAPSE' }),
 *   sql`select 1 from tbcase where id = ${caseId} for update`);
 */
export async function deadlockedWith<T>(first: RawBuilder<unknown>, request: () => Promise<T>, second: RawBuilder<unknown>): Promise<T> {
  let answer: Promise<T> | undefined;
  await server.ctx.orm.em.fork().transactional(async (em) => {
    const held = kysely(em);
    await sql`set local deadlock_timeout = '60s'`.execute(held);
    const { pid } = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(held)).rows[0];
    await first.execute(held);
    answer = request();
    await vi.waitFor(async () => {
      const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`.execute(kysely(server.ctx.orm.em.fork()));
      expect(waiting.rows[0].n).toBe(1);
    }, { timeout: 30_000, interval: 50 });
    await second.execute(held);
  });
  return answer!;
}
