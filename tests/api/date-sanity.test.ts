// Dates that cannot be ("Dates and text"): a birth, registration, diagnosis or outcome
// date in the future, a registration or diagnosis before the patient's birth — refused with the
// field's Russian message, nothing stored; "today" is the user's day (the workspace's time zone,
// else the browser's `X-Time-Zone`), not the server's UTC. Names and text are trimmed; a name of
// spaces is no name.
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

let unit: string;
const db = () => kysely(server.ctx.orm.em.fork());

/** The UTC day `days` after now, `YYYY-MM-DD`. */
const utcDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const patient = (extra: Record<string, unknown> = {}) => ({ name: 'Айбек', lastName: 'Датов', gender: 'MALE', birthDate: '1980-05-01', ...extra });

useTestServer();
beforeAll(async () => {
  unit = await unitNamed(admin, 'Бишкек');
}, 180_000);

describe('dates in the future are refused', () => {
  it('a birth date after today: 400 with the field’s message, nothing stored; today itself is fine', async () => {
    const before = (await db().selectFrom('patient').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
    const r = await admin.post('/api/tbl/patient', patient({ birthDate: utcDay(1) }));
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'birthDate', msg: 'Дата рождения: не может быть позже сегодняшнего дня' }]);
    expect((await db().selectFrom('patient').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toBe(before);
    expect((await admin.post('/api/tbl/patient', patient({ birthDate: utcDay(0) }))).status).toBe(200);
  });

  it('registration, diagnosis and outcome dates after today are refused, in English too', async () => {
    const p = await newPatient(admin, patient());
    const base = { patientId: p, ownerUnitId: unit, notificationUnitId: unit, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW' };
    const r = await admin.post('/api/tbl/tbcase', { ...base, registrationDate: utcDay(1), diagnosisDate: utcDay(2) });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'registrationDate', msg: 'Дата регистрации: не может быть позже сегодняшнего дня' },
      { field: 'diagnosisDate', msg: 'Дата диагноза: не может быть позже сегодняшнего дня' },
    ]);
    const id = await createCase(admin, p, unit, { registrationDate: utcDay(0), diagnosisDate: utcDay(0) });
    const later = await admin.post(`/api/tbl/tbcase/${id}`, { registrationDate: utcDay(1) });
    expect(later.status).toBe(400);
    expect(later.body.errors[0].field).toBe('registrationDate');
    const close = await admin.post(`/api/tbl/tbcase/${id}/action/close`, { outcome: 'DIED', outcomeDate: utcDay(1) });
    expect(close.status).toBe(400);
    expect(close.body.errors).toEqual([{ field: 'outcomeDate', msg: 'Дата исхода: не может быть позже сегодняшнего дня' }]);
    expect((await db().selectFrom('tbcase').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).not.toBe('CLOSED');
    const en = await server.login();
    await en.post('/api/sys/language/en');
    const enBirth = await en.post('/api/tbl/patient', patient({ birthDate: utcDay(1) }));
    expect(enBirth.body.errors).toEqual([{ field: 'birthDate', msg: 'Date of birth: cannot be in the future' }]);
    await en.post('/api/sys/language/ru'); // the account's language: the next logins are Russian again
  });
});

describe('exam and transfer dates', () => {
  it('an exam taken or released after today, or released before it was taken, is refused; the same day is fine', async () => {
    const id = await createCase(admin, await newPatient(admin, patient()), unit);
    const lab = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: { type: string }) => u.type === 'LAB').id;
    const exam = { caseId: id, laboratoryId: lab, result: 'NEGATIVE' };
    const future = await admin.post('/api/tbl/exammic', { ...exam, date: utcDay(2), dateRelease: utcDay(3) });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual([
      { field: 'date', msg: 'Дата: не может быть позже сегодняшнего дня' },
      { field: 'dateRelease', msg: 'Дата выдачи результата: не может быть позже сегодняшнего дня' },
    ]);
    const early = await admin.post('/api/tbl/examcul', { ...exam, date: '2025-03-10', dateRelease: '2025-03-09' });
    expect(early.body.errors).toEqual([{ field: 'dateRelease', msg: 'Дата выдачи результата: не может быть раньше, чем «Дата»' }]);
    expect((await admin.post('/api/tbl/exammic', { ...exam, date: '2025-03-10', dateRelease: '2025-03-10' })).status).toBe(200);
    expect((await admin.post('/api/tbl/examxray', { caseId: id, date: utcDay(2), presentation: 'NORMAL' })).body.errors?.[0]).toEqual({ field: 'date', msg: 'Дата: не может быть позже сегодняшнего дня' });
  });

  it('a transfer moved after today is refused, nothing changed', async () => {
    const id = await createCase(admin, await newPatient(admin, patient()), unit);
    const other = await unitNamed(admin, 'Ысык-Атинский');
    const r = await admin.post(`/api/tbl/tbcase/${id}/action/transferout`, { unitToId: other, moveDate: utcDay(2) });
    expect([r.status, r.body.errors]).toEqual([400, [{ field: 'moveDate', msg: 'Дата перевода: не может быть позже сегодняшнего дня' }]]);
    expect((await admin.get(`/api/tbl/tbcase/${id}`)).body.transferring).toBe(false);
  });
});

describe('no registration or diagnosis before the patient’s birth', () => {
  it('a case registered the day before the birth date is refused; on the birth day it is fine', async () => {
    const p = await newPatient(admin, patient({ birthDate: '2020-03-15' }));
    const r = await admin.post('/api/tbl/tbcase', {
      patientId: p, ownerUnitId: unit, notificationUnitId: unit, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW',
      registrationDate: '2020-03-14', diagnosisDate: '2019-12-31',
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'registrationDate', msg: 'Дата регистрации: не может быть раньше, чем «Дата рождения»' },
      { field: 'diagnosisDate', msg: 'Дата диагноза: не может быть раньше, чем «Дата рождения»' },
    ]);
    await createCase(admin, p, unit, { registrationDate: '2020-03-15', diagnosisDate: '2020-03-15' });
  });

  it('the notification form: the case part checked against the patient part typed with it; nothing stored', async () => {
    const patients = async () => Number((await db().selectFrom('patient').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await patients();
    const doc = { patient: patient({ lastName: 'Раньшерождения', birthDate: '2021-06-10' }), tbcase: { registrationDate: '2021-06-09', diagnosisDate: '2021-06-10', registrationGroup: 'NEW' } };
    const r = await admin.post('/api/cases/case/newnotif', { doc, unitId: unit, diagnosisType: 'CONFIRMED', caseClassification: 'TB' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'tbcase.registrationDate', msg: 'Дата регистрации: не может быть раньше, чем «Дата рождения»' }]);
    expect(await patients()).toBe(before);
    // the form the browser gets names the patient part's field, so it checks the same as it is typed
    const form = await admin.post('/api/cases/case/newnotif/form', { diagnosisType: 'CONFIRMED', caseClassification: 'TB' });
    expect(form.body.schema.properties.tbcase.properties.registrationDate['x-notBefore']).toBe('/patient.birthDate');
  });
});

describe('"today" is the user’s day, not the server’s UTC', () => {
  // At any instant one of these zones is on another calendar day than UTC: UTC+14 from 10:00 UTC on
  // (already tomorrow), UTC−12 before 12:00 UTC (still yesterday).
  const ahead = new Date().getUTCHours() >= 10;
  const zone = ahead ? 'Etc/GMT-14' : 'Etc/GMT+12';
  const zoneToday = utcDay(ahead ? 1 : -1);

  it('the browser’s zone (X-Time-Zone) decides what is in the future', async () => {
    const doctor = await server.login();
    doctor.headers['X-Time-Zone'] = zone;
    expect((await doctor.post('/api/tbl/patient', patient({ birthDate: zoneToday }))).status).toBe(200);
    const after = await doctor.post('/api/tbl/patient', patient({ birthDate: utcDay(ahead ? 2 : 0) }));
    expect(after.status).toBe(400);
    expect(after.body.errors[0].msg).toBe('Дата рождения: не может быть позже сегодняшнего дня');
    // a zone the runtime does not know counts as none: UTC
    doctor.headers['X-Time-Zone'] = 'Mars/Olympus';
    expect((await doctor.post('/api/tbl/patient', patient({ birthDate: utcDay(1) }))).status).toBe(400);
    expect((await doctor.post('/api/tbl/patient', patient({ birthDate: utcDay(0) }))).status).toBe(200);
  });

  it('the workspace’s zone comes before the browser’s; a transfer’s move date defaults to that day', async () => {
    const ws = (await db().selectFrom('workspace').select(['id', 'version']).executeTakeFirstOrThrow()) as { id: string; version: number };
    const bad = await admin.post(`/api/tbl/workspace/${ws.id}`, { timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('timeZone');
    expect((await admin.post(`/api/tbl/workspace/${ws.id}`, { timeZone: zone })).status).toBe(200);
    try {
      const doctor = await server.login();
      doctor.headers['X-Time-Zone'] = 'UTC';
      expect((await doctor.post('/api/tbl/patient', patient({ birthDate: zoneToday }))).status).toBe(200);
      const p = await newPatient(doctor, patient());
      const id = await createCase(doctor, p, unit, { registrationDate: '2025-01-10' });
      const units = (await doctor.post('/api/tbl/unit/query', { page: 1, pageSize: 100 })).body.list as { id: string; type: string }[];
      const other = units.find((u) => u.type === 'TBUNIT' && u.id !== unit)!.id;
      const moved = await doctor.post(`/api/tbl/tbcase/${id}/action/transferout`, { unitToId: other });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect((await doctor.get(`/api/tbl/tbcase/${id}`)).body.moveDate).toBe(zoneToday);
    } finally {
      await admin.post(`/api/tbl/workspace/${ws.id}`, { timeZone: null });
    }
  });
});

describe('names and text are kept without the spaces around them', () => {
  it('a patient typed with spaces is stored trimmed; a name of only spaces is refused as empty, nothing stored', async () => {
    const id = await newPatient(admin, patient({ name: '  Айбек ', lastName: ' Пробелов  ', middleName: '\tАсанович ' }));
    expect(await db().selectFrom('patient').select(['name', 'last_name', 'middle_name']).where('id', '=', id).executeTakeFirstOrThrow())
      .toEqual({ name: 'Айбек', last_name: 'Пробелов', middle_name: 'Асанович' });
    const before = Number((await db().selectFrom('patient').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const blank = await admin.post('/api/tbl/patient', patient({ name: '   ' }));
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([{ field: 'name', msg: 'Имя: Обязательное поле' }]);
    expect(Number((await db().selectFrom('patient').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
    // an edit that blanks the name is refused too, the name kept
    const edit = await admin.post(`/api/tbl/patient/${id}`, { name: '  ' });
    expect(edit.status).toBe(400);
    expect(edit.body.errors[0].field).toBe('name');
    expect((await db().selectFrom('patient').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('Айбек');
  });
});
