// A list's statement is compiled once per table and shape and sent with each request's values
// (server/tbl/store/shaped.ts): whoever asks after whom, each request gets its own workspace's rows,
// its own filter's rows and its own page, and the workspace list only its member's workspaces.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { signInWithPassword } from '../helpers/users.ts';
import { addWorkspace } from '../helpers/workspace.ts';

let other: ApiClient;
const names = (r: { body: { list: { name: string }[] } }) => r.body.list.map((s) => s.name);

useTestServer();
beforeAll(async () => {
  await addWorkspace(server, 'Соседнее пространство', ['LISTOTHER']);
  other = await signInWithPassword(server, 'LISTOTHER');
  for (const [client, shortName, name] of [[admin, 'LA1', 'Список А1'], [admin, 'LA2', 'Список А2'], [other, 'LB1', 'Список Б1'], [other, 'LB2', 'Список Б2']] as const) {
    expect((await client.post('/api/tbl/source', { shortName, name })).status).toBe(200);
  }
});

describe('a list compiled once', () => {
  it("answers each workspace's own rows, whichever asked first", async () => {
    const mine = await admin.post('/api/tbl/source/query', {});
    expect(names(mine)).toEqual(expect.arrayContaining(['Список А1', 'Список А2']));
    expect(names(mine)).not.toContain('Список Б1');
    const theirs = await other.post('/api/tbl/source/query', {});
    expect(theirs.body).toMatchObject({ count: 2, countCapped: false });
    expect(names(theirs)).toEqual(['Список Б1', 'Список Б2']);
    const mineAgain = await admin.post('/api/tbl/source/query', {});
    expect(mineAgain.body.count).toBe(mine.body.count);
    expect(names(mineAgain)).not.toContain('Список Б2');
  });

  it("answers each request's filter and page", async () => {
    expect(names(await admin.post('/api/tbl/source/query', { shortName: 'LA1' }))).toEqual(['Список А1']);
    expect(names(await admin.post('/api/tbl/source/query', { shortName: 'LA2' }))).toEqual(['Список А2']);
    const elsewhere = await other.post('/api/tbl/source/query', { shortName: 'LA1' });
    expect(elsewhere.body).toMatchObject({ count: 0, list: [] });
    expect(names(await other.post('/api/tbl/source/query', { shortName: 'LB2' }))).toEqual(['Список Б2']);
    expect(names(await other.post('/api/tbl/source/query', { pageSize: 1, page: 1 }))).toEqual(['Список Б1']);
    const second = await other.post('/api/tbl/source/query', { pageSize: 1, page: 2 });
    expect(second.body).toMatchObject({ count: 2 });
    expect(names(second)).toEqual(['Список Б2']);
  });

  it('lists only the workspaces the asking user belongs to', async () => {
    expect(names(await admin.post('/api/tbl/workspace/query', {}))).toEqual(['Демонстрационная']);
    expect(names(await other.post('/api/tbl/workspace/query', {}))).toEqual(['Соседнее пространство']);
    expect(names(await admin.post('/api/tbl/workspace/query', {}))).toEqual(['Демонстрационная']);
  });
});
