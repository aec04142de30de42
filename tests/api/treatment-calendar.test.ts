// The daily intake calendar and its adherence, the adherence alert and its column — on a real
// server and PostgreSQL, as the UI calls them (set-up: tests/helpers/treatment.ts).
import { describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server } from '../helpers/use-server.ts';
import { T, view, ok, refused, rowsOf, caseRow, newCase, standardCase, month, range, useTreatmentFixture, type TreatmentFixture } from '../helpers/treatment.ts';

let doctor: ApiClient, nurse: ApiClient, bishkek: string;
let ids: TreatmentFixture['ids'];
useTreatmentFixture((f) => ({ doctor, nurse, bishkek, ids } = f));
const db = () => kysely(server.ctx.orm.em.fork());

describe('calendar', () => {
  it('a month with mixed statuses: one row, adherence = days not NOT_TAKEN / planned days, month and overall', async () => {
    const id = await standardCase();
    ok(await month(id, 2025, 2, [...range(1, 10, 'DOTS'), ...range(11, 15, 'SELF_ADMIN'), ...range(16, 18, 'NOT_TAKEN')]));
    const rows = await rowsOf('adherence', id);
    expect(rows.map((r) => [r.year, r.month, r.days])).toEqual([[2025, 2, 'DDDDDDDDDDSSSSSNNN----------']]);
    let v = await view(nurse, id);
    const feb = v.followup.find((m: any) => m.month === 2);
    expect(feb).toMatchObject({ plannedDays: 28, plannedSoFar: 28, takenDays: 15, adherence: 54 });
    expect(feb.days).toHaveLength(18);
    expect(v.adherence).toEqual({ plannedDays: 180, takenDays: 15, percent: 8 });
    // saving the month again replaces it (clicking a day with the same status cleared it)
    ok(await month(id, 2025, 2, range(1, 10, 'DOTS')));
    v = await view(nurse, id);
    expect(v.followup.find((m: any) => m.month === 2)).toMatchObject({ takenDays: 10, adherence: 36 });
    ok(await month(id, 2025, 2, []));
    expect(await rowsOf('adherence', id)).toEqual([]);
  });

  it('the current month counts only the planned days that have come: every dose taken so far is 100%', async () => {
    const now = new Date();
    const [y, m, today] = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()];
    const first = `${y}-${String(m).padStart(2, '0')}-01`;
    const id = await newCase({ registrationDate: first, diagnosisDate: first });
    ok(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: first, prescriptions: [{ productId: ids.hrze, doseUnit: 4, frequency: 7, monthIni: 1, months: 2 }] }));
    ok(await month(id, y, m, range(1, today, 'DOTS')));
    const v = await view(nurse, id);
    const current = v.followup.find((x: any) => x.year === y && x.month === m);
    // planned every day of the month; only days 1…today have come, and each was taken
    expect(current).toMatchObject({ plannedDays: new Date(Date.UTC(y, m, 0)).getUTCDate(), plannedSoFar: today, takenDays: today, adherence: 100 });
    expect(v.adherence).toEqual({ plannedDays: today, takenDays: today, percent: 100 });
    // the month after has not begun: nothing counts yet
    expect(v.followup.find((x: any) => x.month === (m % 12) + 1)).toMatchObject({ plannedSoFar: 0, takenDays: 0, adherence: null });
  });

  it('is refused when the case is not on treatment, outside the period, ahead of today and beyond the limits', async () => {
    const notStarted = await newCase();
    refused(await month(notStarted, 2025, 2, range(1, 3, 'DOTS')), 400, null, 'Календарь приёма можно изменять, только когда случай на лечении');
    const id = await standardCase();
    refused(await month(id, 2025, 1, range(1, 6, 'DOTS')), 400, 'days', 'День 1 вне периода лечения');
    refused(await month(id, 2025, 9, range(1, 3, 'DOTS')), 400, 'month');
    refused(await month(id, 2025, 2, [{ day: 30, status: 'DOTS' }]), 400, 'days.0.day');
    refused(await month(id, 2025, 2, [{ day: 3, status: 'DOTS' }, { day: 3, status: 'NOT_TAKEN' }]), 400, 'days.1.day');
    refused(await month(id, 2025, 2, [{ day: 3, status: 'TAKEN' }]), 400, 'days.0.status');
    refused(await month(id, 2025, 13, []), 400, 'month');
    const future = new Date(Date.now() + 5 * 86_400_000);
    const later = await newCase();
    ok(await doctor.post(`${T}/start`, { caseId: later, unitId: bishkek, iniDate: new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10), regimenId: ids.regTb }));
    refused(await month(later, future.getUTCFullYear(), future.getUTCMonth() + 1, [{ day: future.getUTCDate(), status: 'DOTS' }]), 400, 'days', `День ${future.getUTCDate()} ещё не наступил`);
    // closed: refused, and the view says the calendar is not editable
    ok(await doctor.post(`/api/tbl/tbcase/${id}/action/close`, { outcome: 'CURED', outcomeDate: '2025-07-04' }));
    refused(await month(id, 2025, 2, range(1, 3, 'DOTS')), 400, null, 'Календарь приёма можно изменять, только когда случай на лечении');
    expect(await view(doctor, id)).toMatchObject({ editable: false, canChange: false });
    refused(await doctor.post(`${T}/prescription/add`, { caseId: id, productId: ids.hr, iniDate: '2025-02-10', endDate: '2025-02-20', doseUnit: 2, frequency: 7 }), 400, null, 'Случай не на лечении: изменить лечение нельзя');
    expect(await rowsOf('adherence', id)).toEqual([]);
  });

  it('the generic API keeps the same rules', async () => {
    const notStarted = await newCase();
    refused(await admin.post('/api/tbl/adherence', { caseId: notStarted, year: 2025, month: 2, days: 'D'.repeat(28) }), 400, null, 'Календарь приёма можно изменять, только когда случай на лечении');
    const id = await standardCase();
    refused(await admin.post('/api/tbl/adherence', { caseId: id, year: 2025, month: 2, days: 'D'.repeat(27) }), 400, 'days');
    refused(await admin.post('/api/tbl/prescription', { caseId: id, productId: ids.hr, iniDate: '2025-02-10', endDate: '2025-02-01', doseUnit: 1, frequency: 7 }), 400, 'endDate', 'Дата окончания не может предшествовать дате начала');
  });
});

describe('adherence alert', () => {
  it('two weeks without a dose mark the case, through the rule and its column; a recorded dose clears it', async () => {
    const id = await standardCase();
    // nothing recorded: the whole period is one stretch without doses
    let v = await view(doctor, id);
    expect(v.alert).toEqual({ missedRun: true, longestMissedDays: 180, monthsWithoutDoses: 5 });
    expect(await caseRow(id)).toMatchObject({ alertFrom: '2025-01-19', alert: true });

    // every day taken: no alert, and none can come
    const full: Record<number, number> = { 1: 31, 2: 28, 3: 31, 4: 30, 5: 31, 6: 30, 7: 4 };
    for (const [m, last] of Object.entries(full)) ok(await month(id, 2025, Number(m), range(Number(m) === 1 ? 6 : 1, last, 'SELF_ADMIN')));
    v = await view(doctor, id);
    expect(v.alert).toEqual({ missedRun: false, longestMissedDays: 0, monthsWithoutDoses: 0 });
    expect(await caseRow(id)).toMatchObject({ alertFrom: null, alert: false });

    // 1–20 March not taken: 20 days in a row
    ok(await month(id, 2025, 3, [...range(1, 20, 'NOT_TAKEN'), ...range(21, 31, 'DOTS')]));
    v = await view(doctor, id);
    expect(v.alert).toMatchObject({ missedRun: true, longestMissedDays: 20 });
    expect(await caseRow(id)).toMatchObject({ alertFrom: '2025-03-14', alert: true });

    // 13 days only: below the rule
    ok(await month(id, 2025, 3, [...range(1, 13, 'NOT_TAKEN'), ...range(14, 31, 'DOTS')]));
    expect((await view(doctor, id)).alert).toMatchObject({ missedRun: false, longestMissedDays: 13 });
    expect(await caseRow(id)).toMatchObject({ alertFrom: null, alert: false });

    // 1–20 March again: marked; a closed case is not
    ok(await month(id, 2025, 3, [...range(1, 20, 'NOT_TAKEN'), ...range(21, 31, 'DOTS')]));
    expect((await caseRow(id)).alert).toBe(true);
    ok(await doctor.post(`/api/tbl/tbcase/${id}/action/close`, { outcome: 'CURED', outcomeDate: '2025-07-04' }));
    expect(await caseRow(id)).toMatchObject({ alertFrom: '2025-03-14', alert: false });
  });

  it('an automatic tag reading the alert column follows the calendar', async () => {
    const id = await standardCase();
    const tag = await admin.post('/api/tbl/tag', { name: 'Пропуски приёма (тест)', active: true, autoGenerated: true, consistencyCheck: false, sqlCondition: 'tbcase.adherence_alert_from is null' });
    expect(tag.status, JSON.stringify(tag.body)).toBe(200);
    const tagged = async () => (await db().selectFrom('casetag').select('tag_id').where('case_id', '=', id).where('tag_id', '=', tag.body.result).execute()).length;
    expect(await tagged()).toBe(0);
    const full: Record<number, number> = { 1: 31, 2: 28, 3: 31, 4: 30, 5: 31, 6: 30, 7: 4 };
    for (const [m, last] of Object.entries(full)) ok(await month(id, 2025, Number(m), range(Number(m) === 1 ? 6 : 1, last, 'DOTS')));
    expect(await tagged()).toBe(1);
    ok(await month(id, 2025, 3, range(1, 20, 'NOT_TAKEN')));
    expect(await tagged()).toBe(0);
  });

  it('counts the months without doses since the last one taken', async () => {
    const id = await standardCase();
    ok(await month(id, 2025, 1, range(6, 31, 'DOTS')));
    expect((await view(doctor, id)).alert).toEqual({ missedRun: true, longestMissedDays: 154, monthsWithoutDoses: 5 });
  });
});
