// Change tracking for the offline client: rows carry a version and an update time; an update based
// on a stale version is refused with 409 and the current document; every change is in the change
// log, in order, and a delete leaves a tombstone whose id cannot come back.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFeed, readUntil } from '../helpers/feed.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

let other: ApiClient;

async function rows(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The feed's position now (read through to its end). */
const lastSeq = async () => (await readFeed(admin)).last;

useTestServer();
beforeAll(async () => {
  other = await server.login();
}, 120_000);

describe('versions', () => {
  it('a row is read with its version and update time; each change raises the version', async () => {
    const id = (await admin.post('/api/tbl/source', { shortName: 'V1', name: 'Версия' })).body.result;
    const first = (await admin.get(`/api/tbl/source/${id}`)).body;
    expect(first.version).toBe(1);
    expect(Date.parse(first.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await admin.post(`/api/tbl/source/${id}`, { name: 'Версия 2', version: 1 })).status).toBe(200);
    const second = (await admin.get(`/api/tbl/source/${id}`)).body;
    expect(second.version).toBe(2);
    expect((await admin.post('/api/tbl/source/query', { id })).body.list[0].version).toBe(2);
  });

  it('an update based on a stale version gets 409 with the current document and changes nothing', async () => {
    const id = (await admin.post('/api/tbl/source', { shortName: 'V2', name: 'Исходная' })).body.result;
    // two users opened version 1; the first saves
    expect((await admin.post(`/api/tbl/source/${id}`, { name: 'Первый', version: 1 })).status).toBe(200);
    const stale = await other.post(`/api/tbl/source/${id}`, { name: 'Второй', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual([{ field: 'version', msg: 'Запись уже изменена другим пользователем: обновите её и повторите' }]);
    expect(stale.body.result).toMatchObject({ id, name: 'Первый', version: 2 });
    expect((await admin.get(`/api/tbl/source/${id}`)).body.name).toBe('Первый');
    // without a version the update is taken as it comes (the catalogue screens)
    expect((await other.post(`/api/tbl/source/${id}`, { name: 'Второй' })).status).toBe(200);
  });

  it('a version that is not a positive integer is a 400', async () => {
    const id = (await admin.post('/api/tbl/source', { shortName: 'V3', name: 'Плохая версия' })).body.result;
    const r = await admin.post(`/api/tbl/source/${id}`, { name: 'x', version: 'один' });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('version');
  });
});

describe('change log and tombstones', () => {
  it('lists every change since N in order, with the changed values', async () => {
    const since = await lastSeq();
    const id = (await admin.post('/api/tbl/source', { shortName: 'L1', name: 'Журнал' })).body.result;
    await admin.post(`/api/tbl/source/${id}`, { name: 'Журнал 2' });
    await admin.post(`/api/tbl/source/${id}`, { name: 'Журнал 2' }); // no change: no entry
    const other = (await admin.post('/api/tbl/source', { shortName: 'L2', name: 'Другой' })).body.result;
    await admin.delete(`/api/tbl/source/${id}`);
    const read = await readUntil(admin, since, (cs) => cs.some((c) => c.id === id && c.op === 'delete'));
    const changes = read.filter((c) => [id, other].includes(c.id)).map((c) => [c.table, c.id, c.op, c.version]);
    expect(changes).toEqual([
      ['source', id, 'create', 1],
      ['source', id, 'update', 2],
      ['source', other, 'create', 1],
      ['source', id, 'delete', 3],
    ]);
    const [created, updated] = read.filter((c) => c.id === id);
    expect(created.data).toMatchObject({ shortName: 'L1', name: 'Журнал' });
    expect(updated.data).toEqual({ name: 'Журнал 2' });
    // asking from the last one answers nothing new
    const { last } = await readFeed(admin, since);
    expect((await admin.post('/api/sync/changes', { after: last })).body.changes).toEqual([]);
    // paging: one at a time, `more` says there is more
    const one = await admin.post('/api/sync/changes', { after: since, limit: 1 });
    expect(one.body.changes).toHaveLength(1);
    expect(one.body.more).toBe(true);
  });

  it('a delete leaves a tombstone, and the id cannot be created again', async () => {
    const id = (await admin.post('/api/tbl/source', { shortName: 'T1', name: 'Надгробие' })).body.result;
    expect((await admin.delete(`/api/tbl/source/${id}`)).status).toBe(200);
    const stones = await rows('select table_name, row_version from tombstone where row_id = $1', [id]);
    expect(stones).toEqual([{ table_name: 'source', row_version: 2 }]);
    const again = await admin.post('/api/tbl/source', { id, shortName: 'T1', name: 'Воскрешение' });
    expect(again.status).toBe(409);
    expect((await admin.get(`/api/tbl/source/${id}`)).status).toBe(404);
  });

  it('the change log is written in the transaction of the change: a refused write logs nothing', async () => {
    const since = await lastSeq();
    const bad = await admin.post('/api/tbl/source', { shortName: 'x'.repeat(50), name: 'Слишком длинно' });
    expect(bad.status).toBe(400);
    // earlier tests' changes may still trail into the feed (it waits for every running transaction of
    // the database server, other test files' too): only the refused row must be absent
    const { changes } = await readFeed(admin, since);
    expect(changes.filter((c) => c.data?.name === 'Слишком длинно')).toEqual([]);
  });

  it('refuses a bad since or limit', async () => {
    for (const body of [{ after: -1 }, { after: 'a' }, { after: '1' }, { after: '1.-2' }, { after: '1'.repeat(19) + '.0' }, { since: 0 }, { limit: 0 }, { limit: 1.5 }]) {
      const r = await admin.post('/api/sync/changes', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors[0].field).toMatch(/after|limit|since/);
    }
  });
});
