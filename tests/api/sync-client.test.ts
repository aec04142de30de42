// Issue 24, the offline client against a real server (docs/sync.md): two processes' worth of the
// product — the server on its database, the client in client mode on its own — one pair for the file.
// A doctor of Bishkek initialises the client, works offline, synchronises; the server's changes come
// back. Expected values are written from the rules (who sees what, which value wins), never read
// back from the code under test.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import type { HoldPoint } from '../../server/sync/client/run.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { positionAfterRows } from '../helpers/feed.ts';
import type { ApiClient } from '../helpers/server.ts';
import pg from 'pg';
import { ApiClient as Api } from '../helpers/server.ts';
import { startClientProcess, startOfflineClient, syncThroughApi, type ClientProcess, type OfflineClient } from '../helpers/sync-client.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

useTestServer();
const CASE_WORK = [{ permission: 'CASEMAN' }, { permission: 'EXAM_MICROSCOPY', canChange: true }, { permission: 'NEWCASE' }, { permission: 'CASE_TREAT' }, { permission: 'CASE_INTAKEMED', canChange: true }, { permission: 'CASE_TAG' }];
const PASSWORD = 'Passw0rd';
let client: OfflineClient;
let onClient: ApiClient; // the doctor, logged in on the client
let bishkek: string;
let kant: string;
let serverCase: string; // a Bishkek case made on the server before the initialisation
let otherUnitCase: string; // a case of another unit: never on the client
// the client as a process of its own, on its embedded PGlite: started at once, beside the other tests
// (migrating and starting PGlite takes seconds of another core), used by the last test
let clientProcess: Promise<ClientProcess>;

const clientDb = () => kysely(client.server.ctx.orm.em.fork());
const serverDb = () => kysely(server.ctx.orm.em.fork());
const onClientRow = (table: string, id: string) => clientDb().selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();

beforeAll(async () => {
  clientProcess = startClientProcess();
  clientProcess.catch(() => {}); // a failed start fails the test that awaits it
  bishkek = await unitNamed(admin, 'Бишкекский');
  kant = await unitNamed(admin, 'Ысык-Атинский');
  const patient = await newPatient(admin, { name: 'Асель', lastName: 'Жумабаева', gender: 'FEMALE', birthDate: '1990-05-06' });
  serverCase = await createCase(admin, patient, bishkek, { caseNumber: 'СРВ-1', diagnosisDate: '2025-01-09' });
  otherUnitCase = await createCase(admin, await newPatient(admin, { name: 'Нурлан', lastName: 'Касымов', gender: 'MALE', birthDate: '1985-01-02' }), kant);
  await createUser(server, admin, 'SYNCDOC', CASE_WORK, PASSWORD, { unitId: bishkek, view: 'UNIT' });
  client = await startOfflineClient(server.url, 'SYNCDOC', PASSWORD);
  onClient = await client.login('SYNCDOC', PASSWORD);
}, 180_000);
afterAll(async () => {
  await client?.close();
  await (await clientProcess?.catch(() => undefined))?.close();
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

let doctorId: string;
let lab: string;
const onServer = async (table: string, id: string) => (await admin.get(`/api/tbl/${table}/${id}`)).body;
const onClientDoc = async (table: string, id: string) => (await onClient.get(`/api/tbl/${table}/${id}`)).body;
const sync = async () => {
  const s = await syncThroughApi(onClient, PASSWORD);
  expect(s.id, JSON.stringify(s)).toBe('NOT_RUNNING');
  return s;
};
/**
 * Runs `check` until it passes, synchronising again between tries: the feed answers only changes of
 * transactions finished before the oldest still running on the database server (docs/sync-feed.md),
 * and other test files' transactions on the shared PostgreSQL may hold a change back for a moment.
 */
async function synced(check: () => Promise<void>): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      return await check();
    } catch (e) {
      if (tries >= 20) throw e;
      await new Promise((r) => setTimeout(r, 250));
      await sync();
    }
  }
}
/** The doctor edits a case on the client (`on`: the doctor's login there) through the case's edit form, as in the browser. */
const editOnClient = async (caseId: string, patch: Record<string, unknown>, on = onClient) => {
  const { doc } = (await on.get(`/api/cases/case/edit/form/${caseId}`)).body;
  const r = await on.post('/api/cases/case/edit/save', { caseId, doc: { ...doc, tbcase: { ...doc.tbcase, ...patch } } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};
const editOnServer = async (table: string, id: string, patch: Record<string, unknown>) => {
  // the stored fields as read (the read joins the references' names, which a write does not take)
  const keys = new Set(['version', ...server.ctx.registry.table(table).fields.map((f) => f.path[0]), ...server.ctx.registry.table(table).children.map((c) => c.prop)]);
  const doc = Object.fromEntries(Object.entries(await onServer(table, id)).filter(([k]) => keys.has(k)));
  const r = await admin.post(`/api/tbl/${table}/${id}`, { ...doc, ...patch });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};
/** A confirmed TB case notified on the client (`on`: the doctor's login there; patient and case in one form), with a microscopy exam. */
async function notifyOffline(lastName: string, dates = { registrationDate: '2026-11-20', diagnosisDate: '2026-11-18' }, on = onClient): Promise<{ caseId: string; patientId: string; examId: string }> {
  const doc = { patient: { name: 'Бакыт', lastName, gender: 'MALE', birthDate: '1979-02-03' }, tbcase: { ...dates, registrationGroup: 'NEW' } };
  const r = await on.post('/api/cases/case/newnotif', { doc, unitId: bishkek, diagnosisType: 'CONFIRMED', caseClassification: 'TB' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const caseId = r.body.result as string;
  const patientId = (await on.get(`/api/tbl/tbcase/${caseId}`)).body.patientId as string;
  const exam = await on.post('/api/tbl/exammic', { caseId, date: dates.registrationDate, laboratoryId: lab, result: 'POSITIVE', numberOfAFB: 5 });
  expect(exam.status, JSON.stringify(exam.body)).toBe(200);
  return { caseId, patientId, examId: exam.body.result };
}

beforeAll(async () => {
  doctorId = String((await serverDb().selectFrom('sysuser').select('id').where('login', '=', 'SYNCDOC').executeTakeFirstOrThrow()).id);
  lab = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: any) => u.type === 'LAB').id;
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

describe('manual tags offline', () => {
  it("a manual tag set on the client reaches the server under the doctor, and its removal too; an automatic tag's link is never sent", async () => {
    const made = await admin.post('/api/tbl/tag', { name: 'Офлайн-метка', active: true, autoGenerated: false, consistencyCheck: false });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const tagId = made.body.result as string;
    const links = () => serverDb().selectFrom('casetag').select('tag_id').where('case_id', '=', serverCase).where('tag_id', '=', tagId).execute();
    await synced(async () => expect(await onClientRow('tag', tagId)).toBeDefined());
    const tag = (tagIds: string[]) => onClient.post('/api/cases/tag/update', { tbcaseId: serverCase, tagIds });
    expect((await tag([tagId])).status).toBe(200);
    const status = await sync();
    expect(status.counts, JSON.stringify(status.rejected)).toMatchObject({ sent: 1, applied: 1, rejected: 0 });
    expect(await links()).toHaveLength(1);
    const linkId = String((await serverDb().selectFrom('casetag').select('id').where('case_id', '=', serverCase).where('tag_id', '=', tagId).executeTakeFirstOrThrow()).id);
    expect(await serverDb().selectFrom('cmdhistory').select(['user_id', 'action']).where('entity_id', '=', linkId).execute()).toEqual([{ user_id: doctorId, action: 'create' }]);
    expect((await tag([])).status).toBe(200);
    expect((await sync()).counts).toMatchObject({ sent: 1, applied: 1 });
    expect(await links()).toHaveLength(0);
  });

  const linkOnServer = (caseId: string, tagId: string) => serverDb().selectFrom('casetag').select('id').where('case_id', '=', caseId).where('tag_id', '=', tagId).executeTakeFirst();
  const historyOf = async (id: string) => (await serverDb().selectFrom('cmdhistory').select(['user_id', 'action']).where('entity_id', '=', id).execute()).map((h) => [h.user_id, h.action]);

  it("a manual tag put on a case on the server and removed offline leaves the server's case, under the doctor, sent once", async () => {
    const made = await admin.post('/api/tbl/tag', { name: 'Снять офлайн', active: true, autoGenerated: false, consistencyCheck: false });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const tagId = made.body.result as string;
    expect((await admin.post('/api/cases/tag/update', { tbcaseId: serverCase, tagIds: [tagId] })).status).toBe(200);
    const linkId = String((await linkOnServer(serverCase, tagId))!.id);
    await synced(async () => expect(await onClientRow('casetag', linkId)).toBeDefined());
    expect((await onClient.post('/api/cases/tag/update', { tbcaseId: serverCase, tagIds: [] })).status).toBe(200);
    const status = await sync();
    expect(status.counts, JSON.stringify(status.rejected)).toMatchObject({ sent: 1, applied: 1, rejected: 0 });
    expect(await linkOnServer(serverCase, tagId)).toBeUndefined();
    expect(await historyOf(linkId)).toEqual([[doctorId, 'delete']]);
    expect((await sync()).counts).toMatchObject({ sent: 0 });
  });

  it('a tag typed offline and put on a case reaches the server, the tag before its link, both under the doctor, sent once', async () => {
    expect((await onClient.post('/api/cases/tag/update', { tbcaseId: serverCase, tagIds: [], newTags: ['Новая офлайн'] })).status).toBe(200);
    const tagId = String((await clientDb().selectFrom('tag').select('id').where('name', '=', 'Новая офлайн').executeTakeFirstOrThrow()).id);
    const status = await sync();
    expect(status.counts, JSON.stringify(status.rejected)).toMatchObject({ sent: 2, applied: 2, rejected: 0 });
    expect(await onServer('tag', tagId)).toMatchObject({ name: 'Новая офлайн', autoGenerated: false });
    const link = await linkOnServer(serverCase, tagId);
    expect(link).toBeDefined();
    expect([await historyOf(tagId), await historyOf(String(link!.id))]).toEqual([[[doctorId, 'create']], [[doctorId, 'create']]]);
    expect((await sync()).counts).toMatchObject({ sent: 0 });
    expect(await serverDb().selectFrom('tag').select('id').where('name', '=', 'Новая офлайн').execute()).toHaveLength(1);
  });

  /** The case's manual tags on the client. */
  const manualOnClient = async (caseId: string) => (await clientDb().selectFrom('casetag as ct').innerJoin('tag as g', 'g.id', 'ct.tag_id').select('g.id').where('ct.case_id', '=', caseId).where('g.auto_generated', '=', false).execute()).map((r) => String(r.id));

  it("a tag typed offline under a name the server's manual tag took meanwhile is taken as that tag: its links name the server's tag, on the server and, after receiving, on the client", async () => {
    // a second case of the unit on the client; then, on the server, the tag 'Двойная' made and put on that case
    const case2 = await createCase(admin, await newPatient(admin, { name: 'Эрмек', lastName: 'Двойнов', gender: 'MALE', birthDate: '1982-04-05' }), bishkek, { diagnosisDate: '2026-11-05', registrationDate: '2026-11-05' });
    await synced(async () => expect(await onClientRow('tbcase', case2)).toBeDefined());
    const made = await admin.post('/api/tbl/tag', { name: 'Двойная', active: true, autoGenerated: false, consistencyCheck: false });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const serverTag = made.body.result as string;
    expect((await admin.post('/api/cases/tag/update', { tbcaseId: case2, tagIds: [serverTag] })).status).toBe(200);
    const serverLink2 = String((await linkOnServer(case2, serverTag))!.id);
    // offline, not knowing it, the doctor types 'Двойная' on the first case, and puts the tag so made on the second too
    expect((await onClient.post('/api/cases/tag/update', { tbcaseId: serverCase, tagIds: await manualOnClient(serverCase), newTags: ['Двойная'] })).status).toBe(200);
    const clientTag = String((await clientDb().selectFrom('tag').select('id').where('name', '=', 'Двойная').executeTakeFirstOrThrow()).id);
    expect(clientTag).not.toBe(serverTag);
    expect((await onClient.post('/api/cases/tag/update', { tbcaseId: case2, tagIds: [...(await manualOnClient(case2)), clientTag] })).status).toBe(200);
    const clientLink1 = String((await clientDb().selectFrom('casetag').select('id').where('case_id', '=', serverCase).where('tag_id', '=', clientTag).executeTakeFirstOrThrow()).id);
    const status = await sync();
    // the tag and the second case's link taken as the server's (merged), the first case's link made, naming the server's tag
    expect(status.counts, JSON.stringify(status.rejected)).toMatchObject({ sent: 3, applied: 1, merged: 2, rejected: 0 });
    expect((await serverDb().selectFrom('tag').select('id').where('name', '=', 'Двойная').execute()).map((r) => String(r.id))).toEqual([serverTag]);
    expect((await linkOnServer(serverCase, serverTag))?.id).toBe(clientLink1);
    expect(await historyOf(clientLink1)).toEqual([[doctorId, 'create']]);
    expect((await serverDb().selectFrom('casetag').select('id').where('case_id', '=', case2).where('tag_id', '=', serverTag).execute()).map((r) => String(r.id))).toEqual([serverLink2]);
    // on the client: the server's tag alone, each case linked to it once (the second case by the server's link)
    const linksOnClient = async (caseId: string) => (await clientDb().selectFrom('casetag').select(['id', 'tag_id']).where('case_id', '=', caseId).where('tag_id', 'in', [serverTag, clientTag]).execute()).map((r) => [String(r.id), String(r.tag_id)]);
    await synced(async () => expect([await linksOnClient(serverCase), await linksOnClient(case2)]).toEqual([[[clientLink1, serverTag]], [[serverLink2, serverTag]]]));
    expect((await clientDb().selectFrom('tag').select('id').where('name', '=', 'Двойная').execute()).map((r) => String(r.id))).toEqual([serverTag]);
    expect((await sync()).counts).toMatchObject({ sent: 0 });
  });

  it("a tag typed offline under the name of the server's automatic tag is rejected with its link; the synchronisation completes, the server's tag in its place on the client", async () => {
    const auto = (await admin.post('/api/tbl/tag/query', { pageSize: 100 })).body.list.find((g: any) => g.autoGenerated);
    const made = await admin.post('/api/tbl/tag', { name: 'Авто-имя', active: true, sqlCondition: (await onServer('tag', auto.id)).sqlCondition, consistencyCheck: false });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await onClient.post('/api/cases/tag/update', { tbcaseId: serverCase, tagIds: await manualOnClient(serverCase), newTags: ['Авто-имя'] })).status).toBe(200);
    const status = await sync();
    expect(status.rejected.map((r: any) => [r.table, r.op]).sort()).toEqual([['casetag', 'create'], ['tag', 'create']]);
    expect((await clientDb().selectFrom('tag').select('id').where('name', '=', 'Авто-имя').execute()).map((r) => String(r.id))).toEqual([made.body.result]);
    // discarded: the tag made offline and its link leave the list (and the client)
    const tagChange = status.rejected.find((r: any) => r.table === 'tag').changeId;
    expect((await onClient.post(`/api/offline/client/sync/rejected/${tagChange}/discard`, {})).status).toBe(200);
    expect((await onClient.get('/api/offline/client/sync/status')).body.rejected).toEqual([]);
  });

  it('an uploaded tag with a condition (an automatic tag: SQL) is refused to a user without the catalogue\'s write permission', async () => {
    const doctor = new Api(server.url);
    expect((await doctor.post('/api/auth/login', { login: 'SYNCDOC', password: PASSWORD })).status).toBe(200);
    const change = { changeId: crypto.randomUUID(), table: 'tag', op: 'create', id: crypto.randomUUID(), data: { name: 'Условная', active: true, sqlCondition: 'select id from tbcase' }, at: new Date().toISOString() };
    const r = await doctor.post('/api/sync/push', { changes: [change] });
    expect(r.body.results.map((a: any) => [a.result, a.errors])).toEqual([['rejected', [{ field: 'autoGenerated', msg: 'Нет прав доступа' }]]]);
    expect(await serverDb().selectFrom('tag').select('id').where('name', '=', 'Условная').execute()).toHaveLength(0);
  });

  it("the server refuses an uploaded link to an automatic tag, and an uploaded removal of one's link", async () => {
    const auto = (await admin.post('/api/tbl/tag/query', { pageSize: 100 })).body.list.find((g: any) => g.autoGenerated);
    const push = async (change: Record<string, unknown>) =>
      (await admin.post('/api/sync/push', { changes: [{ changeId: crypto.randomUUID(), at: new Date().toISOString(), ...change }] })).body.results.map((a: any) => [a.result, a.errors]);
    const refused = [['rejected', [{ field: 'tagId', msg: 'Выберите отметки, которые ставятся вручную' }]]];
    expect(await push({ table: 'casetag', op: 'create', id: crypto.randomUUID(), data: { caseId: otherUnitCase, tagId: auto.id } })).toEqual(refused);
    const autoLink = await serverDb().selectFrom('casetag as ct').innerJoin('tag as g', 'g.id', 'ct.tag_id').select(['ct.id', 'ct.version']).where('g.auto_generated', '=', true).executeTakeFirstOrThrow();
    expect(await push({ table: 'casetag', op: 'delete', id: String(autoLink.id), baseVersion: Number(autoLink.version) })).toEqual(refused);
    expect(await serverDb().selectFrom('casetag').select('id').where('id', '=', autoLink.id).executeTakeFirst()).toBeDefined();
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

describe('the routes', () => {
  it('ask for the password, check it on the server, and refuse a second start while one runs', async () => {
    expect((await onClient.post('/api/offline/client/sync/synchronize', {})).body.errors).toEqual([{ field: 'password', msg: expect.stringContaining('') }]);
    const wrong = await onClient.post('/api/offline/client/sync/synchronize', { password: 'nope-nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('password');
    expect((await admin.get('/api/offline/client/sync/status')).status).toBe(404);
  });
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
    const r = await admin.post('/api/tbl/exammic', { caseId, date, laboratoryId: lab, result: 'POSITIVE', numberOfAFB: 1 });
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
    expect((await doctor.get(`/api/tbl/tbcase/${serverCase}`)).body.version).toBe((await onServer('tbcase', serverCase)).version);
  });

  it('killed while sending its changes (the batch fixed, not yet uploaded): the next synchronisation brings the case made there to the server once', async () => {
    made = await notifyOffline('Убитов', undefined, doctor);
    await killedIn('SENDING');
    expect((await admin.get(`/api/tbl/tbcase/${made.caseId}`)).status).toBe(404); // nothing had left
    expect((await syncs()).counts).toMatchObject({ sent: 3, applied: 3 });
    // on the server once: one patient of that name, the case, its exam; one creation each in the history, under the doctor
    expect(await serverDb().selectFrom('patient').select('id').where('last_name', '=', 'Убитов').execute()).toEqual([{ id: made.patientId }]);
    expect((await onServer('tbcase', made.caseId)).patientId).toBe(made.patientId);
    expect(await examsOf(admin, made.caseId)).toEqual([made.examId]);
    expect((await historyOf([made.caseId, made.examId])).sort()).toEqual([[made.caseId, doctorId, 'create'], [made.examId, doctorId, 'create']].sort());
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
    await synced0(async () => expect(await entriesOf(made.caseId)).toBe(before + 1));
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
    const caseId = await createCase(admin, patientId, kant, { diagnosisDate: '2026-11-03', registrationDate: '2026-11-03' });
    const exam = await admin.post('/api/tbl/exammic', { caseId, date: '2026-11-04', laboratoryId: lab, result: 'POSITIVE', numberOfAFB: 2 });
    expect(exam.status, JSON.stringify(exam.body)).toBe(200);
    await editOnServer('tbcase', caseId, { ownerUnitId: bishkek, notificationUnitId: bishkek });
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
    expect((await doctor.get(`/api/tbl/tbcase/${caseId}`)).body.ownerUnitId).toBe(bishkek);
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
    expect(await historyOf([caseId, ...adherence])).toEqual(expect.arrayContaining([[caseId, doctorId, 'starttreatment'], [adherence[0], doctorId, 'create']]));
  });

  it('on its PGlite too: the same field changed on both sides keeps the server\'s value and logs the client\'s', async () => {
    await editOnClient(made.caseId, { registrationGroup: 'RELAPSE' }, doctor);
    await editOnServer('tbcase', made.caseId, { registrationGroup: 'NEW' });
    expect((await syncs()).counts).toMatchObject({ sent: 1, conflict: 1 });
    expect((await onServer('tbcase', made.caseId)).registrationGroup).toBe('NEW');
    await sameOnBoth(made.caseId);
    const conflicts = (await admin.get(`/api/sync/conflicts/case/${made.caseId}`)).body.list;
    expect(conflicts.map((c: any) => [c.field, c.server, c.client, c.resolved])).toContainEqual(['registrationGroup', 'NEW', 'RELAPSE', false]);
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
    await editOnServer('tbcase', caseId, { ownerUnitId: kant, notificationUnitId: kant });
    await syncs();
    expect([(await doctor.get(`/api/tbl/tbcase/${caseId}`)).status, (await doctor.get(`/api/tbl/exammic/${examId}`)).status]).toEqual([404, 404]);
    expect((await onServer('tbcase', caseId)).ownerUnitId).toBe(kant);
  });
});

/** Runs `check` until it passes (for up to 5 s). */
async function synced0(check: () => Promise<void>): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      return await check();
    } catch (e) {
      if (tries >= 50) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
