// The case workflow through the spec's own paths: validate, reopen and
// undo-transfer by GET, close / transfer out / transfer in / suspect follow-up / tag update by POST
// with `tbcaseId`, delete by `DELETE /api/tbl/case/{id}` — each an alias of a declared action of
// tbcase, so each is guarded by its permission, refuses a forbidden transition with a clear
// `{errors: [{field, msg}]}` 4xx that changes nothing, and writes its command-history entry.
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { createUser } from '../helpers/users.ts';

let bdoc: ApiClient; // Bishkek, unit view, the workflow's permissions
let kdoc: ApiClient; // Kant, unit view, the same
let bishkek: string;
let kant: string;
let patientId: string;

const db = () => kysely(server.ctx.orm.em.fork());
const actionsOf = async (id: string) => (await db().selectFrom('cmdhistory').select(['action', 'detail']).where('entity_id', '=', id).orderBy('exec_date').execute());
const stored = async (id: string) => (await admin.get(`/api/tbl/tbcase/${id}`)).body;
const WORKFLOW = ['CASEMAN', 'CASE_VALIDATE', 'CASE_CLOSE', 'CASE_REOPEN', 'CASE_TRANSFER', 'NEWCASE', 'NEWSUSP', 'CASE_TAG'].map((permission) => ({ permission }));

const newCase = (extra: Record<string, unknown> = {}) => createCase(admin, patientId, bishkek, extra);

/** A refusal as the user sees it: the status and one message, on `field`. */
const refused = (r: { status: number; body: any }, status: number, msg: string, field: string | null = null) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body).toEqual({ success: false, errors: [{ field, msg }] });
};

useTestServer();
beforeAll(async () => {
  bishkek = await unitNamed(admin, 'Бишкекский');
  kant = await unitNamed(admin, 'Ысык-Атинский');
  patientId = await newPatient(admin, { name: 'Нурлан', lastName: 'Абдыкадыров', gender: 'MALE', birthDate: '1979-11-30' });
  bdoc = await createUser(server, admin, 'CWBISHKEK', WORKFLOW, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
  kdoc = await createUser(server, admin, 'CWKANT', WORKFLOW, 'Passw0rd', { unitId: kant, view: 'UNIT' });
}, 180_000);

describe('validate, close, reopen (GET /api/cases/case/validate|reopen/{id}, POST /api/cases/case/close)', () => {
  it('runs each once; the forbidden repeat is refused and changes nothing; the history names each', async () => {
    const id = await newCase();
    expect((await bdoc.get(`/api/cases/case/validate/${id}`)).body).toEqual({ success: true });
    expect((await stored(id)).validated).toBe(true);
    refused(await bdoc.get(`/api/cases/case/validate/${id}`), 400, 'Случай уже обоснован');

    refused(await bdoc.get(`/api/cases/case/reopen/${id}`), 400, 'Случай не закрыт: возобновить можно только закрытый случай');
    const close = await bdoc.post('/api/cases/case/close', { tbcaseId: id, outcome: 'NOT_EVALUATED', outcomeDate: '2025-06-30', otherOutcome: null });
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    expect(await stored(id)).toMatchObject({ state: 'CLOSED', outcome: 'NOT_EVALUATED', outcomeDate: '2025-06-30' });
    const version = (await stored(id)).version;
    refused(await bdoc.post('/api/cases/case/close', { tbcaseId: id, outcome: 'DIED', outcomeDate: '2025-07-01' }), 400, 'Случай уже закрыт');
    expect(await stored(id)).toMatchObject({ outcome: 'NOT_EVALUATED', version });

    expect((await bdoc.get(`/api/cases/case/reopen/${id}`)).status).toBe(200);
    expect((await stored(id)).state).toBe('NOT_ONTREATMENT');
    expect((await actionsOf(id)).map((h) => h.action)).toEqual(['create', 'validate', 'close', 'reopen']);
  });

  it('asks otherOutcome for OTHER, on its field; a missing outcome names its field', async () => {
    const id = await newCase();
    const other = await bdoc.post('/api/cases/case/close', { tbcaseId: id, outcome: 'OTHER', outcomeDate: '2025-06-30' });
    expect(other.status).toBe(400);
    expect(other.body.errors[0].field).toBe('otherOutcome');
    const none = await bdoc.post('/api/cases/case/close', { tbcaseId: id, outcomeDate: '2025-06-30' });
    expect(none.status).toBe(400);
    expect(none.body.errors.map((e: any) => e.field)).toContain('outcome');
    expect((await stored(id)).state).toBe('NOT_ONTREATMENT');
  });

  it('names the row by tbcaseId: a bad id → 400, a case outside the view → 404 on tbcaseId; GET by another site → 403', async () => {
    const id = await newCase();
    expect((await bdoc.post('/api/cases/case/close', { tbcaseId: 'x', outcome: 'CURED', outcomeDate: '2025-06-30' })).body.errors[0].field).toBe('tbcaseId');
    const outside = await kdoc.post('/api/cases/case/close', { tbcaseId: id, outcome: 'CURED', outcomeDate: '2025-06-30' });
    expect(outside.status).toBe(404);
    expect(outside.body.errors[0].field).toBe('tbcaseId');
    expect((await kdoc.get(`/api/cases/case/validate/${id}`)).status).toBe(404);
    bdoc.headers['sec-fetch-site'] = 'cross-site';
    try {
      expect((await bdoc.get(`/api/cases/case/validate/${id}`)).status).toBe(403);
    } finally {
      delete bdoc.headers['sec-fetch-site'];
    }
    expect((await stored(id)).validated).toBe(false);
  });

  it('refuses a user without the permission (403) and changes nothing', async () => {
    const id = await newCase();
    const reader = await createUser(server, admin, 'CWREADER', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    expect((await reader.get(`/api/cases/case/validate/${id}`)).status).toBe(403);
    expect((await reader.post('/api/cases/case/close', { tbcaseId: id, outcome: 'CURED', outcomeDate: '2025-06-30' })).status).toBe(403);
    expect((await reader.post('/api/cases/tag/update', { tbcaseId: id, tagIds: [], newTags: ['X'] })).status).toBe(403);
    expect(await stored(id)).toMatchObject({ validated: false, state: 'NOT_ONTREATMENT' });
  });
});

describe('transfer (POST /api/cases/case/transferout|transferin, GET /api/cases/case/undotransferout/{id})', () => {
  it('moves a case to Kant; a second transfer and a confirmation by the sending unit are refused; Kant confirms', async () => {
    const id = await newCase();
    const out = await bdoc.post('/api/cases/case/transferout', { tbcaseId: id, unitToId: kant });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(await stored(id)).toMatchObject({ transferring: true, ownerUnitId: kant, transferFromUnitId: bishkek });
    refused(await bdoc.post('/api/cases/case/transferout', { tbcaseId: id, unitToId: kant }), 400, 'Случай уже переводится в другое учреждение');
    refused(await bdoc.post('/api/cases/case/transferin', { tbcaseId: id }), 403, 'Вы не можете подтвердить это восстановление');
    // the receiving unit sees it on its case page and confirms
    expect((await kdoc.get(`/api/tbl/case/${id}`)).body).toMatchObject({ transferring: true, ownerUnit: { id: kant }, transferFromUnit: { id: bishkek } });
    expect((await kdoc.post('/api/cases/case/transferin', { tbcaseId: id, moveDate: '2025-02-03' })).status).toBe(200);
    expect(await stored(id)).toMatchObject({ transferring: false, ownerUnitId: kant });
    expect((await bdoc.get(`/api/tbl/case/${id}`)).status).toBe(404);
    refused(await kdoc.post('/api/cases/case/transferin', { tbcaseId: id }), 400, 'Случай не переводится');
    expect((await actionsOf(id)).map((h) => h.action)).toEqual(['create', 'transferout', 'transferin']);
  });

  it('needs moveDate to move a case on treatment; the sending unit undoes a transfer', async () => {
    const id = await newCase({ state: 'ONTREATMENT', iniTreatmentDate: '2025-01-15' });
    const noDate = await bdoc.post('/api/cases/case/transferout', { tbcaseId: id, unitToId: kant });
    expect(noDate.status).toBe(400);
    expect(noDate.body.errors[0].field).toBe('moveDate');
    expect((await bdoc.post('/api/cases/case/transferout', { tbcaseId: id, unitToId: kant, moveDate: '2025-02-01' })).status).toBe(200);
    refused(await kdoc.get(`/api/cases/case/undotransferout/${id}`), 403, 'Отменить перевод может только учреждение, из которого переводится случай');
    expect((await bdoc.get(`/api/cases/case/undotransferout/${id}`)).status).toBe(200);
    expect(await stored(id)).toMatchObject({ transferring: false, ownerUnitId: bishkek });
    expect((await actionsOf(id)).map((h) => h.action)).toEqual(['create', 'transferout', 'undotransfer']);
  });
});

describe('suspect follow-up (GET …/suspectfollowup/initform/{classification}, POST /api/cases/case/suspectfollowup {doc, tbcaseId})', () => {
  it('offers the form per classification and confirms a suspect as DRTB; a confirmed case is refused', async () => {
    const form = await bdoc.get('/api/cases/case/suspectfollowup/initform/DRTB');
    expect(form.status).toBe(200);
    expect(form.body.doc.outcome).toBe('DRTB');
    expect(form.body.schema.properties.outcome.enum).toEqual(['TB', 'DRTB', 'NOT_TB']);
    expect((await bdoc.get('/api/cases/case/suspectfollowup/initform/XX')).status).toBe(404);

    const id = await newCase({ diagnosisType: 'SUSPECT', classification: 'DRTB' });
    const r = await bdoc.post('/api/cases/case/suspectfollowup', { tbcaseId: id, doc: { outcome: 'DRTB', date: '2025-02-01' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await stored(id)).toMatchObject({ diagnosisType: 'CONFIRMED', classification: 'DRTB', diagnosisDate: '2025-02-01' });
    refused(await bdoc.post('/api/cases/case/suspectfollowup', { tbcaseId: id, doc: { outcome: 'TB', date: '2025-02-01' } }), 400, 'Случай уже подтверждён: наблюдение предположительного случая не требуется');
    expect((await actionsOf(id)).map((h) => h.action)).toEqual(['create', 'suspectfollowup']);
  });
});

describe('tags (POST /api/cases/tag/update {tbcaseId, tagIds, newTags})', () => {
  it('adds a new tag alone (no tag chosen) and removes the last tag (nothing chosen)', async () => {
    const id = await newCase();
    const alone = await bdoc.post('/api/cases/tag/update', { tbcaseId: id, newTags: ['Только новая'] });
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
    expect((await bdoc.get(`/api/tbl/case/${id}`)).body.tags.map((g: any) => g.name)).toEqual(['Только новая']);
    const none = await bdoc.post('/api/cases/tag/update', { tbcaseId: id, tagIds: [], newTags: null });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect((await bdoc.get(`/api/tbl/case/${id}`)).body.tags).toEqual([]);
    const history = (await actionsOf(id)).filter((h) => h.action === 'tag');
    expect(history).toHaveLength(2);
    expect(JSON.stringify(history[1].detail)).toContain('Только новая');
  });

  it('sets the manual tags, makes new ones, keeps automatic ones; the case page lists them; the history says before and after', async () => {
    const id = await newCase();
    const manual = (await admin.post('/api/tbl/tag', { name: 'Приоритет', active: true, autoGenerated: false, consistencyCheck: false })).body.result;
    // the dialog's options: the workspace's manual tags, for a user who may read cases
    const opts = await bdoc.post('/api/opts/tag', { autoGenerated: false });
    expect(opts.status, JSON.stringify(opts.body)).toBe(200);
    expect(opts.body.map((o: any) => o.value)).toContain(manual);

    const r = await bdoc.post('/api/cases/tag/update', { tbcaseId: id, tagIds: [manual], newTags: ['Контроль ВК'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    let tags = (await bdoc.get(`/api/tbl/case/${id}`)).body.tags;
    expect(tags.map((g: any) => [g.name, g.type])).toEqual([['Контроль ВК', 'MANUAL'], ['Приоритет', 'MANUAL']]);
    const made = tags.find((g: any) => g.name === 'Контроль ВК').id;

    // the new tag is reused by name; leaving a tag out removes it
    expect((await bdoc.post('/api/cases/tag/update', { tbcaseId: id, tagIds: [], newTags: ['Контроль ВК'] })).status).toBe(200);
    tags = (await bdoc.get(`/api/tbl/case/${id}`)).body.tags;
    expect(tags).toEqual([{ id: made, name: 'Контроль ВК', type: 'MANUAL' }]);
    const history = (await actionsOf(id)).filter((h) => h.action === 'tag');
    expect(history).toHaveLength(2);
    expect(JSON.stringify(history[1].detail)).toContain('Приоритет');
  });

  it('refuses a new tag over 20 characters and an automatic tag — on their fields, nothing changed', async () => {
    const id = await newCase();
    const long = await bdoc.post('/api/cases/tag/update', { tbcaseId: id, tagIds: [], newTags: ['x'.repeat(21)] });
    expect(long.status).toBe(400);
    expect(long.body.errors[0].field).toBe('newTags.0');
    const auto = (await admin.post('/api/tbl/tag', { name: 'Авто', active: true, autoGenerated: true, sqlCondition: 'tbcase.validated', consistencyCheck: false })).body.result;
    expect(auto).toMatch(/^[0-9a-f-]{36}$/);
    refused(await bdoc.post('/api/cases/tag/update', { tbcaseId: id, tagIds: [auto] }), 400, 'Выберите отметки, которые ставятся вручную', 'tagIds');
    expect((await bdoc.get(`/api/tbl/case/${id}`)).body.tags).toEqual([]);
    expect((await db().selectFrom('tag').select('id').where('name', '=', 'x'.repeat(21)).execute())).toEqual([]);
  });
});

describe('delete (DELETE /api/tbl/case/{id})', () => {
  it('deletes an unvalidated suspect with NEWSUSP (not with NEWCASE alone); a validated case needs CASE_DEL_VAL', async () => {
    const newcase = await createUser(server, admin, 'CWNEWCASE', [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    const suspect = await newCase({ diagnosisType: 'SUSPECT' });
    refused(await newcase.delete(`/api/tbl/case/${suspect}`), 403, 'Нет права удалить этот случай: нужно право регистрировать такие случаи');
    expect((await bdoc.delete(`/api/tbl/case/${suspect}`)).body).toEqual({ success: true });
    expect((await admin.get(`/api/tbl/case/${suspect}`)).status).toBe(404);
    expect((await actionsOf(suspect)).map((h) => h.action)).toEqual(['create', 'delete']);

    const validated = await newCase();
    expect((await bdoc.get(`/api/cases/case/validate/${validated}`)).status).toBe(200);
    refused(await bdoc.delete(`/api/tbl/case/${validated}`), 403, 'Удалить обоснованный случай может только пользователь с правом удалять обоснованные случаи');
    const delval = await createUser(server, admin, 'CWDELVAL', [{ permission: 'CASEMAN' }, { permission: 'CASE_DEL_VAL' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    expect((await kdoc.delete(`/api/tbl/case/${validated}`)).status).toBe(404);
    expect((await delval.delete(`/api/tbl/case/${validated}`)).status).toBe(200);
    expect((await db().selectFrom('tbcase').select('id').where('id', '=', validated).execute())).toEqual([]);
  });

  it('lists the case’s actions with delete and tag', async () => {
    const id = await newCase();
    const list = (await bdoc.get(`/api/tbl/case/${id}/actions`)).body;
    expect(list.find((a: any) => a.name === 'delete')).toEqual({ name: 'delete', enabled: true });
    expect(list.find((a: any) => a.name === 'tag')).toEqual({ name: 'tag', enabled: true });
    expect(list.find((a: any) => a.name === 'reopen').enabled).toBe(false);
  });
});
