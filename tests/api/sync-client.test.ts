// The offline client against a real server (docs/sync.md): two servers' worth of the
// product — the server on its database, the client in client mode on its own (a second database on the
// test PostgreSQL standing in for its PGlite; the same scenarios as a process on its PGlite:
// tests/api/sync-client-process.test.ts) — one pair for the file.
// A doctor of Bishkek initialises the client, works offline, synchronises; the server's changes come
// back. Expected values are written from the rules (who sees what, which value wins), never read
// back from the code under test.
// Their set-up: tests/helpers/offline-doctor.ts; manual tags offline: sync-client-tags.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { createCase, newPatient } from '../helpers/cases.ts';
import { client, editOnClient, notifyOffline, onClient, onClientDoc, onClientRow, sync, synced, useOfflineDoctor } from '../helpers/offline-doctor.ts';
import type { ApiClient } from '../helpers/server.ts';
import { editOnServer, onServer, PASSWORD, serverDb, world } from '../helpers/sync-scenario.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

useTestServer();
useOfflineDoctor();
let bishkek: string;
let kant: string;
let serverCase: string; // a Bishkek case made on the server before the initialisation
let otherUnitCase: string; // a case of another unit: never on the client
let doctorId: string;
let lab: string;
beforeAll(() => {
  ({ bishkek, kant, serverCase, otherUnitCase, doctorId, lab } = world);
});

describe('initialise', () => {
  it("holds the unit's cases, not another unit's, and its user logs in offline", async () => {
    expect((await onClientRow('tbcase', serverCase))?.case_number).toBe('СРВ-1');
    expect(await onClientRow('tbcase', otherUnitCase)).toBeUndefined();
    const session = (await onClient.post('/api/sys/session')).body;
    expect(session.userLogin).toBe('SYNCDOC');
    expect(session.clientMode).toBe(true);
    expect((await onClient.get(`/api/tbl/tbcase/${serverCase}`)).body.caseNumber).toBe('СРВ-1');
    expect((await onClient.get('/api/offline/client/sync/status')).body).toMatchObject({ id: 'NOT_RUNNING', rejected: [] });
  });
});

describe('a case made offline', () => {
  it('has a provisional number, reaches the server with its patient and exam, in the history under the doctor, and takes the server\'s number', async () => {
    const { caseId, patientId, examId } = await notifyOffline('Офлайнов');
    const provisional = (await onClientDoc('tbcase', caseId)).caseNumber;
    expect(provisional).toMatch(/^П-\d{6}$/);
    const status = await sync();
    // patient, case and exam: three rows sent, all applied (the case's derived values are the server's)
    expect(status.counts).toMatchObject({ sent: 3, applied: 3, rejected: 0 });
    const onSrv = await onServer('tbcase', caseId);
    expect(onSrv.patientId).toBe(patientId);
    expect(onSrv.caseNumber).toMatch(/^\d{6}$/);
    expect((await onServer('exammic', examId)).result).toBe('POSITIVE');
    const history = await serverDb().selectFrom('cmdhistory').select(['user_id', 'action']).where('entity_id', 'in', [caseId, examId]).execute();
    expect(history.map((h) => [h.user_id, h.action]).sort()).toEqual([[doctorId, 'create'], [doctorId, 'create']]);
    // the server's number replaced the provisional one on the client
    await synced(async () => expect((await onClientDoc('tbcase', caseId)).caseNumber).toBe(onSrv.caseNumber));
    // a second synchronisation sends nothing again
    expect((await sync()).counts).toMatchObject({ sent: 0 });
    expect(await serverDb().selectFrom('cmdhistory').select('id').where('entity_id', '=', caseId).execute()).toHaveLength(1);
  });
});

describe('a treatment month made offline', () => {
  it('a case with its exam, its treatment started and a month of daily intake reach the server, in the history under the doctor', async () => {
    const { caseId, examId } = await notifyOffline('Леченов', { registrationDate: '2026-10-01', diagnosisDate: '2026-10-01' });
    const regimen = (await admin.post('/api/tbl/regimen/query', { pageSize: 50 })).body.list.find((r: any) => r.name === '2HRZE/4HR').id;
    const T = '/api/cases/case/treatment';
    const started = await onClient.post(`${T}/start`, { caseId, iniDate: '2026-10-01', regimenId: regimen });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // every day of October taken under observation
    const october = Array.from({ length: 31 }, (_, i) => ({ day: i + 1, status: 'DOTS' }));
    const saved = await onClient.post(`${T}/followup`, { caseId, year: 2026, month: 10, days: october });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const status = await sync();
    expect(status.counts.rejected, JSON.stringify(status.rejected)).toBe(0);
    // on the server: the case on treatment from 1 October in the doctor's unit (2HRZE/4HR: HRZE 2 months, HR 4), October all taken
    const view = (await admin.get(`${T}/${caseId}`)).body;
    expect(view).toMatchObject({ started: true, regimen: { id: regimen, name: '2HRZE/4HR' }, period: { ini: '2026-10-01', end: '2027-03-29' } });
    expect(view.units.map((u: any) => u.unit.id)).toEqual([bishkek]);
    expect(view.prescriptions).toHaveLength(2);
    expect(view.followup.find((m: any) => m.year === 2026 && m.month === 10)).toMatchObject({ plannedDays: 31, takenDays: 31 });
    const onSrv = await onServer('tbcase', caseId);
    expect([onSrv.state, onSrv.iniTreatmentDate]).toEqual(['ONTREATMENT', '2026-10-01']);
    expect((await onServer('exammic', examId)).result).toBe('POSITIVE');
    // the history: every row the doctor made offline, under the doctor
    const history = await serverDb().selectFrom('cmdhistory').select(['user_id', 'type', 'action']).where('entity_id', 'in', [caseId, examId, ...(await serverDb().selectFrom('adherence').select('id').where('case_id', '=', caseId).execute()).map((r) => r.id)]).execute();
    expect(new Set(history.map((h) => h.user_id))).toEqual(new Set([doctorId]));
    expect(history).toEqual(expect.arrayContaining([{ user_id: doctorId, type: 'tbcase', action: 'starttreatment' }, { user_id: doctorId, type: 'adherence', action: 'create' }, { user_id: doctorId, type: 'exammic', action: 'create' }]));
  });
});

describe('edits on both sides', () => {
  it('an edit on the server reaches the client', async () => {
    await editOnServer('tbcase', serverCase, { registrationGroup: 'RELAPSE' });
    await sync();
    await synced(async () => expect((await onClientDoc('tbcase', serverCase)).registrationGroup).toBe('RELAPSE'));
    expect((await onClientDoc('tbcase', serverCase)).version).toBe((await onServer('tbcase', serverCase)).version);
  });

  it('different fields changed on each side merge', async () => {
    await editOnClient(serverCase, { diagnosisBasis: 'CLINICAL' });
    await editOnServer('tbcase', serverCase, { diagnosisDate: '2025-01-08' });
    const status = await sync();
    expect(status.counts).toMatchObject({ sent: 1, merged: 1 });
    const both = async () => [await onServer('tbcase', serverCase), await onClientDoc('tbcase', serverCase)].map((doc) => [doc.diagnosisBasis, doc.diagnosisDate]);
    await synced(async () => expect(await both()).toEqual([['CLINICAL', '2025-01-08'], ['CLINICAL', '2025-01-08']]));
  });

  it('the same field changed on both sides keeps the server\'s value and logs the client\'s: neither is lost', async () => {
    await editOnClient(serverCase, { registrationGroup: 'AFTER_DEFAULT' });
    await editOnServer('tbcase', serverCase, { registrationGroup: 'NEW' });
    const status = await sync();
    expect(status.counts).toMatchObject({ sent: 1, conflict: 1 });
    expect((await onServer('tbcase', serverCase)).registrationGroup).toBe('NEW');
    await synced(async () => expect((await onClientDoc('tbcase', serverCase)).registrationGroup).toBe('NEW'));
    const conflicts = (await admin.get(`/api/sync/conflicts/case/${serverCase}`)).body.list;
    expect(conflicts.map((c: any) => [c.field, c.server, c.client, c.resolved])).toEqual([['registrationGroup', 'NEW', 'AFTER_DEFAULT', false]]);
  });

  it('the conflict is shown on the client after the synchronisation: labels, who changed each side and when; a value is kept from the client with the password', async () => {
    const [c] = (await onClient.get(`/api/sync/conflicts/case/${serverCase}`)).body.list;
    expect(c).toMatchObject({ fieldTitle: 'Группа регистрации', serverText: 'Новый случай', clientText: 'Лечение после перерыва', userName: 'SYNCDOC', resolved: false, mayResolve: true });
    expect(c.serverUserName).toMatch(/Администратор|ADMIN/);
    // when the server's side was changed: the edit made a moment ago in the test above, not a default
    const age = Date.now() - Date.parse(c.serverChangedAt);
    expect(age).toBeGreaterThanOrEqual(-5_000);
    expect(age).toBeLessThan(10 * 60_000);
    // the sync page's list: every conflict the client keeps
    expect((await onClient.get('/api/sync/conflicts/recent')).body.list.map((x: { id: string }) => x.id)).toContain(c.id);
    // keeping one is done on the server as the user: without the password, or with a wrong one, nothing is kept
    expect((await onClient.post(`/api/sync/conflicts/${c.id}/keep`, { keep: 'client' })).status).toBe(400);
    const wrong = await onClient.post(`/api/sync/conflicts/${c.id}/keep`, { keep: 'client', password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('password');
    expect((await onServer('tbcase', serverCase)).registrationGroup).toBe('NEW');
    const kept = await onClient.post(`/api/sync/conflicts/${c.id}/keep`, { keep: 'client', password: PASSWORD });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await onServer('tbcase', serverCase)).registrationGroup).toBe('AFTER_DEFAULT');
    const [after] = (await onClient.get(`/api/sync/conflicts/case/${serverCase}`)).body.list;
    expect(after).toMatchObject({ resolved: true, kept: 'client', resolvedByName: 'SYNCDOC', mayResolve: false });
    await sync();
    await synced(async () => expect((await onClientDoc('tbcase', serverCase)).registrationGroup).toBe('AFTER_DEFAULT'));
  });
});

describe('refused and removed', () => {
  /** Runs `work` with NEWCASE taken from the doctor's profile on the server, given back after it (and synchronised, so the client has it again). */
  const withoutNewcase = async (work: () => Promise<void>) => {
    const profile = (await admin.post('/api/tbl/userprofile/query', { key: 'Профиль SYNCDOC' })).body.list[0];
    const full = await onServer('userprofile', profile.id);
    await editOnServer('userprofile', profile.id, { permissions: full.permissions.filter((p: any) => p.permission !== 'NEWCASE') });
    try {
      await work();
    } finally {
      // the permission given back reaches the client with the next synchronisation (the unit's users and profiles come each time)
      await editOnServer('userprofile', profile.id, { permissions: full.permissions });
      await sync();
    }
  };
  const rejectedNow = async () => (await onClient.get('/api/offline/client/sync/status')).body.rejected as any[];
  const discard = (who: ApiClient, changeId: string, body: Record<string, unknown> = { password: PASSWORD }) => who.post(`/api/offline/client/sync/rejected/${changeId}/discard`, body);

  it('a change the server refuses (the permission removed meanwhile) is kept on the client with its reason', async () => {
    await editOnClient(serverCase, { diagnosisDate: '2025-01-07' });
    await withoutNewcase(async () => {
      const status = await sync();
      expect(status.counts).toMatchObject({ sent: 1, rejected: 1 });
      expect(status.rejected.map((r: any) => [r.table, r.id, r.op, r.data?.diagnosisDate, r.errors.map((e: any) => e.msg)])).toEqual([['tbcase', serverCase, 'update', '2025-01-07', ['Нет прав доступа']]]);
      expect((await onServer('tbcase', serverCase)).diagnosisDate).toBe('2025-01-08');
      expect((await onClientDoc('tbcase', serverCase)).diagnosisDate).toBe('2025-01-07');
    });
    // the permission back does not send it by itself: it stays, marked, until fixed or discarded
    expect((await rejectedNow()).map((r) => [r.id, r.data?.diagnosisDate])).toEqual([[serverCase, '2025-01-07']]);
  });

  it('fixed: the row edited again, the next synchronisation sends the rejected change with the edit, and it leaves the list', async () => {
    await editOnClient(serverCase, { registrationGroup: 'RELAPSE' });
    const status = await sync();
    expect(status.counts).toMatchObject({ sent: 1, rejected: 0 });
    expect(status.rejected).toEqual([]);
    const onSrv = await onServer('tbcase', serverCase);
    expect([onSrv.diagnosisDate, onSrv.registrationGroup]).toEqual(['2025-01-07', 'RELAPSE']);
  });

  it('discarded by a user who may make the change: an edit gives the row back the server\'s version; a row made offline leaves the client with the rows made with it', async () => {
    const made = await notifyOffline('Отклоненов');
    await editOnClient(serverCase, { diagnosisDate: '2025-01-05' });
    await withoutNewcase(async () => {
      const status = await sync();
      // the patient and the case need NEWCASE; the exam names a case the server does not have
      expect(status.rejected.map((r: any) => [r.table, r.id, r.op]).sort()).toEqual(
        [['exammic', made.examId, 'create'], ['patient', made.patientId, 'create'], ['tbcase', made.caseId, 'create'], ['tbcase', serverCase, 'update']].sort(),
      );
    });
    const rejected = await rejectedNow();
    const changeOf = (table: string, id: string) => rejected.find((r) => r.table === table && r.id === id).changeId as string;
    // a reader of the unit (no NEWCASE) may not discard it
    await createUser(server, admin, 'SYNCREAD', [{ permission: 'CASEMAN' }], PASSWORD, { unitId: bishkek, view: 'UNIT' });
    await sync();
    const reader = await client.login('SYNCREAD', PASSWORD);
    expect((await discard(reader, changeOf('tbcase', serverCase))).status).toBe(403);
    // an edit: the server's version asked with the user's password
    expect((await discard(onClient, changeOf('tbcase', serverCase), {})).body.errors).toEqual([{ field: 'password', msg: 'Обязательное поле' }]);
    expect((await discard(onClient, changeOf('tbcase', serverCase))).status).toBe(200);
    const [srv, cli] = [await onServer('tbcase', serverCase), await onClientDoc('tbcase', serverCase)];
    expect([cli.diagnosisDate, cli.version]).toEqual(['2025-01-07', srv.version]);
    // the case made offline: gone from the client with its exam; the patient's rejection stays until discarded too
    expect((await discard(onClient, changeOf('tbcase', made.caseId), {})).status).toBe(200);
    expect([await onClientRow('tbcase', made.caseId), await onClientRow('exammic', made.examId)]).toEqual([undefined, undefined]);
    expect((await rejectedNow()).map((r) => r.id)).toEqual([made.patientId]);
    expect((await discard(onClient, changeOf('patient', made.patientId), {})).status).toBe(200);
    expect([await onClientRow('patient', made.patientId), await rejectedNow()]).toEqual([undefined, []]);
    // nothing of it is sent again
    expect((await sync()).counts).toMatchObject({ sent: 0 });
  });

  it('a case transferred in on the server reaches the client with its patient and its sub-records', async () => {
    const patientId = await newPatient(admin, { name: 'Гульнара', lastName: 'Пришлая', gender: 'FEMALE', birthDate: '1988-03-04' });
    const caseId = await createCase(admin, patientId, kant, { diagnosisDate: '2026-11-02', registrationDate: '2026-11-02' });
    const exam = await admin.post('/api/tbl/exammic', { caseId, date: '2026-11-03', laboratoryId: lab, result: 'POSITIVE', numberOfAFB: 3 });
    expect(exam.status, JSON.stringify(exam.body)).toBe(200);
    await sync();
    expect(await onClientRow('tbcase', caseId)).toBeUndefined();
    await editOnServer('tbcase', caseId, { ownerUnitId: bishkek, notificationUnitId: bishkek });
    await sync();
    await synced(async () => expect((await onClientDoc('tbcase', caseId)).ownerUnitId).toBe(bishkek));
    expect((await onClientRow('patient', patientId))?.last_name).toBe('Пришлая');
    expect((await onClientDoc('exammic', exam.body.result)).numberOfAFB).toBe(3);
  });

  it('a case transferred to another unit on the server leaves the client, with its exam', async () => {
    const { caseId, examId } = await notifyOffline('Переведенов');
    await sync();
    await editOnServer('tbcase', caseId, { ownerUnitId: kant, notificationUnitId: kant });
    await sync();
    await synced(async () => expect([await onClientRow('tbcase', caseId), await onClientRow('exammic', examId)]).toEqual([undefined, undefined]));
    expect((await onServer('tbcase', caseId)).ownerUnitId).toBe(kant);
  });
});

describe('what is not yet sent', () => {
  const unsent = async () => {
    const r = await onClient.get('/api/offline/client/sync/unsent');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { count: number; list: any[] };
  };

  it('lists each change made here with its case, what it changes, who and when, and counts them; a synchronisation sends them and the list empties', async () => {
    await sync();
    expect(await unsent()).toEqual({ count: 0, list: [] });
    const before = Date.now();
    await editOnClient(serverCase, { diagnosisDate: '2025-01-04' });
    const made = await notifyOffline('Неотправов');
    const { count, list } = await unsent();
    // the case's edit, and the new patient, case and exam: four changes
    expect(count).toBe(4);
    const edit = list.find((c) => c.table === 'tbcase' && c.id === serverCase);
    // named as one case, as the forms name it
    expect(edit).toMatchObject({ op: 'update', tableTitle: 'Случай', caseId: serverCase, caseNumber: 'СРВ-1', fields: ['Дата диагноза'], userName: 'SYNCDOC' });
    expect(Date.parse(edit.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(list.find((c) => c.table === 'exammic' && c.id === made.examId)).toMatchObject({ op: 'create', caseId: made.caseId });
    expect(list.find((c) => c.table === 'patient')).toMatchObject({ op: 'create', caseId: null, tableTitle: 'Пациент' });
    expect(list.find((c) => c.table === 'exammic')?.tableTitle).toBe('Микроскопия');
    await sync();
    expect(await unsent()).toEqual({ count: 0, list: [] });
    // on a server there is nothing to send
    expect((await admin.get('/api/offline/client/sync/unsent')).status).toBe(404);
  });
});

describe('the routes', () => {
  it('ask for the password, check it on the server, and refuse a second start while one runs', async () => {
    expect((await onClient.post('/api/offline/client/sync/synchronize', {})).body.errors).toEqual([{ field: 'password', msg: expect.stringContaining('') }]);
    const wrong = await onClient.post('/api/offline/client/sync/synchronize', { password: 'nope-nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('password');
    expect((await admin.get('/api/offline/client/sync/status')).status).toBe(404);
  });
});
