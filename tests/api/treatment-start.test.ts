// Treatment started by a standard or an individualized regimen, prescriptions added, edited (with
// and without preservePrevPeriod) and deleted, the period changed, the treatment cancelled — on a
// real server and PostgreSQL, as the UI calls them (set-up: tests/helpers/treatment.ts).
import { describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server } from '../helpers/use-server.ts';
import { setCaseValidation } from '../helpers/cases.ts';
import { T, view, ok, refused, rowsOf, caseRow, newCase, standardCase, month, range, useTreatmentFixture, type TreatmentFixture } from '../helpers/treatment.ts';

let doctor: ApiClient, bishkek: string;
let ids: TreatmentFixture['ids'];
useTreatmentFixture((f) => ({ doctor, bishkek, ids } = f));
const db = () => kysely(server.ctx.orm.em.fork());

describe('start', () => {
  it('a standard regimen: its medicine rows become prescriptions, the case goes ONTREATMENT, the history records it', async () => {
    const id = await newCase();
    expect(await view(doctor, id)).toEqual({ started: false, canStart: true, clientMode: false });
    ok(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: '2025-01-06', regimenId: ids.regTb }));
    expect(await caseRow(id)).toMatchObject({ state: 'ONTREATMENT', ini: '2025-01-06' });
    const v = await view(doctor, id);
    expect(v).toMatchObject({ started: true, regimen: { id: ids.regTb, name: '2HRZE/4HR' }, movedToIndividualized: false, period: { ini: '2025-01-06', end: '2025-07-04' }, progress: 100, editable: true, canChange: true, calendar: true });
    expect(v.units).toEqual([{ ini: '2025-01-06', end: '2025-07-04', unit: { id: bishkek, name: expect.stringContaining('Бишкекский') } }]);
    expect(v.prescriptions.map((g: any) => [g.product.id, g.periods.map((p: any) => [p.ini, p.end, p.doseUnit, p.frequency])])).toEqual([
      [ids.hrze, [['2025-01-06', '2025-03-06', 4, 7]]],
      [ids.hr, [['2025-03-07', '2025-07-04', 4, 7]]],
    ]);
    expect(v.followup.map((m: any) => `${m.year}-${m.month}:${m.iniDay}-${m.endDay}:${m.plannedDays}`)).toEqual([
      '2025-1:6-31:26', '2025-2:1-28:28', '2025-3:1-31:31', '2025-4:1-30:30', '2025-5:1-31:31', '2025-6:1-30:30', '2025-7:1-4:4',
    ]);
    const history = await db().selectFrom('cmdhistory').select(['type', 'action']).where('entity_id', 'in', [id, ...(await rowsOf('prescription', id)).map((r) => r.id)]).execute();
    expect(history).toContainEqual({ type: 'tbcase', action: 'starttreatment' });
    expect(history.filter((h) => h.type === 'prescription' && h.action === 'create')).toHaveLength(2);
    expect(await rowsOf('treatment', id)).toHaveLength(1);
  });

  it('refuses a regimen of another classification, a second start, a suspect and a missing unit', async () => {
    const id = await newCase();
    refused(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: '2025-01-06', regimenId: ids.regDrtb }), 400, 'regimenId', 'Схема лечения не подходит для классификации случая');
    refused(await doctor.post(`${T}/start`, { caseId: id, iniDate: '2025-01-06', regimenId: ids.regTb }), 400, 'unitId');
    refused(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, regimenId: ids.regTb }), 400, 'iniDate');
    // a start is recorded once it happened: not tomorrow (today is fine: below, the case's own day)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    refused(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: tomorrow, regimenId: ids.regTb }), 400, 'iniDate', 'Дата начала лечения: не может быть позже сегодняшнего дня');
    expect((await caseRow(id)).state).toBe('NOT_ONTREATMENT');
    expect(await rowsOf('prescription', id)).toHaveLength(0);
    ok(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: '2025-01-06', regimenId: ids.regTb }));
    refused(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: '2025-02-06', regimenId: ids.regTb }), 400, null, 'Лечение уже начато');
    const suspect = await newCase({ diagnosisType: 'SUSPECT' });
    refused(await doctor.post(`${T}/start`, { caseId: suspect, unitId: bishkek, iniDate: '2025-01-06', regimenId: ids.regTb }), 400, null, 'Лечение начинают только подтверждённому случаю');
    // and the tab does not offer it: it says why
    expect(await view(doctor, suspect)).toEqual({ started: false, canStart: false, startRefusal: 'Лечение начинают только подтверждённому случаю', clientMode: false });
  });

  it("a DR-TB case starts only once validated while its setting asks validation before treatment; not when it does not", async () => {
    const drtbStart = (caseId: string) => doctor.post(`${T}/start`, { caseId, unitId: bishkek, iniDate: '2025-01-06', prescriptions: [{ productId: ids.hrze, doseUnit: 4, frequency: 7, monthIni: 1, months: 6 }] });
    await setCaseValidation(admin, { DRTB: 'REQUIRED_BEFORE_TREATMENT_START' });
    const id = await newCase({ classification: 'DRTB', drugResistanceType: 'MDR' });
    expect(await view(doctor, id)).toEqual({ started: false, canStart: false, startRefusal: 'Случай должен быть обоснован до начала лечения', clientMode: false });
    refused(await drtbStart(id), 400, null, 'Случай должен быть обоснован до начала лечения');
    expect(await caseRow(id)).toMatchObject({ state: 'NOT_ONTREATMENT', ini: null });
    expect(await rowsOf('treatment', id)).toHaveLength(0);
    ok(await admin.post(`/api/tbl/tbcase/${id}/action/validate`, {}));
    expect(await view(doctor, id)).toMatchObject({ started: false, canStart: true });
    ok(await drtbStart(id));
    expect((await caseRow(id)).state).toBe('ONTREATMENT');

    // 'Используется' (used, not required first): an unvalidated DR-TB case starts
    await setCaseValidation(admin, { DRTB: 'ENABLED' });
    const other = await newCase({ classification: 'DRTB', drugResistanceType: 'MDR' });
    ok(await drtbStart(other));
    await setCaseValidation(admin, { DRTB: 'REQUIRED_BEFORE_TREATMENT_START' });
  });

  it('an individualized regimen: each row from its month of treatment for its months', async () => {
    const id = await newCase();
    ok(await doctor.post(`${T}/start`, {
      caseId: id, unitId: bishkek, iniDate: '2025-02-10',
      prescriptions: [
        { productId: ids.hrze, doseUnit: 12, frequency: 7, monthIni: 1, months: 2 },
        { productId: ids.hr, doseUnit: 4, frequency: 5, monthIni: 3, months: 4 },
      ],
    }));
    const v = await view(doctor, id);
    expect(v.regimen).toBeNull();
    expect(v.period).toEqual({ ini: '2025-02-10', end: '2025-08-09' });
    expect(v.prescriptions.flatMap((g: any) => g.periods.map((p: any) => [g.product.id, p.ini, p.end, p.doseUnit, p.frequency]))).toEqual([
      [ids.hrze, '2025-02-10', '2025-04-09', 12, 7],
      [ids.hr, '2025-04-10', '2025-08-09', 4, 5],
    ]);
    // May 2025 under HR 5/7: the weekdays Monday to Friday only
    const may = v.followup.find((m: any) => m.year === 2025 && m.month === 5);
    const weekdays = Array.from({ length: 31 }, (_, i) => i + 1).filter((d) => ![0, 6].includes(new Date(Date.UTC(2025, 4, d)).getUTCDay()));
    expect(may.planned).toEqual(weekdays);
    expect(may.plannedDays).toBe(22);
  });

  it('refuses an individualized start without rows or beyond the limits, naming the row', async () => {
    const id = await newCase();
    refused(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: '2025-02-10', prescriptions: [] }), 400, 'prescriptions');
    const row = { productId: ids.hr, doseUnit: 4, frequency: 7, monthIni: 1, months: 6 };
    refused(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: '2025-02-10', prescriptions: [row, { ...row, doseUnit: 13 }] }), 400, 'prescriptions.1.doseUnit');
    refused(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: '2025-02-10', prescriptions: [{ ...row, frequency: 8 }] }), 400, 'prescriptions.0.frequency');
    refused(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: '2025-02-10', prescriptions: [{ ...row, monthIni: 25 }] }), 400, 'prescriptions.0.monthIni');
    refused(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: '2025-02-10', prescriptions: [{ ...row, months: 0 }] }), 400, 'prescriptions.0.months');
    refused(await doctor.post(`${T}/start`, { caseId: id, unitId: ids.hr, iniDate: '2025-02-10', prescriptions: [row] }), 400, 'unitId');
    expect((await caseRow(id)).state).toBe('NOT_ONTREATMENT');
  });
});

describe('prescriptions', () => {
  it('add, edit in place, edit keeping the previous period, delete — and the resulting periods', async () => {
    const id = await standardCase();
    const hrPeriods = async () => (await view(doctor, id)).prescriptions.find((g: any) => g.product.id === ids.hr).periods.map((p: any) => [p.ini, p.end, p.doseUnit, p.frequency]);

    const added = ok(await doctor.post(`${T}/prescription/add`, { caseId: id, productId: ids.hr, iniDate: '2025-01-10', endDate: '2025-01-31', doseUnit: 2, frequency: 3, comments: 'пробный' })).result;
    expect(await hrPeriods()).toEqual([['2025-01-10', '2025-01-31', 2, 3], ['2025-03-07', '2025-07-04', 4, 7]]);
    expect((await view(doctor, id)).movedToIndividualized).toBe(true);

    // in place: the whole period rewritten
    ok(await doctor.post(`${T}/prescription/update`, { caseId: id, prescriptionId: added, iniDate: '2025-01-12', endDate: '2025-02-05', doseUnit: 3, frequency: 3, preservePrevPeriod: false }));
    expect(await hrPeriods()).toEqual([['2025-01-12', '2025-02-05', 3, 3], ['2025-03-07', '2025-07-04', 4, 7]]);

    // keeping the previous period: split on 1 May, the part before keeps dose 4
    const hr = (await view(doctor, id)).prescriptions.find((g: any) => g.product.id === ids.hr).periods[1].prescriptionId;
    const split = ok(await doctor.post(`${T}/prescription/update`, { caseId: id, prescriptionId: hr, iniDate: '2025-05-01', endDate: '2025-07-04', doseUnit: 6, frequency: 5, preservePrevPeriod: true })).result;
    expect(split).not.toBe(hr);
    expect(await hrPeriods()).toEqual([['2025-01-12', '2025-02-05', 3, 3], ['2025-03-07', '2025-04-30', 4, 7], ['2025-05-01', '2025-07-04', 6, 5]]);

    ok(await doctor.delete(`${T}/prescription/delete/${added}`));
    expect(await hrPeriods()).toEqual([['2025-03-07', '2025-04-30', 4, 7], ['2025-05-01', '2025-07-04', 6, 5]]);
    expect(await rowsOf('prescription', id)).toHaveLength(3);
    const history = await db().selectFrom('cmdhistory').select(['type', 'action']).where('entity_id', 'in', [added, hr, split]).execute();
    expect(history).toEqual(expect.arrayContaining([{ type: 'prescription', action: 'create' }, { type: 'prescription', action: 'update' }, { type: 'prescription', action: 'delete' }]));
  });

  it('refuses an end before the start, dates outside the period and doses and frequencies beyond the limits', async () => {
    const id = await standardCase();
    const body = { caseId: id, productId: ids.hr, iniDate: '2025-02-10', endDate: '2025-02-20', doseUnit: 2, frequency: 7 };
    refused(await doctor.post(`${T}/prescription/add`, { ...body, endDate: '2025-02-01' }), 400, 'endDate', 'Дата окончания не может предшествовать дате начала');
    refused(await doctor.post(`${T}/prescription/add`, { ...body, endDate: '2025-09-01' }), 400, 'endDate', 'Дата вне периода лечения');
    refused(await doctor.post(`${T}/prescription/add`, { ...body, doseUnit: 11 }), 400, 'doseUnit');
    refused(await doctor.post(`${T}/prescription/add`, { ...body, doseUnit: 0 }), 400, 'doseUnit');
    refused(await doctor.post(`${T}/prescription/add`, { ...body, frequency: 8 }), 400, 'frequency');
    refused(await doctor.post(`${T}/prescription/add`, { ...body, productId: undefined }), 400, 'productId');
    const p = (await view(doctor, id)).prescriptions[0].periods[0];
    refused(await doctor.post(`${T}/prescription/update`, { caseId: id, prescriptionId: p.prescriptionId, iniDate: '2025-01-06', endDate: '2025-03-06', doseUnit: 4, frequency: 7 }), 400, 'preservePrevPeriod');
    refused(await doctor.post(`${T}/prescription/update`, { caseId: id, prescriptionId: p.prescriptionId, iniDate: '2025-02-01', endDate: '2025-01-20', doseUnit: 4, frequency: 7, preservePrevPeriod: true }), 400, 'endDate', 'Дата окончания не может предшествовать дате начала');
    expect(await rowsOf('prescription', id)).toHaveLength(2);
    expect((await view(doctor, id)).movedToIndividualized).toBe(false);
  });
});

describe('period', () => {
  it('shortening trims the prescriptions, the units, the calendar and the planned days; lengthening extends them', async () => {
    const id = await standardCase();
    ok(await month(id, 2025, 6, range(1, 10, 'DOTS')));
    ok(await doctor.post(`${T}/update`, { caseId: id, endDate: '2025-06-05' }));
    let v = await view(doctor, id);
    expect(v.period).toEqual({ ini: '2025-01-06', end: '2025-06-05' });
    expect(v.prescriptions[1].periods[0]).toMatchObject({ ini: '2025-03-07', end: '2025-06-05' });
    expect(v.units[0]).toMatchObject({ end: '2025-06-05' });
    const june = v.followup.at(-1);
    expect(june).toMatchObject({ year: 2025, month: 6, iniDay: 1, endDay: 5, plannedDays: 5, takenDays: 5 });
    expect(june.days).toEqual(range(1, 5, 'DOTS'));

    ok(await doctor.post(`${T}/update`, { caseId: id, endDate: '2025-08-31' }));
    v = await view(doctor, id);
    expect(v.prescriptions[1].periods[0]).toMatchObject({ end: '2025-08-31' });
    expect(v.followup.map((m: any) => `${m.month}:${m.plannedDays}`).slice(-3)).toEqual(['6:30', '7:31', '8:31']);

    ok(await doctor.post(`${T}/update`, { caseId: id, endDate: '2025-03-01' }));
    v = await view(doctor, id);
    expect(v.prescriptions.map((g: any) => g.product.id)).toEqual([ids.hrze]); // HR started after the new end: gone
    expect(v.prescriptions[0].periods[0]).toMatchObject({ end: '2025-03-01' });
    expect(await rowsOf('adherence', id)).toHaveLength(0);
    expect(v.followup.at(-1)).toMatchObject({ month: 3, endDay: 1, plannedDays: 1 });

    refused(await doctor.post(`${T}/update`, { caseId: id, endDate: '2024-12-31' }), 400, 'endDate', 'Дата окончания не может предшествовать дате начала');
    refused(await doctor.post(`${T}/update`, { caseId: id }), 400, 'endDate');
    const history = await db().selectFrom('cmdhistory').select(['type', 'action']).where('type', '=', 'treatment').where('action', '=', 'treatmentperiod').execute();
    expect(history.length).toBeGreaterThanOrEqual(3);
  });
});

describe('cancel', () => {
  it('deletes every treatment row and returns the case to not started', async () => {
    const id = await standardCase();
    ok(await month(id, 2025, 2, range(1, 28, 'DOTS')));
    ok(await doctor.post(`${T}/prescription/add`, { caseId: id, productId: ids.hr, iniDate: '2025-02-10', endDate: '2025-02-20', doseUnit: 2, frequency: 7 }));
    for (const table of ['treatment', 'prescription', 'treatunit', 'adherence']) expect((await rowsOf(table, id)).length).toBeGreaterThan(0);
    ok(await doctor.post(`${T}/undo/${id}`));
    for (const table of ['treatment', 'prescription', 'treatunit', 'adherence']) expect(await rowsOf(table, id)).toEqual([]);
    expect(await caseRow(id)).toMatchObject({ state: 'NOT_ONTREATMENT', ini: null, alertFrom: null, alert: false });
    expect(await view(doctor, id)).toEqual({ started: false, canStart: true, clientMode: false });
    expect(await db().selectFrom('cmdhistory').select('action').where('entity_id', '=', id).where('action', '=', 'undotreatment').execute()).toHaveLength(1);
    refused(await doctor.post(`${T}/undo/${id}`), 400, null, 'Лечение не начато');
    // and it can start again
    ok(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: '2025-03-03', regimenId: ids.regTb }));
  });
});
