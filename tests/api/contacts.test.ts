// Contacts of an index case (WHO DAK process E): a contact is a
// person — a new patient record or one found with the duplicate-proof search — linked to the index
// case, followed by the index case's unit (its contact register), with the index case's resistance
// type and an age from the birth date; a person may be the contact of several index cases, never of
// their own case, once per case. The evaluation's fields are asked as the outcome needs them; a
// presumptive-TB contact notified as a case keeps the link. Who reads and who changes: CASECONTACT,
// CASECONTACT_EDT, the contact's unit in the user's view.
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { addContact, evaluate, postContact, tbExcluded } from '../helpers/contacts.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { historyOf } from '../helpers/history.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

let bishkek: string;
let kant: string;
let indexCase: string;
let indexPatient: string;
let mdrCase: string;
let kantCase: string;
let tracer: ApiClient; // Bishkek, unit view: reads and changes contacts
let viewer: ApiClient; // Bishkek: reads contacts only
let kantTracer: ApiClient; // another unit, unit view
let reader: ApiClient; // cases only

const db = () => kysely(server.ctx.orm.em.fork());
const fieldsOf = (r: { body: any }) => (r.body.errors as { field: string }[]).map((e) => e.field).sort();
const contactsOf = async (client: ApiClient, caseId: string) => {
  const r = await client.get(`/api/cases/case/${caseId}/contacts`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.list as any[];
};
const CONTACT_PERMS = [{ permission: 'CASEMAN' }, { permission: 'CASECONTACT', canChange: true }];

useTestServer();
beforeAll(async () => {
  bishkek = await unitNamed(admin, 'Бишкекский');
  kant = await unitNamed(admin, 'Ысык-Атинский');
  indexPatient = await newPatient(admin, { name: 'Асель', lastName: 'Токтогулова', gender: 'FEMALE', birthDate: '1990-05-01' });
  indexCase = await createCase(admin, indexPatient, bishkek, { registrationDate: '2026-02-20', diagnosisDate: '2026-02-18', infectionSite: 'PULMONARY' });
  const mdrPatient = await newPatient(admin, { name: 'Эрлан', lastName: 'Мамытов', gender: 'MALE', birthDate: '1975-01-01' });
  mdrCase = await createCase(admin, mdrPatient, bishkek, { classification: 'DRTB', drugResistanceType: 'MDR', registrationDate: '2026-02-21', diagnosisDate: '2026-02-19' });
  const kantPatient = await newPatient(admin, { name: 'Канат', lastName: 'Беков', gender: 'MALE', birthDate: '1980-07-07' });
  kantCase = await createCase(admin, kantPatient, kant, { registrationDate: '2026-02-22' });
  tracer = await createUser(server, admin, 'CTTRACER', CONTACT_PERMS, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
  viewer = await createUser(server, admin, 'CTVIEWER', [{ permission: 'CASEMAN' }, { permission: 'CASECONTACT' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
  kantTracer = await createUser(server, admin, 'CTKANT', CONTACT_PERMS, 'Passw0rd', { unitId: kant, view: 'UNIT' });
  reader = await createUser(server, admin, 'CTREADER', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
}, 180_000);

describe('adding a contact', () => {
  let contactId: string;

  it('makes a new person and links them to the index case, followed by its unit, the day before the child turns 5', async () => {
    contactId = await addContact(tracer, indexCase, {
      person: { name: 'Айжан', lastName: 'Токтогулова', gender: 'FEMALE', birthDate: '2021-03-02' },
      contact: { registrationDate: '2026-03-01', contactType: 'household', relation: 'CHILD' },
    });
    const [row] = await contactsOf(tracer, indexCase);
    expect(row).toMatchObject({
      id: contactId, registrationDate: '2026-03-01', contactType: 'household', relation: 'CHILD', age: 4, indexResistance: 'DS',
      examinated: false, waiting: true, tpt: null, unit: { id: bishkek }, person: { name: 'Токтогулова Айжан', gender: 'FEMALE', birthDate: '2021-03-02' },
      indexCase: { id: indexCase, patient: 'Токтогулова Асель' },
    });
    // the person and the contact each with its history entry, by the tracer
    expect((await historyOf(row.person.id)).map((e) => e.action)).toEqual(['create']);
    expect((await historyOf(contactId)).map((e) => e.action)).toEqual(['create']);
  });

  it('turns 5 on the birthday: a contact registered on it is 5', async () => {
    const id = await addContact(tracer, mdrCase, {
      person: { name: 'Нурлан', lastName: 'Мамытов', gender: 'MALE', birthDate: '2021-03-02' },
      contact: { registrationDate: '2026-03-02', relation: 'CHILD' },
    });
    const row = (await contactsOf(tracer, mdrCase)).find((r) => r.id === id);
    expect(row).toMatchObject({ age: 5, indexResistance: 'MDR' });
  });

  it('finds the new person with the patient search, which a contact tracer may use', async () => {
    const r = await tracer.post('/api/tbl/patient/search', { lastName: 'Токтогулова', name: 'Айжан' });
    expect(r.status).toBe(200);
    expect(r.body.list.map((h: any) => h.patient.birthDate)).toContain('2021-03-02');
    expect((await reader.post('/api/tbl/patient/search', { lastName: 'Токтогулова' })).status).toBe(403);
  });

  it('asks the age only when the birth date is unknown, and then keeps it as typed', async () => {
    const none = await postContact(tracer, indexCase, { person: { name: 'Бакыт', lastName: 'Осмонов', gender: 'MALE' } });
    expect(none.status).toBe(400);
    expect(fieldsOf(none)).toEqual(['contact.age']);
    const typed = await addContact(tracer, indexCase, { person: { name: 'Бакыт', lastName: 'Осмонов', gender: 'MALE' }, contact: { age: 40, contactType: 'close', relation: 'NOT_RELATIVE' } });
    const ignored = await addContact(tracer, indexCase, { person: { name: 'Гуля', lastName: 'Осмонова', gender: 'FEMALE', birthDate: '1996-01-11' }, contact: { age: 99 } });
    const rows = await contactsOf(tracer, indexCase);
    expect(rows.find((r) => r.id === typed)!.age).toBe(40);
    expect(rows.find((r) => r.id === ignored)!.age).toBe(30); // born 11 January 1996, registered 12 January 2026
  });

  it('requires the person’s name and sex, the type and the registration date; a name of at most 100', async () => {
    const r = await tracer.post('/api/cases/contact/new', { caseId: indexCase, doc: { patient: {}, contact: {} } });
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['contact.contactType', 'contact.registrationDate', 'patient.gender', 'patient.name']);
    const long = await postContact(tracer, indexCase, { person: { name: 'Я'.repeat(101), gender: 'MALE', birthDate: '2000-01-01' } });
    expect(fieldsOf(long)).toEqual(['patient.name']);
  });

  it('refuses the index patient as their own contact, and the same person twice on one case', async () => {
    const before = await contactsOf(admin, indexCase);
    const self = await postContact(tracer, indexCase, { patientId: indexPatient });
    expect(self.status).toBe(400);
    expect(fieldsOf(self)).toEqual(['contact.patientId']);
    const personId = await aizhan();
    const twice = await postContact(tracer, indexCase, { patientId: personId });
    expect(twice.status).toBe(400);
    expect(await contactsOf(admin, indexCase)).toHaveLength(before.length);
  });

  const aizhan = async () => (await contactsOf(tracer, indexCase)).find((r) => r.person.name === 'Токтогулова Айжан').person.id as string;

  it('links one person as the contact of several index cases, each with its resistance type', async () => {
    const personId = await aizhan();
    const second = await addContact(tracer, mdrCase, { patientId: personId, contact: { registrationDate: '2026-03-03' } });
    const row = (await contactsOf(tracer, mdrCase)).find((r) => r.id === second);
    expect(row).toMatchObject({ person: { id: personId }, indexResistance: 'MDR', age: 5 });
    // linked, not rewritten: the person has one history entry still
    expect((await historyOf(personId)).map((e) => e.action)).toEqual(['create']);
  });

  it('keeps a contact on its index case and person', async () => {
    const moved = await tracer.post(`/api/tbl/contact/${contactId}`, { caseId: mdrCase });
    expect(moved.status).toBe(400);
    expect(fieldsOf(moved)).toEqual(['caseId']);
  });
});

describe('who sees and changes contacts', () => {
  it('shows a contact person without a case to the contact’s unit, not to another unit', async () => {
    const personId = (await contactsOf(tracer, indexCase)).find((r) => r.person.name === 'Токтогулова Айжан').person.id;
    expect((await tracer.get(`/api/tbl/patient/${personId}`)).status).toBe(200);
    expect((await kantTracer.get(`/api/tbl/patient/${personId}`)).status).toBe(404);
    expect(await contactsOf(kantTracer, indexCase)).toEqual([]);
    // found by the workspace-wide search and linked to a case of Kant: Kant sees them now
    await addContact(kantTracer, kantCase, { patientId: personId });
    expect((await kantTracer.get(`/api/tbl/patient/${personId}`)).status).toBe(200);
    expect((await contactsOf(kantTracer, indexCase))).toEqual([]);
  });

  it('refuses a unit-view doctor a contact followed by another unit', async () => {
    const r = await postContact(kantTracer, indexCase, { person: { name: 'Тимур', gender: 'MALE', birthDate: '1999-09-09' } });
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['contact.caseId']);
  });

  it('lets CASECONTACT read, only CASECONTACT_EDT change, and nobody without CASECONTACT read', async () => {
    const [row] = await contactsOf(viewer, indexCase);
    expect(row).toBeDefined();
    expect((await postContact(viewer, indexCase, { person: { name: 'Тимур', gender: 'MALE', birthDate: '1999-09-09' } })).status).toBe(403);
    expect((await viewer.post(`/api/tbl/contact/${row.id}`, { relation: 'SIBLING' })).status).toBe(403);
    expect((await viewer.delete(`/api/tbl/contact/${row.id}`)).status).toBe(403);
    expect((await reader.get(`/api/cases/case/${indexCase}/contacts`)).status).toBe(403);
    expect((await reader.post(`/api/cases/unit/${bishkek}/contacts`, {})).status).toBe(403);
  });
});

describe('the evaluation', () => {
  let contactId: string;
  beforeAll(async () => {
    contactId = await addContact(tracer, indexCase, { person: { name: 'Мээрим', lastName: 'Асанова', gender: 'FEMALE', birthDate: '2000-02-02' }, contact: { registrationDate: '2026-03-04' } });
  });

  it('asks the date, the screening, the X-ray, the infection test and the outcome once evaluated', async () => {
    const r = await tracer.post(`/api/tbl/contact/${contactId}`, { examinated: true });
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['chestXray', 'dateOfExamination', 'evaluationOutcome', 'infectionTest', 'symptoms']);
  });

  it('asks the test’s date and result only when a test was done (IGRA, TST, TBST)', async () => {
    const done = await tracer.post(`/api/tbl/contact/${contactId}`, { ...tbExcluded('2026-03-05'), infectionTestDate: undefined, infectionTestResult: undefined, infectionTest: 'TBST' });
    expect(fieldsOf(done)).toEqual(['infectionTestDate', 'infectionTestResult']);
    const none = await tracer.post(`/api/tbl/contact/${contactId}`, { ...tbExcluded('2026-03-05'), infectionTest: 'NOT_DONE' });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    const stored = await db().selectFrom('contact').select(['infection_test_date', 'infection_test_result']).where('id', '=', contactId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ infection_test_date: null, infection_test_result: null });
  });

  it('does not date an evaluation before the contact was registered', async () => {
    const r = await tracer.post(`/api/tbl/contact/${contactId}`, { ...tbExcluded('2026-03-03') });
    expect(fieldsOf(r)).toEqual(['dateOfExamination']);
  });

  it('keeps a reason only for a contact not evaluated', async () => {
    const not = await addContact(tracer, indexCase, { person: { name: 'Ольга', lastName: 'Иванова', gender: 'FEMALE', birthDate: '1970-10-10' }, contact: { registrationDate: '2026-03-04' } });
    await evaluate(tracer, not, { notEvaluatedReason: 'MOVED' });
    expect((await contactsOf(tracer, indexCase)).find((r) => r.id === not)).toMatchObject({ notEvaluatedReason: 'MOVED', waiting: false });
    await evaluate(tracer, not, { ...tbExcluded('2026-03-06'), notEvaluatedReason: 'MOVED' });
    expect((await contactsOf(tracer, indexCase)).find((r) => r.id === not)).toMatchObject({ notEvaluatedReason: null, evaluationOutcome: 'TB_EXCLUDED' });
  });

  it('links the case notified for a presumptive-TB contact to the contact', async () => {
    await evaluate(tracer, contactId, { ...tbExcluded('2026-03-05'), symptoms: 'PRESENT', chestXray: 'SUGGESTIVE', evaluationOutcome: 'PRESUMPTIVE_TB' });
    const personId = (await contactsOf(tracer, indexCase)).find((r) => r.id === contactId)!.person.id;
    const notified = await admin.post('/api/cases/case/newnotif', {
      doc: { patient: { name: 'Мээрим', lastName: 'Асанова', gender: 'FEMALE', birthDate: '2000-02-02' }, tbcase: { registrationDate: '2026-03-06', registrationGroup: 'NEW' } },
      unitId: bishkek, patientId: personId, diagnosisType: 'SUSPECT', caseClassification: 'TB',
    });
    expect(notified.status, JSON.stringify(notified.body)).toBe(200);
    const row = (await contactsOf(tracer, indexCase)).find((r) => r.id === contactId);
    expect(row.resultCase).toEqual({ id: notified.body.result, caseNumber: expect.anything() });
  });
});

describe('the unit’s contact register', () => {
  it('lists the unit’s contacts newest first, 50 a page, the waiting ones apart', async () => {
    // 52 more contacts of one case, registered on successive days
    const many = await createCase(admin, await newPatient(admin, { name: 'Данияр', lastName: 'Касымов', gender: 'MALE', birthDate: '1985-04-04' }), bishkek, { registrationDate: '2025-10-01' });
    for (let i = 0; i < 52; i++) {
      await addContact(tracer, many, { person: { name: `Контакт${i}`, lastName: 'Регистров', gender: 'MALE', birthDate: '1990-01-01' }, contact: { registrationDate: `2025-${String(10 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}` } });
    }
    const all = (await db().selectFrom('contact').select('id').where('unit_id', '=', bishkek).execute()).length;
    const first = await tracer.post(`/api/cases/unit/${bishkek}/contacts`, {});
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(all);
    expect(first.body.list).toHaveLength(50);
    const dates = first.body.list.map((r: any) => r.registrationDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await tracer.post(`/api/cases/unit/${bishkek}/contacts`, { after: first.body.next });
    expect(second.body.list).toHaveLength(all - 50);
    expect(second.body.next).toBeNull();
    expect(second.body.list.map((r: any) => r.id)).not.toContain(first.body.list[49].id);
    const waiting = await tracer.post(`/api/cases/unit/${bishkek}/contacts`, { filter: 'waiting' });
    expect(waiting.body.list.every((r: any) => r.waiting)).toBe(true);
    const waitingRows = await db().selectFrom('contact').select('id').where('unit_id', '=', bishkek).where('examinated', '=', false).where('not_evaluated_reason', 'is', null).execute();
    expect(waiting.body.count).toBe(waitingRows.length);
  });

  it('is a unit in the reader’s view only', async () => {
    expect((await kantTracer.post(`/api/cases/unit/${bishkek}/contacts`, {})).body.list).toEqual([]);
    expect((await tracer.post(`/api/cases/unit/${crypto.randomUUID()}/contacts`, {})).status).toBe(404);
    expect((await tracer.post(`/api/cases/unit/${bishkek}/contacts`, { after: 'x' })).status).toBe(400);
  });
});
