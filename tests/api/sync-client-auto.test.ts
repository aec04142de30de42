// The offline client synchronising by itself (docs/sync.md › Automatic synchronisation): a
// client process on its PGlite and the test's server on PostgreSQL, the network between them a proxy
// the test cuts. After a synchronisation started with the password the client holds the server's key
// (never the password); a change made while the network is down is not lost and not waited on by
// hand: the client tries, fails, and sends it by itself once the network is back — but not while a
// form with unsaved input is open, which the sync page's status says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient as Api, type ApiClient } from '../helpers/server.ts';
import { networkTo, type Network } from '../helpers/network.ts';
import { startClientProcess, syncThroughApi, type ClientProcess } from '../helpers/sync-client.ts';
import { editOnClient, onServer, PASSWORD, serverDb, useSyncScenario, world } from '../helpers/sync-scenario.ts';
import { server, useTestServer } from '../helpers/use-server.ts';

useTestServer();
let clientProcess: Promise<ClientProcess>;
let net: Network;
beforeAll(() => {
  // no schedule (interval 0): only changes waiting to be sent make it run; an unreachable server tried again after 1 s, then 2, 4…
  clientProcess = startClientProcess({ TB_SYNC_AUTO: 'true', TB_SYNC_INTERVAL_MINUTES: '0', TB_SYNC_RETRY_SECONDS: '1' });
  clientProcess.catch(() => {});
});
useSyncScenario();
afterAll(async () => {
  await (await clientProcess?.catch(() => undefined))?.close();
  await net?.close();
});

/** Waits (up to `ms`) until `check` answers true. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('the client synchronises by itself when the server comes back', () => {
  let proc: ClientProcess;
  let doctor: ApiClient;
  const status = async () => (await doctor.get('/api/offline/client/sync/status')).body;

  it('holds a key after a synchronisation started with the password, and none before', async () => {
    net = await networkTo(server.url);
    proc = await clientProcess;
    const anonymous = new Api(proc.url);
    expect((await anonymous.post('/api/offline/client/init', { serverUrl: net.url, login: 'SYNCDOC', password: PASSWORD })).status).toBe(200);
    for (let s = (await anonymous.get('/api/offline/client/init')).body; s.running || !s.initialised; s = (await anonymous.get('/api/offline/client/init')).body) {
      expect(s.error).toBeUndefined();
      await new Promise((r) => setTimeout(r, 100));
    }
    doctor = new Api(proc.url);
    expect((await doctor.post('/api/auth/login', { login: 'SYNCDOC', password: PASSWORD })).status).toBe(200);
    expect((await status()).auto.keyUser).toBeNull();
    expect((await syncThroughApi(doctor, PASSWORD)).id).toBe('NOT_RUNNING');
    expect((await status()).auto.keyUser).toBe('SYNCDOC');
    // the server keeps the key's hash, bound to the doctor
    expect(await serverDb().selectFrom('synctoken').select('user_id').where('revoked_at', 'is', null).execute()).toEqual([{ user_id: world.doctorId }]);
  }, 300_000);

  it('a change made while the network is down: tried and failed, waits while a form has unsaved input, then sent by itself under the doctor', async () => {
    net.cut(true);
    await editOnClient(world.serverCase, { diagnosisBasis: 'CLINICAL' }, doctor);
    await until(async () => (await status()).auto.lastResult === 'error', 30_000, 'an automatic try while the network is down');
    expect((await onServer('tbcase', world.serverCase)).diagnosisBasis).not.toBe('CLINICAL');
    // a form with unsaved input open: the run due once the network is back waits
    expect((await doctor.post('/api/offline/client/sync/editing', { form: 'case-edit', editing: true })).status).toBe(200);
    net.cut(false);
    await until(async () => (await status()).auto.skippedReason === 'editing', 30_000, 'a run let pass for the form');
    // absence can only be waited for here: the loop looks every second (TB_SYNC_RETRY_SECONDS=1) and a
    // tick that lets the run pass again notes nothing new (a skip is noted once a minute), so no event
    // marks it. 3 s: two more ticks at least, and time for a run one of them started to reach the server
    await new Promise((r) => setTimeout(r, 3000));
    expect((await onServer('tbcase', world.serverCase)).diagnosisBasis).not.toBe('CLINICAL');
    // the form saved or closed: sent by itself, nobody pressing anything
    expect((await doctor.post('/api/offline/client/sync/editing', { form: 'case-edit', editing: false })).status).toBe(200);
    await until(async () => (await onServer('tbcase', world.serverCase)).diagnosisBasis === 'CLINICAL', 60_000, 'the change on the server');
    await until(async () => (await status()).auto.lastResult === 'ok', 30_000, 'the automatic run noted');
    const s = await status();
    expect([s.id, s.auto.skippedReason, typeof s.auto.lastRunAt]).toEqual(['NOT_RUNNING', 'editing', 'string']);
    const history = await serverDb().selectFrom('cmdhistory').select(['user_id']).where('entity_id', '=', world.serverCase).where('action', '=', 'update').execute();
    expect(history.map((h) => h.user_id)).toEqual([world.doctorId]);
  }, 300_000);
});
