// The case workflow: validate, close, reopen, suspect follow-up and delete are declared actions on
// tbcase, each guarded by its permission (ids of the permission tree) and its rule, refused with a
// clear message and nothing changed, written to the command history. Also the case number a new
// case gets per workspace. The transfer between units: case-transfer.test.ts; the set-up both
// share: tests/helpers/case-workflow.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { generateCases } from '../../cases/generate.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { historyOf } from '../helpers/history.ts';
import { createCase, newPatient, setCaseValidation } from '../helpers/cases.ts';
import type { ApiClient } from '../helpers/server.ts';
import { act, bdoc, bishkek, db, kant, kdoc, newCase, patientId, reader, refused, stored, useWorkflowUsers } from '../helpers/case-workflow.ts';

useTestServer();
useWorkflowUsers();

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
