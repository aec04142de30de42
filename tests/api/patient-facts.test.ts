// What a doctor needs to reach and judge a patient: the
// patient's address and phones (schemas/tables/patient.json: stored with the notification, shown on the
// case data tab, refused when malformed, the phone searchable) and the case header's latest weight
// and HIV status (schemas/tables/tbcase.json `x-derived` from the medical and HIV exams, shown only to
// users who may read that exam type).
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { kysely } from '../../server/db/kysely.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { createUser } from '../helpers/users.ts';

let unitId: string;
let areaId: string;
let areaName: string;

const db = () => kysely(server.ctx.orm.em.fork());
const notify = (doc: unknown) => admin.post('/api/cases/case/newnotif', { doc, unitId, diagnosisType: 'CONFIRMED', caseClassification: 'TB' });
const tbcasePart = { registrationDate: '2025-03-03', diagnosisDate: '2025-03-01', registrationGroup: 'NEW' };
const fieldsOf = (r: { body: any }) => (r.body.errors as { field: string }[]).map((e) => e.field).sort();

useTestServer();
beforeAll(async () => {
  unitId = await unitNamed(admin, 'Бишкекский');
  const area = (await admin.post('/api/tbl/adminunit/query', { pageSize: 1 })).body.list[0];
  areaId = area.id;
  areaName = area.name;
}, 180_000);

describe('the patient’s address and phones', () => {
  const patient = {
    name: 'Нурлан', lastName: 'Осмонов', gender: 'MALE', birthDate: '1984-02-11',
    address: { adminUnitId: '', street: 'ул. Ахунбаева', house: '12а', apartment: '7' },
    phone: '+996 (555) 12-34-56', contactPhone: '0700 98 76 54',
  };

  it('are saved with the notification and shown on the case data tab', async () => {
    const r = await notify({ patient: { ...patient, address: { ...patient.address, adminUnitId: areaId } }, tbcase: tbcasePart });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const caseId = r.body.result as string;
    const row = await db().selectFrom('patient').selectAll().where('last_name', '=', 'Осмонов').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      address_admin_unit_id: areaId, address_street: 'ул. Ахунбаева', address_house: '12а', address_apartment: '7',
      phone: '+996 (555) 12-34-56', contact_phone: '0700 98 76 54',
    });
    const view = await admin.get(`/api/tbl/case/form/readonly/${caseId}`);
    expect(view.status).toBe(200);
    expect(view.body.doc.patient).toMatchObject({ phone: '+996 (555) 12-34-56', address: { street: 'ул. Ахунбаева', house: '12а' } });
    expect(view.body.views.patient).toContainEqual({ title: 'Телефон', value: '+996 (555) 12-34-56' });
    expect(view.body.views.patient).toContainEqual({ title: 'Телефон контактного лица', value: '0700 98 76 54' });
    expect(view.body.views.patient).toContainEqual({ title: 'Улица', value: 'ул. Ахунбаева' });
    expect(view.body.views.patient).toContainEqual({ title: 'Район / город', value: expect.stringContaining(areaName) });
  });

  it('the notification form offers them', async () => {
    const f = await admin.post('/api/cases/case/newnotif/form', { diagnosisType: 'CONFIRMED', caseClassification: 'TB' });
    expect(f.status).toBe(200);
    const props = JSON.stringify(f.body);
    for (const key of ['"phone"', '"contactPhone"', '"street"', '"house"', '"apartment"']) expect(props).toContain(key);
  });

  it('a phone that is no phone number is refused on its field in Russian, and nothing is stored', async () => {
    const before = Number((await sql<{ n: string }>`select count(*) as n from patient`.execute(db())).rows[0].n);
    for (const phone of ['позвонить соседке', '12', '+996 555 12 34 56 78 90 12 34 56 78 90 1']) {
      const r = await notify({ patient: { ...patient, lastName: 'Отказов', phone, address: undefined }, tbcase: tbcasePart });
      expect(r.status, phone).toBe(400);
      expect([...new Set(fieldsOf(r))], phone).toEqual(['patient.phone']);
      expect(r.body.errors.map((e: any) => e.msg).join(' | ')).toContain('Телефон: должен быть номером телефона');
    }
    const bad = await notify({ patient: { ...patient, lastName: 'Отказов', address: undefined, contactPhone: 'abc' }, tbcase: tbcasePart });
    expect(fieldsOf(bad)).toEqual(['patient.contactPhone']);
    expect(Number((await sql<{ n: string }>`select count(*) as n from patient`.execute(db())).rows[0].n)).toBe(before);
  });

  it('an address area that does not exist in the workspace is refused on its field', async () => {
    const r = await notify({ patient: { ...patient, lastName: 'Безадресов', address: { adminUnitId: '00000000-0000-4000-8000-000000000001' } }, tbcase: tbcasePart });
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['patient.address.adminUnitId']);
  });

  it('the patient list finds a patient by a part of the phone number', async () => {
    await newPatient(admin, { name: 'Жылдыз', lastName: 'Телефонова', gender: 'FEMALE', phone: '+996 777 31 41 59' });
    const hits = (await admin.post('/api/tbl/patient/query', { key: '31 41 59' })).body.list;
    expect(hits.map((p: any) => p.lastName)).toEqual(['Телефонова']);
  });
});

describe('the case header’s latest weight and HIV status', () => {
  let caseId: string;
  const derived = async () =>
    (await sql<Record<string, unknown>>`select weight, to_char(weight_date, 'YYYY-MM-DD') as weight_date, hiv_result, to_char(hiv_date, 'YYYY-MM-DD') as hiv_date from tbcase where id = ${caseId}`.execute(db())).rows[0];
  const medexam = async (date: string, weight: number) => {
    const r = await admin.post('/api/tbl/medexam', { caseId, date, usingPrescMedicines: true, weight });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as string;
  };
  const hiv = async (date: string, result: string) => {
    const r = await admin.post('/api/tbl/examhiv', { caseId, date, result });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as string;
  };

  beforeAll(async () => {
    const patientId = await newPatient(admin, { name: 'Бакыт', lastName: 'Весов', gender: 'MALE', birthDate: '1970-06-30' });
    caseId = await createCase(admin, patientId, unitId, { diagnosisDate: '2025-01-08' });
  });

  it('follow the newest medical exam and HIV exam by date, through creates and deletes', async () => {
    expect(await derived()).toEqual({ weight: null, weight_date: null, hiv_result: null, hiv_date: null });
    const feb = await medexam('2025-02-01', 61.5);
    await medexam('2025-01-10', 58); // older: the header keeps February's weight
    expect(await derived()).toMatchObject({ weight: 61.5, weight_date: '2025-02-01' });
    const neg = await hiv('2025-01-12', 'NEGATIVE');
    const pos = await hiv('2025-04-02', 'POSITIVE');
    expect(await derived()).toMatchObject({ hiv_result: 'POSITIVE', hiv_date: '2025-04-02' });
    expect((await admin.delete(`/api/tbl/examhiv/${pos}`)).status).toBe(200);
    expect(await derived()).toMatchObject({ hiv_result: 'NEGATIVE', hiv_date: '2025-01-12' });
    expect((await admin.delete(`/api/tbl/medexam/${feb}`)).status).toBe(200);
    expect(await derived()).toMatchObject({ weight: 58, weight_date: '2025-01-10' });
    expect((await admin.delete(`/api/tbl/examhiv/${neg}`)).status).toBe(200);
    expect(await derived()).toMatchObject({ hiv_result: null, hiv_date: null });
  });

  it('GET …/latest says them in words, each only to users who may read its exam type', async () => {
    await medexam('2025-03-05', 63.25);
    await hiv('2025-03-06', 'NEGATIVE');
    const all = (await admin.get(`/api/cases/case/followups/${caseId}/latest`)).body;
    expect(all).toContainEqual({ field: 'weight', title: 'Вес, кг', value: '63.25', text: '63,25', type: 'MEDICAL_EXAMINATION' });
    expect(all).toContainEqual({ field: 'hivResult', title: 'ВИЧ-статус', value: 'NEGATIVE', text: 'Отрицательный', type: 'EXAM_HIV' });
    expect(all).toContainEqual({ field: 'hivDate', title: 'Дата теста на ВИЧ', value: '2025-03-06', text: '06.03.2025', format: 'date', type: 'EXAM_HIV' });
    const noHiv = await createUser(server, admin, 'FACTSNOHIV', [{ permission: 'CASEMAN' }, { permission: 'CASE_MED_EXAM' }], 'Passw0rd', { unitId });
    const theirs = (await noHiv.get(`/api/cases/case/followups/${caseId}/latest`)).body.map((v: any) => v.field);
    expect(theirs).toEqual(['weight', 'weightDate']);
  });
});
