// The offline client restored from yesterday's copy: a unit's unsent cases live only on its
// disk, so `npm run backup` copies it while it runs; the disk dies after the client sent more; the
// client is restored from the copy and synchronises: what it had sent since is on the server once (a
// change it sends again is answered from the server's record of it), what the server holds comes
// back, and nothing is lost or doubled. Only the client's public behaviour is used: its API, its
// data folder and the two commands.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupCommand } from '../helpers/backup-cli.ts';
import { feedSettled } from '../helpers/feed.ts';
import { ApiClient } from '../helpers/server.ts';
import { startClientProcess, syncThroughApi, type ClientProcess } from '../helpers/sync-client.ts';
import { editOnServer, notifyOffline, onServer, PASSWORD, serverDb, useSyncScenario, world } from '../helpers/sync-scenario.ts';
import { server, useTestServer } from '../helpers/use-server.ts';

useTestServer();
let clientProcess: Promise<ClientProcess>;
beforeAll(() => {
  clientProcess = startClientProcess();
  clientProcess.catch(() => {});
});
useSyncScenario();
const folder = mkdtempSync(join(tmpdir(), 'tb-client-backup-'));
afterAll(async () => {
  await (await clientProcess?.catch(() => undefined))?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('an offline client restored from yesterday\'s copy', () => {
  let proc: ClientProcess;
  let doctor: ApiClient;
  const copy = join(folder, 'yesterday.tar.gz');
  const login = async () => {
    const c = new ApiClient(proc.url);
    expect((await c.post('/api/auth/login', { login: 'SYNCDOC', password: PASSWORD })).status).toBe(200);
    return c;
  };
  const syncs = async () => {
    await feedSettled(serverDb());
    const s = await syncThroughApi(doctor, PASSWORD);
    expect(s.id, JSON.stringify(s)).toBe('NOT_RUNNING');
    expect(s.counts.rejected ?? 0, JSON.stringify(s.rejected)).toBe(0);
    return s;
  };
  /** The server's patients of that name (a doubled upload would make two), and the history entries of the rows. */
  const patientsNamed = async (lastName: string) => (await serverDb().selectFrom('patient').select('id').where('last_name', '=', lastName).execute()).map((r) => String(r.id));
  const creations = async (id: string) => (await serverDb().selectFrom('cmdhistory').select('id').where('entity_id', '=', id).where('action', '=', 'create').execute()).length;
  let sentAfterCopy: { caseId: string; patientId: string; examId: string };
  let unsentInCopy: { caseId: string; patientId: string; examId: string };

  it('is copied while it runs, with a case not yet sent', async () => {
    proc = await clientProcess;
    const anonymous = new ApiClient(proc.url);
    expect((await anonymous.post('/api/offline/client/init', { serverUrl: server.url, login: 'SYNCDOC', password: PASSWORD })).status).toBe(200);
    for (let s = (await anonymous.get('/api/offline/client/init')).body; s.running || !s.initialised; s = (await anonymous.get('/api/offline/client/init')).body) {
      expect(s.error).toBeUndefined();
      await new Promise((r) => setTimeout(r, 100));
    }
    doctor = await login();
    unsentInCopy = await notifyOffline('Копиев', undefined, doctor);
    const r = await runBackupCommand('backup', proc.dataDir, [copy]);
    expect(r.out).toContain('Backup taken by the running server');
    expect(r.code).toBe(0);
  }, 240_000);

  it('sends that case and another one after the copy; the server then changes the first; its disk dies; it is restored from the copy', async () => {
    expect((await syncs()).counts).toMatchObject({ sent: 3, applied: 3 });
    sentAfterCopy = await notifyOffline('Послекопиев', { registrationDate: '2026-11-22', diagnosisDate: '2026-11-21' }, doctor);
    expect((await syncs()).counts).toMatchObject({ sent: 3, applied: 3 });
    await editOnServer('tbcase', unsentInCopy.caseId, { registrationGroup: 'RELAPSE' });
    await proc.kill();
    rmSync(join(proc.dataDir, 'pglite'), { recursive: true, force: true });
    const r = await runBackupCommand('restore', proc.dataDir, [copy]);
    expect(r.code, r.out).toBe(0);
    await proc.start();
    doctor = await login();
    // as it was yesterday: the first case there, the later one not
    expect((await doctor.get(`/api/tbl/tbcase/${unsentInCopy.caseId}`)).status).toBe(200);
    expect((await doctor.get(`/api/tbl/tbcase/${sentAfterCopy.caseId}`)).status).toBe(404);
  }, 180_000);

  it('synchronises: nothing it had sent is doubled on the server, and it gets back what it sent since and the server\'s change', async () => {
    const s = await syncs();
    // the copy's case is sent again and answered from the server's record of it, not applied twice
    expect(s.counts).toMatchObject({ sent: 3 });
    expect(await patientsNamed('Копиев')).toEqual([unsentInCopy.patientId]);
    expect(await patientsNamed('Послекопиев')).toEqual([sentAfterCopy.patientId]);
    for (const id of [unsentInCopy.caseId, unsentInCopy.examId, sentAfterCopy.caseId, sentAfterCopy.examId]) expect(await creations(id), id).toBe(1);
    // the server's change to the first case is kept, and on the client
    expect((await onServer('tbcase', unsentInCopy.caseId)).registrationGroup).toBe('RELAPSE');
    const first = (await doctor.get(`/api/tbl/tbcase/${unsentInCopy.caseId}`)).body;
    expect([first.registrationGroup, first.version]).toEqual(['RELAPSE', (await onServer('tbcase', unsentInCopy.caseId)).version]);
    // the case it had sent after the copy is back on the client, with its exam
    const later = (await doctor.get(`/api/tbl/tbcase/${sentAfterCopy.caseId}`)).body;
    expect([later.patientId, later.version]).toEqual([sentAfterCopy.patientId, (await onServer('tbcase', sentAfterCopy.caseId)).version]);
    expect((await doctor.get(`/api/tbl/exammic/${sentAfterCopy.examId}`)).status).toBe(200);
    expect((await doctor.post('/api/tbl/tbcase/query', { pageSize: 100 })).body.list.filter((c: any) => c.id === sentAfterCopy.caseId)).toHaveLength(1);
  }, 120_000);

  it('goes on working: a case made after the restore reaches the server once', async () => {
    const made = await notifyOffline('Послевосстановлев', { registrationDate: '2026-11-24', diagnosisDate: '2026-11-23' }, doctor);
    expect((await syncs()).counts).toMatchObject({ sent: 3, applied: 3 });
    expect(await patientsNamed('Послевосстановлев')).toEqual([made.patientId]);
    expect((await onServer('tbcase', made.caseId)).ownerUnitId).toBe(world.bishkek);
  }, 120_000);
});
