// The offline client as a process of its own on its embedded PGlite, against a real server
// (docs/sync.md › Tests): one process and one data folder through the file — initialised from its
// first-start route, killed -9 in each phase of a synchronisation and started again, then the
// stand-in tests' scenarios (tests/api/sync-client.test.ts) once more on the PGlite. Expected values
// are written from the rules (who sees what, which value wins), never read back from the code under test.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HoldPoint } from '../../server/sync/client/hold.ts';
import { createCase, newPatient } from '../helpers/cases.ts';
import { feedSettled, positionAfterRows } from '../helpers/feed.ts';
import { ApiClient as Api, type ApiClient } from '../helpers/server.ts';
import { startClientProcess, syncThroughApi, type ClientProcess } from '../helpers/sync-client.ts';
import { editOnClient, editOnServer, notifyOffline, onServer, PASSWORD, serverDb, useSyncScenario, world } from '../helpers/sync-scenario.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

useTestServer();
// migrating and starting PGlite takes seconds of another core: started at once, beside the scenario's set-up
let clientProcess: Promise<ClientProcess>;
beforeAll(() => {
  clientProcess = startClientProcess();
  clientProcess.catch(() => {}); // a failed start fails the test that awaits it
});
useSyncScenario();
afterAll(async () => {
  await (await clientProcess?.catch(() => undefined))?.close();
});

describe('a client in a process of its own, on its embedded PGlite, killed -9 in each phase of a synchronisation', () => {
  // one process and one data folder through these tests, in order: each kill is followed by a start
  // of a new process on the same folder, whose next synchronisation must complete with nothing lost or doubled
  let proc: ClientProcess;
  let doctor: ApiClient; // the doctor, logged in on the process
  let made: { caseId: string; patientId: string; examId: string }; // a case the doctor made there
  const login = async () => {
    const c = new Api(proc.url);
    expect((await c.post('/api/auth/login', { login: 'SYNCDOC', password: PASSWORD })).status).toBe(200);
    return c;
  };
  const startSynchronising = async () => expect((await doctor.post('/api/offline/client/sync/synchronize', { password: PASSWORD })).status).toBe(200);
  /** The process started again on its data folder after a kill: its status says the synchronisation was interrupted. */
  const restarted = async () => {
    await proc.start();
    doctor = await login();
    const s = (await doctor.get('/api/offline/client/sync/status')).body;
    expect([s.id, s.error]).toEqual(['ERROR', expect.stringContaining('прервана')]);
  };
  const killedIn = async (point: HoldPoint) => {
    await proc.killIn(point, startSynchronising);
    await restarted();
  };
  const syncs = async () => {
    await feedSettled(serverDb()); // another test file's transaction may hold the feed back a moment
    const s = await syncThroughApi(doctor, PASSWORD);
    expect(s.id, JSON.stringify(s)).toBe('NOT_RUNNING');
    expect(s.counts.rejected ?? 0, JSON.stringify(s.rejected)).toBe(0);
    return s;
  };
  const historyOf = async (ids: string[]) => (await serverDb().selectFrom('cmdhistory').select(['entity_id', 'user_id', 'action']).where('entity_id', 'in', ids).execute()).map((h) => [h.entity_id, h.user_id, h.action]);
  const entriesOf = async (id: string) => (await historyOf([id])).length;
  /** The ids of a case's microscopy exams, as a user sees them (on the server or on the client). */
  const examsOf = async (who: ApiClient, caseId: string) => (await who.post('/api/tbl/exammic/query', { caseId, pageSize: 50 })).body.list.map((e: any) => e.id).sort();
  /** The case as the server has it and as the client has it: the same fields at the same version, the same exams. */
  const sameOnBoth = async (caseId: string) => {
    const [srv, cli] = [await onServer('tbcase', caseId), (await doctor.get(`/api/tbl/tbcase/${caseId}`)).body];
    expect([cli.version, cli.registrationGroup, cli.diagnosisBasis, cli.caseNumber]).toEqual([srv.version, srv.registrationGroup, srv.diagnosisBasis, srv.caseNumber]);
    expect(await examsOf(doctor, caseId)).toEqual(await examsOf(admin, caseId));
  };
  /** A microscopy exam of the case made on the server. */
  const examOnServer = async (caseId: string, date: string) => {
    const r = await admin.post('/api/tbl/exammic', { caseId, date, laboratoryId: world.lab, result: 'POSITIVE', numberOfAFB: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as string;
  };

  it('is initialised from its first-start route on the PGlite in its data folder, and holds the server\'s case as the server has it', async () => {
    proc = await clientProcess;
    // its database is the PGlite in its data folder (the process has no DATABASE_URL)
    expect(existsSync(join(proc.dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    const anonymous = new Api(proc.url);
    expect((await anonymous.post('/api/offline/client/init', { serverUrl: server.url, login: 'SYNCDOC', password: PASSWORD })).status).toBe(200);
    for (let s = (await anonymous.get('/api/offline/client/init')).body; s.running || !s.initialised; s = (await anonymous.get('/api/offline/client/init')).body) {
      expect(s.error).toBeUndefined();
      await new Promise((r) => setTimeout(r, 100));
    }
    doctor = await login();
    expect((await doctor.get(`/api/tbl/tbcase/${world.serverCase}`)).body.version).toBe((await onServer('tbcase', world.serverCase)).version);
  }, 300_000); // the run's client folder migrated by a process of its own, then the set-up: minutes on a loaded 2-core machine

  it('killed while sending its changes (the batch fixed, not yet uploaded): the next synchronisation brings the case made there to the server once', async () => {
    made = await notifyOffline('Убитов', undefined, doctor);
    await killedIn('SENDING');
    expect((await admin.get(`/api/tbl/tbcase/${made.caseId}`)).status).toBe(404); // nothing had left
    expect((await syncs()).counts).toMatchObject({ sent: 3, applied: 3 });
    // on the server once: one patient of that name, the case, its exam; one creation each in the history, under the doctor
    expect(await serverDb().selectFrom('patient').select('id').where('last_name', '=', 'Убитов').execute()).toEqual([{ id: made.patientId }]);
    expect((await onServer('tbcase', made.caseId)).patientId).toBe(made.patientId);
    expect(await examsOf(admin, made.caseId)).toEqual([made.examId]);
    expect((await historyOf([made.caseId, made.examId])).sort()).toEqual([[made.caseId, world.doctorId, 'create'], [made.examId, world.doctorId, 'create']].sort());
    // and back on the client with the server's number
    await sameOnBoth(made.caseId);
  });

  it('killed while the server applies its upload (the answer lost): the next synchronisation is answered from the server\'s record, applied once', async () => {
    await editOnClient(made.caseId, { diagnosisBasis: 'CLINICAL' }, doctor);
    const before = await entriesOf(made.caseId);
    // the server's case row locked: the upload waits there
    const lock = new pg.Client({ connectionString: server.databaseUrl });
    await lock.connect();
    try {
      await lock.query('begin');
      await lock.query('select 1 from tbcase where id = $1 for update', [made.caseId]);
      await startSynchronising();
      while ((await doctor.get('/api/offline/client/sync/status')).body.id !== 'APPLYING_ON_SERVER') await new Promise((r) => setTimeout(r, 50));
      await proc.kill();
    } finally {
      await lock.query('commit');
      await lock.end();
    }
    // the server applied the upload whose answer never reached the client
    await vi.waitFor(async () => expect(await entriesOf(made.caseId)).toBe(before + 1), { timeout: 5_000, interval: 100 });
    await restarted();
    expect((await syncs()).counts).toMatchObject({ sent: 1, applied: 1 });
    expect(await entriesOf(made.caseId)).toBe(before + 1);
    expect((await onServer('tbcase', made.caseId)).diagnosisBasis).toBe('CLINICAL');
    await sameOnBoth(made.caseId);
  });

  it('killed while receiving the server\'s changes: the next synchronisation applies them once and sends nothing back', async () => {
    await editOnServer('tbcase', made.caseId, { registrationGroup: 'RELAPSE' });
    const examId = await examOnServer(made.caseId, '2026-11-21');
    await positionAfterRows(admin, { [made.caseId]: (await onServer('tbcase', made.caseId)).version, [examId]: 1 });
    const before = await entriesOf(made.caseId);
    await killedIn('RECEIVING');
    expect((await syncs()).counts).toMatchObject({ sent: 0 });
    expect((await doctor.get(`/api/tbl/tbcase/${made.caseId}`)).body.registrationGroup).toBe('RELAPSE');
    await sameOnBoth(made.caseId);
    expect((await examsOf(doctor, made.caseId)).sort()).toEqual([made.examId, examId].sort());
    expect(await entriesOf(made.caseId)).toBe(before);
  });

  it('killed while applying the server\'s changes (in the page\'s transaction): none of the page is kept, and the next synchronisation applies it once, its upload not sent again', async () => {
    await editOnClient(made.caseId, { diagnosisBasis: 'BACTERIOLOGICAL' }, doctor);
    await editOnServer('tbcase', made.caseId, { registrationGroup: 'AFTER_DEFAULT' });
    const examId = await examOnServer(made.caseId, '2026-11-22');
    await positionAfterRows(admin, { [made.caseId]: (await onServer('tbcase', made.caseId)).version, [examId]: 1 });
    const before = await entriesOf(made.caseId);
    await killedIn('APPLYING_LOCALLY');
    // the page's transaction died with the process: the server's new exam is not on the client
    expect((await doctor.get(`/api/tbl/exammic/${examId}`)).status).toBe(404);
    // the upload was answered (merged: the server changed another field) before the kill: not sent again
    expect((await syncs()).counts).toMatchObject({ sent: 0 });
    expect(await entriesOf(made.caseId)).toBe(before + 1);
    const srv = await onServer('tbcase', made.caseId);
    expect([srv.diagnosisBasis, srv.registrationGroup]).toEqual(['BACTERIOLOGICAL', 'AFTER_DEFAULT']);
    await sameOnBoth(made.caseId);
    expect(await examsOf(doctor, made.caseId)).toHaveLength(3);
  });

  it('its database is not held while a page waits for the server: its status and cases answer meanwhile', async () => {
    // a case transferred in while the server is slow to answer for its exams (their table locked there)
    const patientId = await newPatient(admin, { name: 'Айгуль', lastName: 'Ожидаемая', gender: 'FEMALE', birthDate: '1991-07-08' });
    const caseId = await createCase(admin, patientId, world.kant, { diagnosisDate: '2026-11-03', registrationDate: '2026-11-03' });
    const exam = await admin.post('/api/tbl/exammic', { caseId, date: '2026-11-04', laboratoryId: world.lab, result: 'POSITIVE', numberOfAFB: 2 });
    expect(exam.status, JSON.stringify(exam.body)).toBe(200);
    await editOnServer('tbcase', caseId, { ownerUnitId: world.bishkek, notificationUnitId: world.bishkek });
    await positionAfterRows(admin, { [caseId]: (await onServer('tbcase', caseId)).version });
    /** A call to the client that must answer within 5 s. */
    const promptly = async (path: string) => (await fetch(proc.url + path, { headers: { cookie: doctor.cookie }, signal: AbortSignal.timeout(5000) })).json();
    const examLock = new pg.Client({ connectionString: server.databaseUrl });
    await examLock.connect();
    try {
      await examLock.query('begin');
      await examLock.query('lock table exammic in access exclusive mode');
      await startSynchronising();
      while ((await promptly('/api/offline/client/sync/status')).id !== 'APPLYING_LOCALLY') await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 500)); // the page waiting for the server
      expect((await promptly('/api/offline/client/sync/status')).id).toBe('APPLYING_LOCALLY');
      expect((await promptly(`/api/tbl/tbcase/${made.caseId}`)).diagnosisBasis).toBe('BACTERIOLOGICAL');
    } finally {
      await examLock.query('commit');
      await examLock.end();
    }
    for (let s = await promptly('/api/offline/client/sync/status'); s.id !== 'NOT_RUNNING'; s = await promptly('/api/offline/client/sync/status')) {
      expect(s.id).not.toBe('ERROR');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await doctor.get(`/api/tbl/tbcase/${caseId}`)).body.ownerUnitId).toBe(world.bishkek);
    expect((await doctor.get(`/api/tbl/patient/${patientId}`)).body.lastName).toBe('Ожидаемая');
    expect((await doctor.get(`/api/tbl/exammic/${exam.body.result}`)).body.numberOfAFB).toBe(2);
  });

  // the scenarios above on the stand-in database, once more on the embedded PGlite in its own process
  it('on its PGlite too: a case with a treatment month made there reaches the server, the treatment and intake in the history under the doctor', async () => {
    const { caseId } = await notifyOffline('Лечебнов', { registrationDate: '2026-10-01', diagnosisDate: '2026-10-01' }, doctor);
    const T = '/api/cases/case/treatment';
    const regimen = (await admin.post('/api/tbl/regimen/query', { pageSize: 50 })).body.list.find((r: any) => r.name === '2HRZE/4HR').id;
    const started = await doctor.post(`${T}/start`, { caseId, iniDate: '2026-10-01', regimenId: regimen });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const october = Array.from({ length: 31 }, (_, i) => ({ day: i + 1, status: 'DOTS' }));
    expect((await doctor.post(`${T}/followup`, { caseId, year: 2026, month: 10, days: october })).status).toBe(200);
    await syncs();
    const view = (await admin.get(`${T}/${caseId}`)).body;
    expect(view).toMatchObject({ started: true, period: { ini: '2026-10-01', end: '2027-03-29' } });
    expect(view.followup.find((m: any) => m.year === 2026 && m.month === 10)).toMatchObject({ plannedDays: 31, takenDays: 31 });
    const adherence = (await serverDb().selectFrom('adherence').select('id').where('case_id', '=', caseId).execute()).map((r) => String(r.id));
    expect(await historyOf([caseId, ...adherence])).toEqual(expect.arrayContaining([[caseId, world.doctorId, 'starttreatment'], [adherence[0], world.doctorId, 'create']]));
  });

  it('on its PGlite too: the same field changed on both sides keeps the server\'s value and logs the client\'s', async () => {
    await editOnClient(made.caseId, { registrationGroup: 'RELAPSE' }, doctor);
    await editOnServer('tbcase', made.caseId, { registrationGroup: 'NEW' });
    expect((await syncs()).counts).toMatchObject({ sent: 1, conflict: 1 });
    expect((await onServer('tbcase', made.caseId)).registrationGroup).toBe('NEW');
    await sameOnBoth(made.caseId);
    const conflicts = (await admin.get(`/api/sync/conflicts/case/${made.caseId}`)).body.list;
    expect(conflicts.map((c: any) => [c.field, c.server, c.client, c.resolved])).toContainEqual(['registrationGroup', 'NEW', 'RELAPSE', false]);
    // and on the client, offline too: the field and both values as labels, who changed the server's side
    const onClient = (await doctor.get(`/api/sync/conflicts/case/${made.caseId}`)).body.list;
    expect(onClient.map((c: any) => [c.fieldTitle, c.serverText, c.clientText, c.userName, c.resolved])).toContainEqual(['Группа регистрации', 'Новый случай', 'Рецидив', 'SYNCDOC', false]);
    expect(onClient.find((c: any) => c.clientText === 'Рецидив').serverUserName).toMatch(/Администратор|ADMIN/);
  });

  it('on its PGlite too: a change the server refuses (the permission removed meanwhile) stays on the client with its reason', async () => {
    await editOnClient(made.caseId, { diagnosisBasis: 'CLINICAL' }, doctor);
    const profile = (await admin.post('/api/tbl/userprofile/query', { key: 'Профиль SYNCDOC' })).body.list[0];
    const full = await onServer('userprofile', profile.id);
    await editOnServer('userprofile', profile.id, { permissions: full.permissions.filter((p: any) => p.permission !== 'NEWCASE') });
    try {
      const s = await syncThroughApi(doctor, PASSWORD);
      expect(s.counts).toMatchObject({ sent: 1, rejected: 1 });
      expect(s.rejected.map((r: any) => [r.table, r.id, r.data?.diagnosisBasis, r.errors.map((e: any) => e.msg)])).toEqual([['tbcase', made.caseId, 'CLINICAL', ['Нет прав доступа']]]);
      expect((await onServer('tbcase', made.caseId)).diagnosisBasis).toBe('BACTERIOLOGICAL');
      expect((await doctor.get(`/api/tbl/tbcase/${made.caseId}`)).body.diagnosisBasis).toBe('CLINICAL');
    } finally {
      await editOnServer('userprofile', profile.id, { permissions: full.permissions });
    }
    await syncs(); // the permission back: the rejection stays listed until fixed or discarded
    const rejected = (await doctor.get('/api/offline/client/sync/status')).body.rejected;
    expect(rejected.map((r: any) => r.id)).toEqual([made.caseId]);
    expect((await doctor.post(`/api/offline/client/sync/rejected/${rejected[0].changeId}/discard`, { password: PASSWORD })).status).toBe(200);
    await sameOnBoth(made.caseId);
  });

  it('on its PGlite too: a case transferred to another unit on the server leaves the client, with its exam', async () => {
    const { caseId, examId } = await notifyOffline('Уходящов', undefined, doctor);
    await syncs();
    await editOnServer('tbcase', caseId, { ownerUnitId: world.kant, notificationUnitId: world.kant });
    await syncs();
    expect([(await doctor.get(`/api/tbl/tbcase/${caseId}`)).status, (await doctor.get(`/api/tbl/exammic/${examId}`)).status]).toEqual([404, 404]);
    expect((await onServer('tbcase', caseId)).ownerUnitId).toBe(world.kant);
  });
});

