// The case data tab: the read-only case form, the edit
// dialog (case + patient in one save, NEWCASE / NEWSUSP by diagnosis type, field errors and
// nothing stored on a bad field, history), and the cards: adverse effects (ADV_EFFECTS), previous
// treatments (CASEMAN to read, CASE_ADDINFO to change) and comorbidities
// (COMIRBIDITIES) — each with its rules both ways (the contacts: tests/api/contacts.test.ts), readable without `_EDT`, changed only with it;
// a sub-record never moves to another case, a previous treatment never ends before it starts.
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { historyOf } from '../helpers/history.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { createUser } from '../helpers/users.ts';

let editor: ApiClient; // every card's _EDT, NEWCASE, CASE_ADDINFO
let viewer: ApiClient; // the cards' permissions without "can change"
let reader: ApiClient; // CASEMAN only
let suspector: ApiClient; // CASEMAN + NEWSUSP: edits presumptive cases only
let outsider: ApiClient; // CASEMAN + NEWCASE of another unit: reads the whole workspace, writes only its unit
let patientId: string;
let caseId: string;
let suspectId: string;
let unitId: string;

const db = () => kysely(server.ctx.orm.em.fork());
const rowsOf = (table: string) => kyselyByName(server.ctx.orm.em.fork()).selectFrom(table).selectAll().where('case_id', '=', caseId).execute();
const fieldsOf = (r: { body: any }) => (r.body.errors as { field: string }[]).map((e) => e.field).sort();

useTestServer();
beforeAll(async () => {
  unitId = await unitNamed(admin, 'Бишкекский');
  patientId = await newPatient(admin, { name: 'Асель', lastName: 'Токтогулова', gender: 'FEMALE', birthDate: '1990-05-01' });
  caseId = await createCase(admin, patientId, unitId, { diagnosisDate: '2025-01-08' });
  suspectId = await createCase(admin, patientId, unitId, { diagnosisType: 'SUSPECT' });
  const cards = ['CASECONTACT', 'ADV_EFFECTS', 'COMIRBIDITIES'];
  editor = await createUser(server, admin, 'CDEDITOR', [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }, { permission: 'CASE_ADDINFO' }, ...cards.map((permission) => ({ permission, canChange: true }))], 'Passw0rd', { unitId });
  viewer = await createUser(server, admin, 'CDVIEWER', [{ permission: 'CASEMAN' }, ...cards.map((permission) => ({ permission }))], 'Passw0rd', { unitId });
  reader = await createUser(server, admin, 'CDREADER', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId });
  const kant = await unitNamed(admin, 'Ысык-Атинский');
  outsider = await createUser(server, admin, 'CDOTHER', [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }], 'Passw0rd', { unitId: kant, view: 'WORKSPACE' });
  suspector = await createUser(server, admin, 'CDSUSP', [{ permission: 'CASEMAN' }, { permission: 'NEWSUSP' }], 'Passw0rd', { unitId });
}, 180_000);

describe('adverse effects (ADV_EFFECTS)', () => {
  it('requires the effect and a month of 1 to 24', async () => {
    const none = await editor.post('/api/tbl/sideeffect', { caseId });
    expect(none.status).toBe(400);
    expect(fieldsOf(none)).toEqual(['month', 'sideEffect']);
    for (const month of [0, 25]) expect((await editor.post('/api/tbl/sideeffect', { caseId, sideEffect: 'adv1', month })).status).toBe(400);
    const substanceId = (await admin.post('/api/tbl/substance/query', { pageSize: 1 })).body.list[0].id;
    // the form's medicine picker: offered to whoever may write adverse effects, without the catalogue's permission
    const offered = await editor.post('/api/opts/substance', {});
    expect(offered.status).toBe(200);
    expect(JSON.stringify(offered.body)).toContain(substanceId);
    const ok = await editor.post('/api/tbl/sideeffect', { caseId, sideEffect: 'adv2', month: 24, substanceId, comment: 'Тошнота' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await rowsOf('sideeffect')).toEqual([expect.objectContaining({ side_effect: 'adv2', month: 24, substance_id: substanceId })]);
  });

  it('is changed only with ADV_EFFECTS_EDT', async () => {
    expect((await viewer.post('/api/tbl/sideeffect/query', { caseId })).body.list).toHaveLength(1);
    expect((await viewer.post('/api/tbl/sideeffect', { caseId, sideEffect: 'adv1', month: 1 })).status).toBe(403);
    expect((await reader.post('/api/tbl/sideeffect/query', { caseId })).status).toBe(403);
  });
});

describe('previous treatments (CASEMAN; CASE_ADDINFO to change)', () => {
  const treat = { caseId: '', month: 3, year: 2019, outcomeMonth: 10, outcomeYear: 2019, outcome: 'prevOutcome01', h: true, r: true, z: true, e: true };

  it('requires month, year and outcome; drugs default to no', async () => {
    const none = await editor.post('/api/tbl/prevtreat', { caseId });
    expect(none.status).toBe(400);
    expect(fieldsOf(none)).toEqual(['month', 'outcome', 'year']);
    expect((await editor.post('/api/tbl/prevtreat', { ...treat, caseId, month: 13 })).status).toBe(400);
    const before = await editor.post('/api/tbl/prevtreat', { ...treat, caseId, outcomeYear: 2018 });
    expect(before.body.errors).toEqual([{ field: 'outcomeYear', msg: 'Исход не может предшествовать началу лечения' }]);
    expect((await editor.post('/api/tbl/prevtreat', { ...treat, caseId, outcomeMonth: 2 })).body.errors[0].field).toBe('outcomeMonth');
    const ok = await editor.post('/api/tbl/prevtreat', { ...treat, caseId });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await rowsOf('prevtreat')).toEqual([expect.objectContaining({ year: 2019, h: true, r: true, am: false, cfz: false })]);
  });

  it('is read with CASEMAN and changed with CASE_ADDINFO only', async () => {
    const list = await reader.post('/api/tbl/prevtreat/query', { caseId });
    expect(list.status).toBe(200);
    expect(list.body.list).toHaveLength(1);
    expect((await reader.post('/api/tbl/prevtreat', { ...treat, caseId })).status).toBe(403);
    expect((await reader.delete(`/api/tbl/prevtreat/${list.body.list[0].id}`)).status).toBe(403);
    const form = await reader.post('/api/tbl/prevtreat/form', {});
    expect(form.body.resources.readOnly).toBe(true);
    expect((await editor.post('/api/tbl/prevtreat/form', {})).body.resources.readOnly).toBe(false);
  });
});

describe('comorbidities (COMIRBIDITIES)', () => {
  const flags = async () =>
    db().selectFrom('tbcase').select(['comorbidities_diabetes as diabetes', 'comorbidities_aids as aids', 'comorbidities_anaemia as anaemia']).where('id', '=', caseId).executeTakeFirstOrThrow();

  it('sets the flags with COMIRBIDITIES_EDT, in the history', async () => {
    const r = await editor.post(`/api/cases/case/comorbidity/${caseId}`, { diabetes: true, aids: false });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await flags()).toMatchObject({ diabetes: true, aids: false });
    expect((await historyOf(caseId)).at(-1)).toMatchObject({ type: 'tbcase', action: 'comorbidity' });
    const read = await viewer.get(`/api/tbl/tbcase/${caseId}`);
    expect(read.body.comorbidities).toMatchObject({ diabetes: true });
  });

  it('refuses a reader without _EDT, and a flag that is not yes/no or not a flag, changing nothing', async () => {
    expect((await viewer.post(`/api/cases/case/comorbidity/${caseId}`, { anaemia: true })).status).toBe(403);
    const bad = await editor.post(`/api/cases/case/comorbidity/${caseId}`, { anaemia: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('anaemia');
    expect((await editor.post(`/api/cases/case/comorbidity/${caseId}`, { smoker: true })).status).toBe(400);
    const after = await flags();
    expect(after.diabetes).toBe(true);
    expect(after.anaemia).not.toBe(true);
  });
});

describe('case data: read-only form and edit dialog', () => {
  it('shows the case data read-only, with whether the session may edit', async () => {
    const r = await reader.get(`/api/tbl/case/form/readonly/${caseId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.doc.patient).toMatchObject({ name: 'Асель', lastName: 'Токтогулова' });
    expect(r.body.views.patient).toContainEqual({ title: 'Фамилия', value: 'Токтогулова' });
    expect(r.body.views.tbcase).toContainEqual({ title: 'Тип диагноза', value: 'Подтверждённый' });
    expect(r.body.views.tbcase).toContainEqual({ title: 'Дата регистрации', value: '10.01.2025' });
    expect(r.body.views.patient).toContainEqual({ title: 'Дата рождения', value: '01.05.1990' });
    expect(r.body.views.tbcase).toContainEqual({ title: 'Учреждение, ведущее случай', value: expect.stringContaining('Бишкек') });
    expect(r.body.resources.canEdit).toBe(false);
    expect((await editor.get(`/api/tbl/case/form/readonly/${caseId}`)).body.resources.canEdit).toBe(true);
    expect((await suspector.get(`/api/tbl/case/form/readonly/${suspectId}`)).body.resources.canEdit).toBe(true);
  });

  it('loads the edit form of the case (its notification form) with the case and patient', async () => {
    const r = await editor.get(`/api/cases/case/edit/form/${caseId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.resources.form.name).toBe('newnotif_tb');
    expect(r.body.doc).toMatchObject({ patient: { name: 'Асель' }, tbcase: { registrationDate: '2025-01-10', registrationGroup: 'NEW' } });
    expect((await suspector.get(`/api/cases/case/edit/form/${caseId}`)).status).toBe(403);
    expect((await suspector.get(`/api/cases/case/edit/form/${suspectId}`)).body.resources.form.name).toBe('newnotif_suspect_tb');
    expect((await reader.get(`/api/cases/case/edit/form/${caseId}`)).status).toBe(403);
  });

  it('refuses a bad field with {errors:[{field,msg}]} and stores nothing of either part', async () => {
    const form = (await editor.get(`/api/cases/case/edit/form/${caseId}`)).body;
    const before = await historyOf(caseId);
    const doc = { patient: { ...form.doc.patient, name: 'Изменено' }, tbcase: { ...form.doc.tbcase, registrationDate: '2025-13-45' } };
    const r = await editor.post('/api/cases/case/edit/save', { doc, caseId, patientId });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, errors: [{ field: 'tbcase.registrationDate', msg: expect.stringContaining('Дата регистрации') }] });
    expect((await admin.get(`/api/tbl/patient/${patientId}`)).body.name).toBe('Асель');
    expect(await historyOf(caseId)).toHaveLength(before.length);
    const missing = await editor.post('/api/cases/case/edit/save', { doc: { ...doc, tbcase: { ...form.doc.tbcase, registrationGroup: undefined } }, caseId, patientId });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toMatch(/registrationGroup/);
  });

  it('saves the case and its patient in one go, each in the history; guarded by NEWCASE / NEWSUSP and the case\'s own patient', async () => {
    const form = (await editor.get(`/api/cases/case/edit/form/${caseId}`)).body;
    const doc = { patient: { ...form.doc.patient, middleName: 'Бакытовна' }, tbcase: { ...form.doc.tbcase, registrationGroup: 'RELAPSE' } };
    expect((await suspector.post('/api/cases/case/edit/save', { doc, caseId, patientId })).status).toBe(403);
    expect((await reader.post('/api/cases/case/edit/save', { doc, caseId, patientId })).status).toBe(403);
    const other = (await admin.post('/api/tbl/patient', { name: 'Другой', gender: 'MALE' })).body.result;
    const wrong = await editor.post('/api/cases/case/edit/save', { doc, caseId, patientId: other });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('patientId');
    const r = await editor.post('/api/cases/case/edit/save', { doc, caseId, patientId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toBe(caseId);
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body.registrationGroup).toBe('RELAPSE');
    expect((await admin.get(`/api/tbl/patient/${patientId}`)).body.middleName).toBe('Бакытовна');
    expect((await historyOf(caseId)).at(-1)).toMatchObject({ type: 'tbcase', action: 'update' });
    expect((await historyOf(patientId)).at(-1)).toMatchObject({ type: 'patient', action: 'update' });
    // a save over a change made since the form was read is refused, and changes nothing
    const stale = await editor.post('/api/cases/case/edit/save', { doc: { ...doc, tbcase: { ...doc.tbcase, registrationGroup: 'OTHER' } }, caseId, patientId, versions: form.resources.form.versions });
    expect(stale.status).toBe(409);
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body.registrationGroup).toBe('RELAPSE');
    // another unit's user reads the case but may not change it
    expect((await outsider.get(`/api/tbl/case/form/readonly/${caseId}`)).body.resources.canEdit).toBe(false);
    const outside = await outsider.post('/api/cases/case/edit/save', { doc: { ...doc, tbcase: { ...doc.tbcase, registrationGroup: 'OTHER' } }, caseId, patientId });
    expect(outside.status).toBeGreaterThanOrEqual(400);
    expect(outside.status).toBeLessThan(500);
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body.registrationGroup).toBe('RELAPSE');
    const susp = (await suspector.get(`/api/cases/case/edit/form/${suspectId}`)).body;
    const ok = await suspector.post('/api/cases/case/edit/save', { doc: { ...susp.doc, tbcase: { ...susp.doc.tbcase, registrationDate: '2025-01-11' } }, caseId: suspectId, patientId });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
