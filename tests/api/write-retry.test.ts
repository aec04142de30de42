// The writer's transaction run again when PostgreSQL aborts it as a deadlock's victim or a
// serialization failure (server/tbl/retry.ts), on a real server and PostgreSQL: a user's case save
// that deadlocks with another transaction (holding the case's analytic row, as the background refill
// does, then asking for the case) is answered 200 with one history entry; the bound of three runs;
// any other error is thrown at once, not run again.
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { log } from '../../server/log.ts';
import { retryOnConflict, sqlState } from '../../server/tbl/retry.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { deadlockedWith } from '../helpers/deadlock.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

useTestServer();
const db = () => kysely(server.ctx.orm.em.fork());
/** The warnings logged about a transaction run again. */
const retried = () => vi.mocked(log.warn).mock.calls.filter(([, msg]) => String(msg).startsWith('write transaction aborted'));

let caseId: string;
beforeAll(async () => {
  const unit = await unitNamed(admin, 'Бишкекский');
  const patientId = await newPatient(admin, { name: 'Азамат', lastName: 'Тупиков', gender: 'MALE', birthDate: '1980-02-02' });
  caseId = await createCase(admin, patientId, unit);
});
afterEach(() => vi.restoreAllMocks());

describe('a save deadlocked with another transaction', () => {
  it('is run again and answered 200: the change stored once, one history entry, one warning', async () => {
    vi.spyOn(log, 'warn');
    const entries = () => db().selectFrom('cmdhistory').select('action').where('entity_id', '=', caseId).where('action', '=', 'update').execute();
    expect(await entries()).toHaveLength(0);
    // the test holds the case's analytic row, as the refill job's batch does; the user's save locks the
    // case and, before it commits, waits for the analytic row; the test then asks for the case
    const r = await deadlockedWith(
      sql`select 1 from caseanalytic where id = ${caseId} for update`,
      () => admin.post(`/api/tbl/tbcase/${caseId}`, { registrationGroup: 'RELAPSE' }),
      sql`select 1 from tbcase where id = ${caseId} for update`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body.registrationGroup).toBe('RELAPSE');
    expect(await entries()).toHaveLength(1);
    expect(retried().map(([fields]) => (fields as { code: string }).code)).toEqual(['40P01']);
  });
});

describe('retryOnConflict', () => {
  /** A transaction on the real database that runs `statement` on its runs listed in `failing` (1-based). */
  const transaction = (statement: string, failing: (run: number) => boolean) => {
    let runs = 0;
    const run = () => server.ctx.orm.em.fork().transactional(async (em) => {
      runs++;
      await kysely(em).insertInto('errorlog').values({ id: crypto.randomUUID(), error_date: new Date(), exception_class: 'retry test', url: `run ${runs}` }).execute();
      if (failing(runs)) await sql.raw(statement).execute(kysely(em));
      return runs;
    });
    return { run, runs: () => runs };
  };
  const serializationFailure = "do $$ begin raise exception 'could not serialize access' using errcode = 'serialization_failure'; end $$";
  const logged = async () => (await db().selectFrom('errorlog').select('url').where('exception_class', '=', 'retry test').execute()).map((r) => r.url);
  afterEach(() => db().deleteFrom('errorlog').where('exception_class', '=', 'retry test').execute());

  it('runs a transaction aborted by a serialization failure again, at most three times in all, keeping only the run that committed', async () => {
    vi.spyOn(log, 'warn');
    const twice = transaction(serializationFailure, (n) => n <= 2);
    expect(await retryOnConflict(twice.run, 'test')).toBe(3);
    expect(await logged()).toEqual(['run 3']);
    expect(retried().map(([fields]) => (fields as { code: string; attempt: number }).attempt)).toEqual([1, 2]);

    const always = transaction(serializationFailure, () => true);
    const e = await retryOnConflict(always.run, 'test').catch((x: unknown) => x);
    expect(sqlState(e)).toBe('40001');
    expect(always.runs()).toBe(3);
    expect(await logged()).toEqual(['run 3']);
  });

  it('throws any other error at once, not run again', async () => {
    vi.spyOn(log, 'warn');
    const divide = transaction('select 1/0', () => true);
    const e = await retryOnConflict(divide.run, 'test').catch((x: unknown) => x);
    expect(sqlState(e)).toBe('22012'); // division_by_zero
    expect(divide.runs()).toBe(1);
    const unique = transaction(`insert into errorlog (id, error_date, exception_class) select id, now(), 'retry test' from errorlog where exception_class = 'retry test'`, () => true);
    expect(sqlState(await retryOnConflict(unique.run, 'test').catch((x: unknown) => x))).toBe('23505'); // the same id twice
    expect(unique.runs()).toBe(1);
    expect(retried()).toEqual([]);
    expect(await logged()).toEqual([]);
  });
});
