// New-case notification: the form of each diagnosis type × classification comes
// from its variant file and saves a patient and a case owned and notified by the unit, with history;
// an existing patient gets the new case; NEWSUSP / NEWCASE and the unit's place in the user's view
// are enforced; a refused document stores nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../engine/i18n.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { unitNamed } from '../helpers/cases.ts';
import { createUser } from '../helpers/users.ts';

let unitA: string;
let unitB: string;

const db = () => kysely(server.ctx.orm.em.fork());
const count = async (table: string) => Number((await kyselyByName(server.ctx.orm.em.fork()).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const counts = async () => ({ patient: await count('patient'), tbcase: await count('tbcase'), history: await count('cmdhistory') });

const patient = (lastName: string) => ({ name: 'Айбек', lastName, middleName: 'Асанович', gender: 'MALE', birthDate: '1980-05-01' });
/** A case part holding every field the variant's form requires. */
function casePart(diagnosisType: string, classification: string) {
  return {
    registrationDate: '2026-11-20',
    registrationGroup: 'NEW',
    ...(diagnosisType === 'CONFIRMED' ? { diagnosisDate: '2026-11-18' } : {}),
    ...(diagnosisType === 'CONFIRMED' && classification === 'DRTB' ? { drugResistanceType: 'MDR' } : {}),
  };
}
const notify = (client: ApiClient, diagnosisType: string, caseClassification: string, doc: unknown, unitId: string, patientId?: string) =>
  client.post('/api/cases/case/newnotif', { doc, unitId, patientId, diagnosisType, caseClassification });

useTestServer();
beforeAll(async () => {
  unitA = await unitNamed(admin, 'Ош');
  unitB = await unitNamed(admin, 'Бишкек');
  expect(unitA).not.toBe(unitB);
}, 180_000);

describe('notification of each diagnosis type × classification', () => {
  const variants = [
    ['SUSPECT', 'TB', 'newnotif_suspect_tb'],
    ['SUSPECT', 'DRTB', 'newnotif_suspect_drtb'],
    ['SUSPECT', 'NTM', 'newnotif_suspect_ntm'],
    ['CONFIRMED', 'TB', 'newnotif_tb'],
    ['CONFIRMED', 'DRTB', 'newnotif_drtb'],
    ['CONFIRMED', 'NTM', 'newnotif_ntm'],
  ] as const;
  for (const [diag, cla, form] of variants) {
    it(`${diag} ${cla}: the form of ${form}, saved as a new patient and case of the unit, with history`, async () => {
      const f = await admin.post('/api/cases/case/newnotif/form', { diagnosisType: diag, caseClassification: cla });
      expect(f.status, JSON.stringify(f.body)).toBe(200);
      expect(f.body.resources.form.name).toBe(form);
      expect(f.body.schema.properties.patient.properties.lastName).toMatchObject({ type: 'string' });
      expect(f.body.doc).toEqual({});
      const before = await counts();
      const r = await notify(admin, diag, cla, { patient: patient(`Вариантов-${form}`), tbcase: casePart(diag, cla) }, unitA);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const c = await db().selectFrom('tbcase').selectAll().where('id', '=', r.body.result).executeTakeFirstOrThrow();
      expect([c.diagnosis_type, c.classification, c.owner_unit_id, c.notification_unit_id, c.state]).toEqual([diag, cla, unitA, unitA, 'NOT_ONTREATMENT']);
      expect(c.case_number).toMatch(/^\d{6}$/);
      const p = await db().selectFrom('patient').selectAll().where('id', '=', c.patient_id).executeTakeFirstOrThrow();
      expect([p.last_name, p.name]).toEqual([`Вариантов-${form}`, 'Айбек']);
      expect(await counts()).toEqual({ patient: before.patient + 1, tbcase: before.tbcase + 1, history: before.history + 2 });
      const history = await db().selectFrom('cmdhistory').select(['type', 'action']).where('entity_id', '=', r.body.result).execute();
      expect(history).toEqual([{ type: 'tbcase', action: 'create' }]);
    });
  }

  it('a chosen patient gets the new case (and the changes made to them), no second patient', async () => {
    const first = await notify(admin, 'SUSPECT', 'TB', { patient: patient('Повторов'), tbcase: casePart('SUSPECT', 'TB') }, unitA);
    const patientId = (await db().selectFrom('tbcase').select('patient_id').where('id', '=', first.body.result).executeTakeFirstOrThrow()).patient_id;
    const before = await counts();
    const again = await notify(admin, 'CONFIRMED', 'DRTB', { patient: { ...patient('Повторов'), motherName: 'Гульнара' }, tbcase: casePart('CONFIRMED', 'DRTB') }, unitB, patientId);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const c = await db().selectFrom('tbcase').select(['patient_id', 'owner_unit_id']).where('id', '=', again.body.result).executeTakeFirstOrThrow();
    expect(c).toEqual({ patient_id: patientId, owner_unit_id: unitB });
    expect((await db().selectFrom('patient').select('mother_name').where('id', '=', patientId).executeTakeFirstOrThrow()).mother_name).toBe('Гульнара');
    const after = await counts();
    expect([after.patient, after.tbcase, after.history]).toEqual([before.patient, before.tbcase + 1, before.history + 2]);
    const unknown = await notify(admin, 'CONFIRMED', 'TB', { patient: patient('Никто'), tbcase: casePart('CONFIRMED', 'TB') }, unitA, crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].field).toBe('patientId');
  });
});

describe("a patient found in another unit (the search spans the workspace)", () => {
  it('gets the new case but keeps their data, unless the user’s view already holds one of their cases', async () => {
    const first = await notify(admin, 'SUSPECT', 'TB', { patient: patient('Чужаков'), tbcase: casePart('SUSPECT', 'TB') }, unitB);
    const patientId = (await db().selectFrom('tbcase').select('patient_id').where('id', '=', first.body.result).executeTakeFirstOrThrow()).patient_id as string;
    const stored = () => db().selectFrom('patient').select(['name', 'last_name', 'birth_date']).where('id', '=', patientId).executeTakeFirstOrThrow()
      .then((p) => ({ name: p.name, lastName: p.last_name, birthDate: new Date(p.birth_date!).toISOString().slice(0, 10) }));
    const asStored = { name: 'Айбек', lastName: 'Чужаков', birthDate: '1980-05-01' };
    expect(await stored()).toEqual(asStored);
    const doctorA = await createUser(server, admin, 'LINKA', [{ permission: 'CASEMAN' }, { permission: 'NEWSUSP' }], 'Passw0rd', { unitId: unitA, view: 'UNIT' });
    const found = (await doctorA.post('/api/tbl/patient/search', { lastName: 'Чужаков', name: 'Айбек' })).body.list.map((h: any) => h.patient.id);
    expect(found).toContain(patientId);
    const rewritten = { ...patient('Подменов'), name: 'Иван', birthDate: '1999-09-09' };
    const linked = await notify(doctorA, 'SUSPECT', 'TB', { patient: rewritten, tbcase: casePart('SUSPECT', 'TB') }, unitA, patientId);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect((await db().selectFrom('tbcase').select('patient_id').where('id', '=', linked.body.result).executeTakeFirstOrThrow()).patient_id).toBe(patientId);
    expect(await stored()).toEqual(asStored);
    expect(await db().selectFrom('cmdhistory').select('id').where('entity_id', '=', patientId).where('action', '=', 'update').execute()).toEqual([]);
    // nor after it: the linked case in A's view does not make the patient A's to rename (the case's edit form)
    const sharedIdentity = 'Пациент впервые зарегистрирован в другом учреждении: его ФИО, дату рождения и пол может изменить только пользователь, который видит тот случай';
    const form = (await doctorA.get(`/api/cases/case/edit/form/${linked.body.result}`)).body;
    expect(form.doc.patient).toMatchObject({ lastName: 'Чужаков' });
    const edited = await doctorA.post('/api/cases/case/edit/save', { caseId: linked.body.result, patientId, doc: { ...form.doc, patient: { ...form.doc.patient, lastName: 'Подменов', birthDate: '1999-09-09' } } });
    const direct = await doctorA.post(`/api/tbl/patient/${patientId}`, { lastName: 'Подменов' });
    expect([edited.status, edited.body.errors]).toEqual([403, [{ field: 'patient', msg: sharedIdentity }]]);
    expect(direct.status).toBe(403); // the generic API's patient writes are not a doctor's at all
    expect(await stored()).toEqual(asStored);
    // a doctor of the unit holding the patient's case may correct them while notifying
    const doctorB = await createUser(server, admin, 'LINKB', [{ permission: 'CASEMAN' }, { permission: 'NEWSUSP' }], 'Passw0rd', { unitId: unitB, view: 'UNIT' });
    const corrected = await notify(doctorB, 'SUSPECT', 'TB', { patient: { ...patient('Чужаков'), birthDate: '1980-05-02' }, tbcase: casePart('SUSPECT', 'TB') }, unitB, patientId);
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(await stored()).toEqual({ ...asStored, birthDate: '1980-05-02' });
  });
});

describe('refusals store nothing', () => {
  it('a document breaking the form’s rules: 400 with the fields named, nothing stored', async () => {
    const before = await counts();
    const r = await notify(admin, 'CONFIRMED', 'DRTB', { patient: { ...patient('Ошибкин'), name: '' }, tbcase: { registrationDate: '2026-11-20', registrationGroup: 'NEW' } }, unitA);
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    const fields = r.body.errors.map((e: any) => e.field).sort();
    expect(fields).toEqual(expect.arrayContaining(['patient.name', 'tbcase.diagnosisDate', 'tbcase.drugResistanceType']));
    for (const e of r.body.errors) expect(typeof e.msg).toBe('string');
    const sneaky = await notify(admin, 'SUSPECT', 'TB', { patient: patient('Ошибкин'), tbcase: { ...casePart('SUSPECT', 'TB'), diagnosisType: 'CONFIRMED' } }, unitA);
    expect(sneaky.status).toBe(400);
    const badVariant = await admin.post('/api/cases/case/newnotif/form', { diagnosisType: 'SUSPECT', caseClassification: 'XX' });
    expect(badVariant.status).toBe(400);
    expect(badVariant.body.errors[0].field).toBe('caseClassification');
    const badUnit = await notify(admin, 'SUSPECT', 'TB', { patient: patient('Ошибкин'), tbcase: casePart('SUSPECT', 'TB') }, 'nope');
    expect(badUnit.status).toBe(400);
    expect(badUnit.body.errors[0].field).toBe('unitId');
    expect(await counts()).toEqual(before);
  });

  it('needs NEWSUSP for a suspect and NEWCASE for a confirmed case', async () => {
    const suspects = await createUser(server, admin, 'NOTIFSUSP', [{ permission: 'CASEMAN' }, { permission: 'NEWSUSP' }], 'Passw0rd', { unitId: unitA });
    const confirmed = await createUser(server, admin, 'NOTIFCONF', [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }], 'Passw0rd', { unitId: unitA });
    const reader = await createUser(server, admin, 'NOTIFREAD', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: unitA });
    const before = await counts();
    expect((await suspects.post('/api/cases/case/newnotif/form', { diagnosisType: 'CONFIRMED', caseClassification: 'TB' })).status).toBe(403);
    const refused = await notify(suspects, 'CONFIRMED', 'TB', { patient: patient('Правов'), tbcase: casePart('CONFIRMED', 'TB') }, unitA);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([{ field: null, msg: t('ru', 'msg.forbidden') }]);
    expect((await notify(confirmed, 'SUSPECT', 'NTM', { patient: patient('Правов'), tbcase: casePart('SUSPECT', 'NTM') }, unitA)).status).toBe(403);
    expect((await notify(reader, 'SUSPECT', 'TB', { patient: patient('Правов'), tbcase: casePart('SUSPECT', 'TB') }, unitA)).status).toBe(403);
    expect((await reader.post('/api/tbl/patient/search', { name: 'Айбек' })).status).toBe(403);
    expect(await counts()).toEqual(before);
    // and each may notify what they hold
    expect((await notify(suspects, 'SUSPECT', 'DRTB', { patient: patient('Правов'), tbcase: casePart('SUSPECT', 'DRTB') }, unitA)).status).toBe(200);
    expect((await notify(confirmed, 'CONFIRMED', 'NTM', { patient: patient('Правова'), tbcase: casePart('CONFIRMED', 'NTM') }, unitA)).status).toBe(200);
  });

  it('a unit outside the user’s view is refused (and so is one they may not write for)', async () => {
    const local = await createUser(server, admin, 'NOTIFLOCAL', [{ permission: 'CASEMAN' }, { permission: 'NEWSUSP' }], 'Passw0rd', { unitId: unitA, view: 'UNIT' });
    const wide = await createUser(server, admin, 'NOTIFWIDE', [{ permission: 'CASEMAN' }, { permission: 'NEWSUSP' }], 'Passw0rd', { unitId: unitA, view: 'WORKSPACE' });
    const before = await counts();
    const outside = await notify(local, 'SUSPECT', 'TB', { patient: patient('Чужов'), tbcase: casePart('SUSPECT', 'TB') }, unitB);
    expect(outside.status).toBe(404);
    expect(outside.body.errors[0].field).toBe('unitId');
    const notTheirs = await notify(wide, 'SUSPECT', 'TB', { patient: patient('Чужов'), tbcase: casePart('SUSPECT', 'TB') }, unitB);
    expect(notTheirs.status).toBeGreaterThanOrEqual(400);
    expect(notTheirs.status).toBeLessThan(500);
    expect(await counts()).toEqual(before);
    const own = await notify(local, 'SUSPECT', 'TB', { patient: patient('Свойский'), tbcase: casePart('SUSPECT', 'TB') }, unitA);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });
});
