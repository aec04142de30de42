// The case workflow: validate, close, reopen, transfer out / in / undo
// are declared actions on tbcase, each guarded by its permission (ids of the permission tree) and
// its rule, refused with a clear message and nothing changed, written to the command history. Also
// the case number a new case gets per workspace, and the row scope a transfer widens: the unit
// a case leaves and the one it goes to both see it until it is confirmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCases } from '../../cases/generate.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { historyOf } from '../helpers/history.ts';
import { createCase, newPatient, setCaseValidation, unitNamed } from '../helpers/cases.ts';
import { createUser } from '../helpers/users.ts';

let bdoc: ApiClient; // Bishkek, unit view
let kdoc: ApiClient; // Kant, unit view
let reader: ApiClient; // Bishkek, CASEMAN only
let bishkek: string;
let kant: string;
let patientId: string;

const db = () => kysely(server.ctx.orm.em.fork());
const stored = async (id: string) => (await admin.get(`/api/tbl/tbcase/${id}`)).body;
const act = (who: ApiClient, id: string, name: string, body: unknown = {}) => who.post(`/api/tbl/tbcase/${id}/action/${name}`, body);
const WORKFLOW = ['CASEMAN', 'CASE_VALIDATE', 'CASE_CLOSE', 'CASE_REOPEN', 'CASE_TRANSFER', 'NEWCASE'].map((permission) => ({ permission }));

/** A new case of Bishkek (by the administrator, the only one with plain case writes). */
const newCase = (extra: Record<string, unknown> = {}) => createCase(admin, patientId, bishkek, extra);

/** The refusal a user sees: 4xx with one message and no field. */
const refused = (r: { status: number; body: any }, status: number, msg: string) => {
  expect(r.status).toBe(status);
  expect(r.body).toEqual({ success: false, errors: [{ field: null, msg }] });
};

useTestServer();
beforeAll(async () => {
  bishkek = await unitNamed(admin, 'Бишкекский');
  kant = await unitNamed(admin, 'Ысык-Атинский');
  patientId = await newPatient(admin, { name: 'Асель', lastName: 'Токтогулова', gender: 'FEMALE', birthDate: '1990-05-01', motherName: 'Гулнара', documentNumber: 'ID1234567' });
  bdoc = await createUser(server, admin, 'WFBISHKEK', WORKFLOW, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
  kdoc = await createUser(server, admin, 'WFKANT', WORKFLOW, 'Passw0rd', { unitId: kant, view: 'UNIT' });
  reader = await createUser(server, admin, 'WFREADER', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
}, 180_000);

describe('case number', () => {
  it('numbers new cases per workspace, distinct under concurrency; a given number is kept', async () => {
    const ids = await Promise.all([newCase(), newCase(), newCase()]);
    const numbers = await Promise.all(ids.map(async (id) => (await stored(id)).caseNumber as string));
    expect(numbers.every((n) => /^\d{6}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(3);
    const sorted = numbers.map(Number).sort((a, b) => a - b);
    expect(sorted[2] - sorted[0]).toBe(2);
    const given = await newCase({ caseNumber: 'ТБ-2025-0100' });
    expect((await stored(given)).caseNumber).toBe('ТБ-2025-0100');
  });

  it('is unique within the workspace: a number taken is refused, and numbering skips a number a user typed', async () => {
    const first = await newCase();
    const n = Number((await stored(first)).caseNumber);
    const next = String(n + 1).padStart(6, '0');
    await newCase({ caseNumber: next }); // typed by a user: the number the counter would give next
    const after = await newCase();
    expect((await stored(after)).caseNumber).toBe(String(n + 2).padStart(6, '0'));
    const again = await admin.post('/api/tbl/tbcase', { patientId, ownerUnitId: bishkek, notificationUnitId: bishkek, diagnosisType: 'CONFIRMED', classification: 'TB', registrationDate: '2025-01-10', caseNumber: next });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ field: 'caseNumber', msg: 'Такое значение уже существует' }]);
    expect(await db().selectFrom('tbcase').select('id').where('case_number', '=', next).execute()).toHaveLength(1);
  });

  it('stores the new patient and case fields in real columns', async () => {
    const id = await newCase({ infectionSite: 'PULMONARY', drugResistanceType: 'MDR', classification: 'DRTB' });
    const row = await db().selectFrom('tbcase').innerJoin('patient', 'patient.id', 'tbcase.patient_id')
      .select(['tbcase.infection_site', 'tbcase.drug_resistance_type', 'patient.mother_name', 'patient.document_number']).where('tbcase.id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ infection_site: 'PULMONARY', drug_resistance_type: 'MDR', mother_name: 'Гулнара', document_number: 'ID1234567' });
  });
});

describe('validate', () => {
  it('validates a case once; again is refused and changes nothing; the history names it', async () => {
    const id = await newCase();
    const r = await act(bdoc, id, 'validate');
    expect(r.body).toEqual({ success: true });
    const after = await stored(id);
    expect(after.validated).toBe(true);
    refused(await act(bdoc, id, 'validate'), 400, 'Случай уже обоснован');
    expect((await stored(id)).version).toBe(after.version);
    const entry = (await historyOf(id)).at(-1)!;
    expect(entry).toMatchObject({ type: 'tbcase', action: 'validate' });
    expect(entry.detail?.diffs).toEqual([{ title: 'Обосновано', prevValue: 'Нет', newValue: 'Да' }]);
  });

  it('English users get the refusal in English', async () => {
    const id = await newCase({ validated: true });
    const en = await server.login('WFBISHKEK', 'Passw0rd');
    expect((await en.post('/api/sys/language/en', {})).status).toBe(200);
    refused(await act(en, id, 'validate'), 400, 'The case is already validated');
  });
});

describe('validation by the workspace setting per classification', () => {
  afterAll(() => setCaseValidation(admin, { TB: 'ENABLED', DRTB: 'REQUIRED_BEFORE_TREATMENT_START', NTM: 'DISABLED' }));
  const validateListed = async (who: ApiClient, id: string) => (await who.get(`/api/tbl/tbcase/${id}/actions`)).body.find((a: any) => a.name === 'validate');

  it("'Не используется': no validate action, no validation label; 'Используется' brings both back", async () => {
    await setCaseValidation(admin, { TB: 'DISABLED' });
    const id = await newCase();
    expect(await validateListed(bdoc, id)).toMatchObject({ enabled: false, reason: 'Валидация случаев этой классификации не используется' });
    refused(await act(bdoc, id, 'validate'), 400, 'Валидация случаев этой классификации не используется');
    expect((await stored(id)).validated).toBe(false);
    expect((await bdoc.get(`/api/tbl/case/${id}`)).body.validation).toBe('DISABLED');
    // another classification keeps its own setting
    const drtb = await newCase({ classification: 'DRTB' });
    expect((await bdoc.get(`/api/tbl/case/${drtb}`)).body.validation).toBe('REQUIRED_BEFORE_TREATMENT_START');
    expect(await validateListed(bdoc, drtb)).toMatchObject({ enabled: true });

    await setCaseValidation(admin, { TB: 'ENABLED' });
    expect(await validateListed(bdoc, id)).toMatchObject({ enabled: true });
    expect((await bdoc.get(`/api/tbl/case/${id}`)).body.validation).toBe('ENABLED');
    expect((await act(bdoc, id, 'validate')).body).toEqual({ success: true });
  });
});

describe('close and reopen', () => {
  it('offers the outcomes that fit the treatment: cured and completed only after it started, lost before treatment only without it', async () => {
    const untreated = await newCase();
    for (const outcome of ['CURED', 'TREAT_COMPLETED', 'TREAT_FAILED', 'LOST_FOLLOWUP', 'TREAT_INTERRUPTED']) {
      const r = await act(bdoc, untreated, 'close', { outcome, outcomeDate: '2025-06-01' });
      expect(r.status, outcome).toBe(400);
      expect(r.body.errors, outcome).toEqual([{ field: 'outcome', msg: expect.stringContaining('Этот исход не подходит случаю') }]);
    }
    expect((await stored(untreated)).state).toBe('NOT_ONTREATMENT');
    expect((await act(bdoc, untreated, 'close', { outcome: 'LOST_FOLLOWUP_BEFORE_TREATMENT', outcomeDate: '2025-06-01' })).body).toEqual({ success: true });
    expect(await stored(untreated)).toMatchObject({ state: 'CLOSED', outcome: 'LOST_FOLLOWUP_BEFORE_TREATMENT' });

    const notEvaluated = await newCase({ diagnosisType: 'SUSPECT' });
    expect((await act(bdoc, notEvaluated, 'close', { outcome: 'NOT_EVALUATED', outcomeDate: '2025-06-01' })).body).toEqual({ success: true });

    const treated = await newCase({ state: 'ONTREATMENT', iniTreatmentDate: '2025-01-12' });
    expect((await act(bdoc, treated, 'close', { outcome: 'LOST_FOLLOWUP_BEFORE_TREATMENT', outcomeDate: '2025-06-01' })).status).toBe(400);
    expect((await act(bdoc, treated, 'close', { outcome: 'TREAT_FAILED', outcomeDate: '2025-06-01' })).body).toEqual({ success: true });
    // reopened, it is on treatment again: cured fits
    expect((await act(bdoc, treated, 'reopen')).body).toEqual({ success: true });
    expect((await act(bdoc, treated, 'close', { outcome: 'CURED', outcomeDate: '2025-07-01' })).body).toEqual({ success: true });
  });


  it('closes with outcome and date; OTHER needs otherOutcome; a closed case cannot be closed again', async () => {
    const id = await newCase({ state: 'ONTREATMENT', iniTreatmentDate: '2025-01-12' });
    const missing = await act(bdoc, id, 'close', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: any) => e.field).sort()).toEqual(['outcome', 'outcomeDate']);
    const other = await act(bdoc, id, 'close', { outcome: 'OTHER', outcomeDate: '2025-06-01' });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual([{ field: 'otherOutcome', msg: 'Другой исход: Обязательное поле' }]);
    expect((await stored(id)).state).toBe('ONTREATMENT');

    expect((await act(bdoc, id, 'close', { outcome: 'OTHER', outcomeDate: '2025-06-01', otherOutcome: 'Выбыл за границу' })).body).toEqual({ success: true });
    const closed = await stored(id);
    expect(closed).toMatchObject({ state: 'CLOSED', outcome: 'OTHER', outcomeDate: '2025-06-01', otherOutcome: 'Выбыл за границу' });
    refused(await act(bdoc, id, 'close', { outcome: 'CURED', outcomeDate: '2025-07-01' }), 400, 'Случай уже закрыт');
    expect((await stored(id)).version).toBe(closed.version);
    expect((await historyOf(id)).at(-1)).toMatchObject({ type: 'tbcase', action: 'close' });
  });

  it('otherOutcome is not kept for another outcome', async () => {
    const id = await newCase({ state: 'ONTREATMENT', iniTreatmentDate: '2025-01-12' });
    await act(bdoc, id, 'close', { outcome: 'CURED', outcomeDate: '2025-06-01', otherOutcome: 'лишнее' });
    const row = await stored(id);
    expect(row.outcome).toBe('CURED');
    expect(row.otherOutcome).toBeUndefined();
  });

  it('reopens only a closed case: back on treatment, outcome cleared', async () => {
    const id = await newCase({ state: 'ONTREATMENT', iniTreatmentDate: '2025-01-12' });
    const open = await stored(id);
    refused(await act(bdoc, id, 'reopen'), 400, 'Случай не закрыт: возобновить можно только закрытый случай');
    expect((await stored(id)).version).toBe(open.version);
    await act(bdoc, id, 'close', { outcome: 'DIED', outcomeDate: '2025-03-01' });
    expect((await act(bdoc, id, 'reopen')).body).toEqual({ success: true });
    const row = await stored(id);
    expect(row.state).toBe('ONTREATMENT');
    expect(row.outcome).toBeUndefined();
    expect(row.outcomeDate).toBeUndefined();
    expect((await historyOf(id)).map((e) => e.action)).toEqual(['create', 'close', 'reopen']);
  });
});

describe('transfer', () => {
  it('transfers out to another unit: both units see the case, the receiving unit owns it', async () => {
    const id = await newCase();
    expect((await kdoc.get(`/api/tbl/tbcase/${id}`)).status).toBe(404); // not yet Kant's
    expect((await act(bdoc, id, 'transferout', { unitToId: kant })).body).toEqual({ success: true });
    const row = await stored(id);
    expect(row).toMatchObject({ ownerUnitId: kant, transferFromUnitId: bishkek, transferring: true, moveDate: new Date().toISOString().slice(0, 10) });
    expect((await kdoc.get(`/api/tbl/tbcase/${id}`)).status).toBe(200);
    expect((await bdoc.get(`/api/tbl/tbcase/${id}`)).status).toBe(200);
    expect((await kdoc.post('/api/tbl/tbcase/query', {})).body.list.map((c: any) => c.id)).toContain(id);
    // the sending unit's list too (its own cases and the one leaving it, merged in the list's order) and its count
    const sending = (await bdoc.post('/api/tbl/tbcase/query', {})).body;
    expect(sending.list.map((c: any) => c.id)).toContain(id);
    expect(sending.count).toBe(sending.list.length);
    const dates = sending.list.map((c: any) => c.registrationDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    const entry = (await historyOf(id)).at(-1)!;
    expect(entry).toMatchObject({ type: 'tbcase', action: 'transferout' });
    expect(entry.detail?.diffs).toContainEqual(expect.objectContaining({ title: 'Учреждение, ведущее случай', newValue: expect.stringContaining('Ысык-Атинский') }));

    refused(await act(bdoc, id, 'transferout', { unitToId: kant }), 400, 'Случай уже переводится в другое учреждение');
    refused(await act(kdoc, id, 'transferout', { unitToId: bishkek }), 400, 'Случай уже переводится в другое учреждение');
    // the sending unit cannot confirm, the receiving one cannot undo
    refused(await act(bdoc, id, 'transferin', {}), 403, 'Вы не можете подтвердить это восстановление');
    refused(await act(kdoc, id, 'undotransfer', {}), 403, 'Отменить перевод может только учреждение, из которого переводится случай');
    expect((await stored(id)).version).toBe(row.version);

    const actions = Object.fromEntries((await bdoc.get(`/api/tbl/tbcase/${id}/actions`)).body.map((a: any) => [a.name, a]));
    expect(actions.transferin).toEqual({ name: 'transferin', enabled: false, reason: 'Вы не можете подтвердить это восстановление' });
    expect(actions.undotransfer.enabled).toBe(true);

    // until Kant accepts it, Bishkek finds it in its unit's cases and counts, marked, and only looks at it
    const unitPage = (await bdoc.post(`/api/cases/unit/${bishkek}`, { tab: 'tbCases' })).body.tbCases;
    expect(unitPage.list.find((c: any) => c.id === id)).toMatchObject({ transferring: true, ownerUnit: { id: kant } });
    expect(unitPage.count).toBe(unitPage.list.length);
    expect((await kdoc.post(`/api/cases/unit/${kant}`, { tab: 'tbCases' })).body.tbCases.list.map((c: any) => c.id)).not.toContain(id);
    const READ_ONLY = 'Случай переведён в другое учреждение: до подтверждения перевода он доступен только для просмотра';
    for (const name of ['validate', 'close', 'delete']) expect(actions[name], name).toMatchObject({ enabled: false, reason: READ_ONLY });
    refused(await act(bdoc, id, 'close', { outcome: 'DIED', outcomeDate: '2025-06-01' }), 403, READ_ONLY);
    refused(await act(bdoc, id, 'validate'), 403, READ_ONLY);
    // nor edits it, starts its treatment or adds to it, whatever the route: 403, read-only here
    const sender = await createUser(server, admin, 'WFSENDER', [...WORKFLOW, { permission: 'CASECONTACT', canChange: true }, { permission: 'CASE_TREAT' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    const contactsBefore = (await admin.post('/api/tbl/contact/query', { filters: { caseId: id } })).body.count;
    for (const r of [
      await sender.post('/api/cases/case/edit/save', { caseId: id, doc: await (async () => { const d = (await sender.get(`/api/cases/case/edit/form/${id}`)).body.doc; return { ...d, tbcase: { ...d.tbcase, registrationDate: '2025-01-11', diagnosisDate: '2025-01-11' } }; })() }),
      await sender.post('/api/cases/contact/new', { caseId: id, doc: { patient: { name: 'Бакыт', lastName: 'Токтогулов', gender: 'MALE', birthDate: '1991-01-01' }, contact: { registrationDate: '2025-01-12', contactType: 'household' } } }),
      await sender.post('/api/cases/case/treatment/start', { caseId: id, unitId: bishkek, iniDate: '2025-01-06' }),
    ]) {
      expect([r.status, r.body.errors?.[0]?.msg]).toEqual([403, 'Эта запись доступна вам только для просмотра (например, случай, переведённый в другое учреждение, до подтверждения перевода)']);
    }
    expect((await admin.post('/api/tbl/contact/query', { filters: { caseId: id } })).body.count).toBe(contactsBefore);
    expect((await stored(id)).version).toBe(row.version);
    // the receiving unit acts on it
    const receiving = Object.fromEntries((await kdoc.get(`/api/tbl/tbcase/${id}/actions`)).body.map((a: any) => [a.name, a]));
    expect(receiving.validate.enabled).toBe(true);

    expect((await act(kdoc, id, 'transferin', {})).body).toEqual({ success: true });
    const done = await stored(id);
    expect(done).toMatchObject({ ownerUnitId: kant, transferring: false });
    expect(done.transferFromUnitId).toBeUndefined();
    expect((await bdoc.get(`/api/tbl/tbcase/${id}`)).status).toBe(404); // Bishkek's sight ended
    expect((await historyOf(id)).map((e) => e.action)).toEqual(['create', 'transferout', 'transferin']);
  });

  it('undo by the sending unit takes the case back', async () => {
    const id = await newCase();
    await act(bdoc, id, 'transferout', { unitToId: kant });
    expect((await act(bdoc, id, 'undotransfer', {})).body).toEqual({ success: true });
    const row = await stored(id);
    expect(row).toMatchObject({ ownerUnitId: bishkek, transferring: false });
    expect(row.transferFromUnitId).toBeUndefined();
    expect((await kdoc.get(`/api/tbl/tbcase/${id}`)).status).toBe(404);
    refused(await act(bdoc, id, 'undotransfer', {}), 400, 'Случай не переводится');
    refused(await act(bdoc, id, 'transferin', {}), 400, 'Случай не переводится');
    expect((await historyOf(id)).map((e) => e.action)).toEqual(['create', 'transferout', 'undotransfer']);
  });

  it('refuses a closed case, the same unit, an unknown unit, a laboratory, and a case on treatment without the move date', async () => {
    const closed = await newCase({ state: 'CLOSED', iniTreatmentDate: '2025-01-12', outcome: 'CURED', outcomeDate: '2025-05-05' });
    refused(await act(bdoc, closed, 'transferout', { unitToId: kant }), 400, 'Закрытый случай нельзя перевести');
    const id = await newCase({ state: 'ONTREATMENT', iniTreatmentDate: '2025-01-12' });
    const before = await stored(id);
    const same = await act(bdoc, id, 'transferout', { unitToId: bishkek });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([{ field: 'unitToId', msg: 'Случай уже ведётся этим учреждением: выберите другое' }]);
    const noDate = await act(bdoc, id, 'transferout', { unitToId: kant });
    expect(noDate.body.errors).toEqual([{ field: 'moveDate', msg: 'Дата перевода: Обязательное поле' }]);
    const nowhere = await act(bdoc, id, 'transferout', { unitToId: crypto.randomUUID() });
    expect(nowhere.body.errors).toEqual([{ field: 'unitToId', msg: 'Случай можно перевести только в учреждение ТБ' }]);
    const lab = await act(bdoc, id, 'transferout', { unitToId: await unitNamed(admin, 'Национальная референс-лаборатория'), moveDate: '2025-02-01' });
    expect(lab.status).toBe(400);
    expect(lab.body.errors).toEqual([{ field: 'unitToId', msg: 'Случай можно перевести только в учреждение ТБ' }]);
    expect((await stored(id)).version).toBe(before.version);
    expect((await act(bdoc, id, 'transferout', { unitToId: kant, moveDate: '2025-02-01' })).body).toEqual({ success: true });
    expect((await stored(id)).moveDate).toBe('2025-02-01');
    // confirming a case on treatment asks the date its treatment moved (the move dialog)
    const noInDate = await act(kdoc, id, 'transferin', {});
    expect(noInDate.body.errors).toEqual([{ field: 'moveDate', msg: 'Дата перевода: Обязательное поле' }]);
    expect((await stored(id)).transferring).toBe(true);
    expect((await act(kdoc, id, 'transferin', { moveDate: '2025-02-03' })).body).toEqual({ success: true });
    expect(await stored(id)).toMatchObject({ ownerUnitId: kant, transferring: false, moveDate: '2025-02-03' });
  });
});

describe('transfer by a user of another unit', () => {
  it('without playOtherUnits: reads another unit’s case but cannot transfer it (403); nothing changes', async () => {
    const other = await createUser(server, admin, 'WFKANTWS', WORKFLOW, 'Passw0rd', { unitId: kant, view: 'WORKSPACE', playOtherUnits: false });
    const id = await newCase();
    expect((await other.get(`/api/tbl/tbcase/${id}`)).body.ownerUnitId).toBe(bishkek);
    refused(await act(other, id, 'transferout', { unitToId: kant }), 403, 'Вы не можете переводить случаи другого учреждения');
    expect(await stored(id)).toMatchObject({ ownerUnitId: bishkek, transferring: false });
    expect((await historyOf(id)).map((e) => e.action)).toEqual(['create']);
  });

  it('with playOtherUnits: transfers out, undoes and confirms for units not their own', async () => {
    // a user of Kant who plays other units moves a Bishkek case to Kant, takes it back for Bishkek,
    // and moves it again; the receiving unit's confirmation is also theirs to give
    const player = await createUser(server, admin, 'WFPLAYER', WORKFLOW, 'Passw0rd', { unitId: kant, view: 'WORKSPACE', playOtherUnits: true });
    const id = await newCase();
    expect((await act(player, id, 'transferout', { unitToId: kant })).body).toEqual({ success: true });
    expect(await stored(id)).toMatchObject({ ownerUnitId: kant, transferFromUnitId: bishkek, transferring: true });
    expect((await act(player, id, 'undotransfer', {})).body).toEqual({ success: true });
    expect(await stored(id)).toMatchObject({ ownerUnitId: bishkek, transferring: false });
    const otherTb = await unitNamed(admin, 'Сокулукский');
    expect((await act(player, id, 'transferout', { unitToId: otherTb })).body).toEqual({ success: true });
    expect((await act(player, id, 'transferin', {})).body).toEqual({ success: true });
    expect(await stored(id)).toMatchObject({ ownerUnitId: otherTb, transferring: false });
    expect((await historyOf(id)).map((e) => e.action)).toEqual(['create', 'transferout', 'undotransfer', 'transferout', 'transferin']);
  });
});

describe('suspect follow-up', () => {
  it('confirms a suspect as DRTB from its diagnosis date; a confirmed case has no suspect follow-up', async () => {
    const id = await newCase({ diagnosisType: 'SUSPECT' });
    const early = await act(bdoc, id, 'suspectfollowup', { outcome: 'DRTB', date: '2025-01-01' });
    expect(early.body.errors).toEqual([{ field: 'date', msg: 'Дата не может предшествовать дате регистрации случая' }]);
    refused(await act(reader, id, 'suspectfollowup', { outcome: 'DRTB', date: '2025-02-01' }), 403, 'Нет прав доступа');
    expect((await act(bdoc, id, 'suspectfollowup', { outcome: 'DRTB', date: '2025-02-01' })).body).toEqual({ success: true });
    const row = await stored(id);
    expect(row).toMatchObject({ diagnosisType: 'CONFIRMED', classification: 'DRTB', diagnosisDate: '2025-02-01', state: 'NOT_ONTREATMENT' });
    refused(await act(bdoc, id, 'suspectfollowup', { outcome: 'TB', date: '2025-02-01' }), 400, 'Случай уже подтверждён: наблюдение предположительного случая не требуется');
    expect((await stored(id)).version).toBe(row.version);
    expect((await historyOf(id)).map((e) => e.action)).toEqual(['create', 'suspectfollowup']);
  });

  it('closes a suspect that is not TB', async () => {
    const id = await newCase({ diagnosisType: 'SUSPECT' });
    expect((await act(bdoc, id, 'suspectfollowup', { outcome: 'NOT_TB', date: '2025-02-01' })).body).toEqual({ success: true });
    expect(await stored(id)).toMatchObject({ diagnosisType: 'SUSPECT', state: 'CLOSED', outcome: 'NOT_TB', outcomeDate: '2025-02-01' });
    refused(await act(bdoc, id, 'suspectfollowup', { outcome: 'TB', date: '2025-02-02' }), 400, 'Случай уже закрыт');
  });
});

describe('permissions and views', () => {
  it('refuses each action without its permission (403) and changes nothing', async () => {
    const id = await newCase();
    const before = await stored(id);
    for (const [name, body] of [['validate', {}], ['close', { outcome: 'CURED', outcomeDate: '2025-06-01' }], ['transferout', { unitToId: kant }]] as const) {
      refused(await act(reader, id, name, body), 403, 'Нет прав доступа');
    }
    await act(admin, id, 'close', { outcome: 'DIED', outcomeDate: '2025-06-01' });
    refused(await act(reader, id, 'reopen'), 403, 'Нет прав доступа');
    expect((await stored(id)).state).toBe('CLOSED');
    expect((await historyOf(id)).map((e) => e.action)).toEqual(['create', 'close']);
    expect(before.version).toBeLessThan((await stored(id)).version);
  });

  it('a unit-view user cannot read, nor act on, another unit’s case', async () => {
    const id = await newCase();
    expect((await kdoc.get(`/api/tbl/tbcase/${id}`)).status).toBe(404);
    expect((await act(kdoc, id, 'validate')).status).toBe(404);
    expect((await kdoc.get(`/api/tbl/tbcase/${id}/actions`)).status).toBe(404);
    expect((await stored(id)).validated).toBe(false);
  });
});

describe('delete', () => {
  it("deleting a patient's only case deletes the patient too (history, tombstone); with another case left, the patient stays", async () => {
    const alone = await newPatient(admin, { name: 'Эрмек', lastName: 'Жумабаев', gender: 'MALE', birthDate: '1977-03-03' });
    const only = await createCase(admin, alone, bishkek);
    expect((await bdoc.delete(`/api/tbl/case/${only}`)).status).toBe(200);
    expect((await admin.get(`/api/tbl/patient/${alone}`)).status).toBe(404);
    expect(await db().selectFrom('patient').select('id').where('id', '=', alone).execute()).toEqual([]);
    expect((await historyOf(alone)).map((e) => [e.type, e.action])).toEqual([['patient', 'create'], ['patient', 'delete']]);
    expect(await db().selectFrom('tombstone').select('row_id').where('row_id', '=', alone).execute()).toHaveLength(1);

    const twice = await newPatient(admin, { name: 'Айбек', lastName: 'Осмонов', gender: 'MALE', birthDate: '1981-07-07' });
    const first = await createCase(admin, twice, bishkek);
    const second = await createCase(admin, twice, kant, { registrationDate: '2025-02-01' });
    expect((await bdoc.delete(`/api/tbl/case/${first}`)).status).toBe(200);
    expect((await admin.get(`/api/tbl/patient/${twice}`)).status).toBe(200); // still has the Kant case
    expect((await admin.delete(`/api/tbl/tbcase/${second}`)).status).toBe(200); // the generic route too
    expect((await admin.get(`/api/tbl/patient/${twice}`)).status).toBe(404);
  });

  it('deletes a case with its history entry', async () => {
    const id = await newCase();
    expect((await admin.delete(`/api/tbl/tbcase/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/tbl/tbcase/${id}`)).status).toBe(404);
    expect((await historyOf(id)).at(-1)).toMatchObject({ type: 'tbcase', action: 'delete' });
  });
});

describe('notification forms: SUSPECT / CONFIRMED × TB / DRTB / NTM as variants of one form', () => {
  const forms = [
    ['newnotif_suspect_tb', 'SUSPECT', 'TB'], ['newnotif_suspect_drtb', 'SUSPECT', 'DRTB'], ['newnotif_suspect_ntm', 'SUSPECT', 'NTM'],
    ['newnotif_tb', 'CONFIRMED', 'TB'], ['newnotif_drtb', 'CONFIRMED', 'DRTB'], ['newnotif_ntm', 'CONFIRMED', 'NTM'],
  ] as const;

  for (const [form, diagnosisType, classification] of forms) {
    it(`${form} notifies a ${diagnosisType} ${classification} case with a new patient and a case number`, async () => {
      const tbcase: Record<string, unknown> = { registrationDate: '2025-03-01', registrationGroup: 'NEW' };
      if (diagnosisType === 'CONFIRMED') tbcase.diagnosisDate = '2025-02-27';
      if (form === 'newnotif_drtb') tbcase.drugResistanceType = 'MDR';
      const r = await admin.post(`/api/tbl/${form}/save`, { patient: { name: 'Нургуль', lastName: `Форма-${form}`, gender: 'FEMALE' }, tbcase });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const row = await stored(r.body.result);
      expect(row).toMatchObject({ diagnosisType, classification, state: 'NOT_ONTREATMENT', validated: false });
      expect(row.caseNumber).toMatch(/^\d{6}$/);
      expect((await historyOf(r.body.result)).map((e) => e.action)).toEqual(['create']);
    });
  }

  it("the confirmed TB notification asks the site of disease ('Локализация'); an extrapulmonary case names its form; both stored on the case", async () => {
    const patient = { name: 'Жылдыз', lastName: 'Локализация', gender: 'FEMALE' };
    const base = { registrationDate: '2025-03-01', diagnosisDate: '2025-02-27', registrationGroup: 'NEW' };
    const notify = (tbcase: Record<string, unknown>) => admin.post('/api/tbl/newnotif_tb/save', { patient, tbcase: { ...base, ...tbcase } });
    const columns = (id: string) => db().selectFrom('tbcase').select(['infection_site', 'extrapulmonary_form']).where('id', '=', id).executeTakeFirstOrThrow();

    const noForm = await notify({ infectionSite: 'EXTRAPULMONARY' });
    expect(noForm.status).toBe(400);
    expect(noForm.body.errors.map((e: any) => e.field)).toEqual(['tbcase.extrapulmonaryForm']);
    const notWho = await notify({ infectionSite: 'EXTRAPULMONARY', extrapulmonaryForm: 'LUNG' });
    expect(notWho.body.errors.map((e: any) => e.field)).toEqual(['tbcase.extrapulmonaryForm']);
    expect((await notify({ infectionSite: 'BOTH' })).body.errors.map((e: any) => e.field)).toEqual(['tbcase.infectionSite']); // WHO: both counts as pulmonary

    const pleura = await notify({ infectionSite: 'EXTRAPULMONARY', extrapulmonaryForm: 'PLEURA' });
    expect(pleura.status, JSON.stringify(pleura.body)).toBe(200);
    expect(await columns(pleura.body.result)).toEqual({ infection_site: 'EXTRAPULMONARY', extrapulmonary_form: 'PLEURA' });
    // the data tab names them
    const shown = (await admin.get(`/api/tbl/case/form/readonly/${pleura.body.result}`)).body;
    expect(JSON.stringify(shown)).toContain('Плевра (туберкулёзный плеврит)');

    const pulmonary = await notify({ infectionSite: 'PULMONARY' });
    expect(await columns(pulmonary.body.result)).toEqual({ infection_site: 'PULMONARY', extrapulmonary_form: null });
  });

  it('each variant asks its own fields: DRTB the resistance type, a suspect no diagnosis date', async () => {
    const patient = { name: 'Айпери', lastName: 'Без-полей', gender: 'FEMALE' };
    const drtb = await admin.post('/api/tbl/newnotif_drtb/save', { patient, tbcase: { registrationDate: '2025-03-01', diagnosisDate: '2025-02-27', registrationGroup: 'NEW' } });
    expect(drtb.status).toBe(400);
    expect(drtb.body.errors.map((e: any) => e.field)).toEqual(['tbcase.drugResistanceType']);
    const tb = await admin.post('/api/tbl/newnotif_tb/save', { patient, tbcase: { registrationDate: '2025-03-01', registrationGroup: 'NEW' } });
    expect(tb.body.errors.map((e: any) => e.field)).toEqual(['tbcase.diagnosisDate']);
    const suspect = await admin.post('/api/tbl/newnotif_suspect_drtb/save', { patient, tbcase: { registrationDate: '2025-03-01', registrationGroup: 'NEW', diagnosisDate: '2025-02-27' } });
    expect(suspect.status).toBe(400); // not a field of a suspect's notification
    expect(suspect.body.errors.map((e: any) => e.field)).toEqual(['tbcase.diagnosisDate']);
  });
});

describe('generated cases (npm run gen:cases)', () => {
  it('go through the workflow like any case: a generated closed case reopens and closes again', async () => {
    const ws = (await db().selectFrom('unit').select('workspace_id').where('id', '=', bishkek).executeTakeFirstOrThrow()).workspace_id as string;
    await generateCases(db(), ws, 60, { unitIds: [bishkek], seed: 'workflow' });
    const closed = await db().selectFrom('tbcase').select(['id', 'outcome']).where('case_number', 'like', 'G-%').where('state', '=', 'CLOSED').execute();
    expect(closed.length).toBeGreaterThan(5);
    const outcomes = server.ctx.registry.table('tbcase').schema.properties!.outcome.enum as string[];
    expect(closed.every((c) => outcomes.includes(c.outcome as string))).toBe(true);
    // no generated case got a treatment's outcome without a treatment, nor a treatment on a suspect
    const nonsense = await db().selectFrom('tbcase').select('id').where('case_number', 'like', 'G-%')
      .where((w) => w.or([
        w.and([w('ini_treatment_date', 'is', null), w('outcome', 'in', ['CURED', 'TREAT_COMPLETED', 'TREAT_FAILED', 'TREAT_INTERRUPTED', 'LOST_FOLLOWUP'])]),
        w.and([w('diagnosis_type', '=', 'SUSPECT'), w('ini_treatment_date', 'is not', null)]),
        w.and([w('classification', '=', 'DRTB'), w('ini_treatment_date', 'is not', null), w('validated', '=', false)]),
      ])).execute();
    expect(nonsense).toEqual([]);
    for (const c of closed.slice(0, 5)) {
      expect((await act(bdoc, c.id as string, 'reopen')).body).toEqual({ success: true });
      expect((await act(bdoc, c.id as string, 'close', { outcome: 'DIED', outcomeDate: '2025-06-01' })).body).toEqual({ success: true });
    }
  });
});
