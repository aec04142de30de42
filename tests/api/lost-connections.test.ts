// PostgreSQL can end a connection in the middle of a save: a restart, a failover, an operator's
// pg_terminate_backend. The save fails (500), and its connection leaves the pool with it: a pool that
// kept such a connection checked out would run dry after as many losses as it holds connections, and
// the server would wait forever on every request after (and on its own shutdown).
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { sample } from '../helpers/metrics.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

const poolMax = 3;
useTestServer({ dbPoolMax: poolMax });

/** The pool's connections in use, as an operator reads them on /metrics. */
const inUse = async () => sample(await (await fetch(`${server.url}/metrics`)).text(), 'tb_db_pool_connections', { state: 'in_use' });

/**
 * Saves the source `id` while another connection (the test's own, outside the server's pool) holds its
 * row; once the save waits for the row, its backend is ended. Answers the save's status.
 */
async function saveCutOff(id: string, name: string): Promise<number> {
  const test = new pg.Client({ connectionString: server.databaseUrl });
  await test.connect();
  try {
    await test.query('begin');
    await test.query('select 1 from source where id = $1 for update', [id]);
    const { rows: [{ pid }] } = await test.query<{ pid: number }>('select pg_backend_pid() as pid');
    const save = admin.post(`/api/tbl/source/${id}`, { name });
    let waiting = 0;
    await vi.waitFor(async () => {
      const { rows } = await test.query<{ pid: number }>('select pid from pg_stat_activity where $1::int = any(pg_blocking_pids(pid))', [pid]);
      expect(rows).toHaveLength(1);
      waiting = rows[0].pid;
    }, { timeout: 30_000, interval: 50 });
    await test.query('select pg_terminate_backend($1::int)', [waiting]);
    const status = (await save).status;
    await test.query('rollback');
    return status;
  } finally {
    await test.end();
  }
}

describe('a save whose database connection is ended under it', () => {
  it('fails, gives its connection back, and the server answers after more such losses than its pool holds', async () => {
    const created = await admin.post('/api/tbl/source', { shortName: 'LOST', name: 'Источник под обрывом' });
    expect(created.status).toBe(200);
    const id = created.body.result as string;
    for (let i = 1; i <= poolMax + 1; i++) {
      expect(await saveCutOff(id, `Обрыв ${i}`), `save ${i}`).toBe(500);
      // the save's connection went with its backend: none stays checked out
      await vi.waitFor(async () => expect(await inUse()).toBe(0), { timeout: 10_000, interval: 50 });
    }
    // every loss changed nothing; the next save is saved
    expect((await admin.get(`/api/tbl/source/${id}`)).body).toMatchObject({ id, name: 'Источник под обрывом' });
    expect((await admin.post(`/api/tbl/source/${id}`, { name: 'Источник после обрывов' })).status).toBe(200);
    expect((await admin.post('/api/tbl/source/query', { shortName: 'LOST' })).body.list.map((r: { name: string }) => r.name)).toEqual(['Источник после обрывов']);
  });
});
