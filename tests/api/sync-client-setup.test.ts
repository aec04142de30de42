// An offline client set up from real data, with two real processes — the server on
// PostgreSQL with the demo workspace as `npm start` makes it (its generated register: comments, issues
// and answers written by users of other units), and the client as a process of its own on its
// embedded PGlite. The doctor DOCTOR1 sets it up from its first-start route: it succeeds, and each
// table holds on the client what the server shows DOCTOR1; a comment written on the server by a user
// of another unit reaches the client with the author's name; a set-up killed -9 half-way resumes from
// where it stopped and ends with the same rows. Expected values are the server's answers to DOCTOR1 and
// the rules of docs/sync.md, never read back from the client's code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { unitNamed } from '../helpers/cases.ts';
import { feedSettled } from '../helpers/feed.ts';
import { ApiClient as Api, type ApiClient } from '../helpers/server.ts';
import { startClientProcess, syncThroughApi, type ClientProcess } from '../helpers/sync-client.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

useTestServer({ fullDemo: true });
// the client processes are started at once, beside the server's seeding (PGlite takes seconds of another core)
let first: Promise<ClientProcess>;
let second: Promise<ClientProcess>;
beforeAll(() => {
  first = startClientProcess();
  second = startClientProcess();
  first.catch(() => {});
  second.catch(() => {});
});
afterAll(async () => {
  for (const p of [first, second]) await (await p?.catch(() => undefined))?.close();
});

const DOCTOR = { login: 'DOCTOR1', password: 'Doctor123' };
const db = () => kysely(server.ctx.orm.em.fork());

/** Runs the set-up through the client's first-start route and waits for its end: every status polled, the last one. */
async function setUpThroughRoute(url: string): Promise<{ seen: any[]; last: any }> {
  const anonymous = new Api(url);
  const started = await anonymous.post('/api/offline/client/init', { serverUrl: server.url, ...DOCTOR });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const seen: any[] = [];
  for (;;) {
    const s = (await anonymous.get('/api/offline/client/init')).body;
    seen.push({ ...s, t: Date.now() });
    if (!s.running) {
      console.log(`set-up: ${((Date.now() - seen[0].t) / 1000).toFixed(1)} s, ${s.received} of ${s.total} rows, ${s.fetched} related`);
      return { seen, last: s };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const login = async (url: string) => {
  const c = new Api(url);
  const r = await c.post('/api/auth/login', { login: DOCTOR.login, password: DOCTOR.password });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return c;
};

/**
 * How many rows of each table the user sees through the API (the tables the user may list), counted by
 * reading every page (a busy server may answer a list's count with the planner's estimate).
 */
async function countsAs(user: ApiClient): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [...server.ctx.registry.tables.keys()].filter((n) => server.ctx.registry.apiTable(n)).sort()) {
    let n = 0;
    for (let after: string | undefined, first = true; first || after; first = false) {
      const r = await user.post(`/api/tbl/${table}/query`, { pageSize: 500, count: false, ...(after ? { after } : {}) });
      if (r.status !== 200) break;
      n += r.body.list.length;
      after = r.body.next ?? undefined;
      out[table] = n;
    }
  }
  return out;
}

let doctorOnServer: ApiClient;
let serverCounts: Record<string, number>;

describe('a client set up from the demo workspace as it ships, as DOCTOR1', () => {
  beforeAll(async () => {
    doctorOnServer = await login(server.url);
    serverCounts = await countsAs(doctorOnServer);
  });

  it('the demo has what made it fail: DOCTOR1\'s cases carry comments of users who are not of the unit', async () => {
    const unit = await unitNamed(admin, 'Бишкекский');
    const foreign = await db()
      .selectFrom('casecomment as c').innerJoin('tbcase as t', 't.id', 'c.case_id')
      .select('c.id').where('t.owner_unit_id', '=', unit)
      .where('c.user_id', 'not in', db().selectFrom('userws').select('user_id').where('unit_id', '=', unit))
      .execute();
    expect(foreign.length).toBeGreaterThan(0);
    expect(serverCounts.tbcase).toBeGreaterThan(10);
  });

  it('succeeds from its first-start route: the progress announces the total, and each table holds what the server shows DOCTOR1', async () => {
    const proc = await first;
    const { seen, last } = await setUpThroughRoute(proc.url);
    expect([last.error, last.initialised, last.resumed]).toEqual([undefined, true, false]);
    const withTotal = seen.filter((s) => s.total > 0);
    expect(withTotal.length).toBeGreaterThan(0);
    for (const s of withTotal) expect(s.received).toBeLessThanOrEqual(s.total);
    expect(last.received).toBe(last.total);
    expect(last.fetched).toBeGreaterThan(0); // the patients registered before their cases, and the authors' names
    const onClient = await countsAs(await login(proc.url));
    expect(onClient).toEqual(serverCounts);
  }, 600_000); // the demo unit's whole register into PGlite: minutes on a loaded 2-core machine

  it('shows a comment\'s author of another unit by name on the client', async () => {
    const proc = await first;
    const onClient = await login(proc.url);
    const unit = await unitNamed(admin, 'Бишкекский');
    const comment = await db()
      .selectFrom('casecomment as c').innerJoin('tbcase as t', 't.id', 'c.case_id').innerJoin('sysuser as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.case_id', 'u.name']).where('t.owner_unit_id', '=', unit)
      .where('c.user_id', 'not in', db().selectFrom('userws').select('user_id').where('unit_id', '=', unit))
      .executeTakeFirstOrThrow();
    const list = (await onClient.post('/api/tbl/casecomment/query', { caseId: comment.case_id, pageSize: 50 })).body.list;
    expect(JSON.stringify(list.find((c: any) => c.id === comment.id))).toContain(JSON.stringify(comment.name));
    // a name only: the account cannot log in on the client
    const author = await db().selectFrom('casecomment').innerJoin('sysuser', 'sysuser.id', 'casecomment.user_id').select('sysuser.login').where('casecomment.id', '=', comment.id).executeTakeFirstOrThrow();
    expect((await new Api(proc.url).post('/api/auth/login', { login: author.login, password: 'Admin123' })).status).not.toBe(200);
  });

  it('receives a comment written on the server by a user of another unit', async () => {
    const proc = await first;
    const kant = await unitNamed(admin, 'Ысык-Атинский');
    const reviewer = await createUser(server, admin, 'SETUPREVIEW', [{ permission: 'CASEMAN' }, { permission: 'CASE_COMMENTS' }], 'Passw0rd', { unitId: kant, view: 'WORKSPACE', playOtherUnits: true });
    const caseId = (await doctorOnServer.post('/api/tbl/tbcase/query', { pageSize: 1 })).body.list[0].id;
    const r = await reviewer.post('/api/tbl/casecomment', { caseId, group: 'DATA', comment: 'Проверьте адрес пациента (областной куратор)' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await feedSettled(db());
    const onClient = await login(proc.url);
    const s = await syncThroughApi(onClient, DOCTOR.password);
    expect([s.id, s.error]).toEqual(['NOT_RUNNING', undefined]);
    const arrived = (await onClient.get(`/api/tbl/casecomment/${r.body.result}`)).body;
    expect(arrived.comment).toBe('Проверьте адрес пациента (областной куратор)');
    expect(JSON.stringify(arrived)).toContain('SETUPREVIEW');
  });
});

describe('a set-up killed -9 half-way', () => {
  it('resumes where it stopped when asked again, and ends with the rows the server shows DOCTOR1', async () => {
    const proc = await second;
    const anonymous = new Api(proc.url);
    await proc.killIn('SETTING_UP', async () => {
      expect((await anonymous.post('/api/offline/client/init', { serverUrl: server.url, ...DOCTOR })).status).toBe(200);
    });
    await proc.start();
    const after = (await new Api(proc.url).get('/api/offline/client/init')).body;
    expect(after).toMatchObject({ initialised: false, running: false, unfinished: { serverUrl: server.url } });
    expect(after.unfinished.received).toBeGreaterThan(0);
    expect(after.error).toBeUndefined();
    // a client not set up is not synchronised: its status and a start say the set-up is to finish
    const early = await login(proc.url);
    expect((await early.get('/api/offline/client/sync/status')).body).toMatchObject({ id: 'ERROR', error: expect.stringContaining('Начальная загрузка клиента не завершена') });
    const refused = await early.post('/api/offline/client/sync/synchronize', { password: DOCTOR.password });
    expect([refused.status, refused.body.errors?.[0]?.msg]).toEqual([400, expect.stringContaining('Начальная загрузка клиента не завершена')]);
    const { seen, last } = await setUpThroughRoute(proc.url);
    expect([last.error, last.initialised, last.resumed, last.receivedBefore]).toEqual([undefined, true, true, after.unfinished.received]);
    for (const s of seen.filter((x) => ['RECEIVING', 'RELATED', 'WRITING', 'DONE'].includes(x.phase))) expect(s.received).toBeGreaterThanOrEqual(after.unfinished.received);
    expect(await countsAs(await login(proc.url))).toEqual(await countsAs(doctorOnServer));
  }, 600_000);
});
