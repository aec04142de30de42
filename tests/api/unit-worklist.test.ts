// A unit's worklist (cases/places/worklist.ts): POST /api/cases/unit/{unitId}/worklist
// lists the unit's cases on treatment with a planned day of the last 14 days without a dose taken,
// the smears and cultures WHO's monitoring schedule asks for this treatment month and not yet
// recorded (cases/places/monitoring.ts), and the open cases past their treatment's planned end —
// only the reader's view, each list only with the permission of what it reads. Dates are relative to
// today (UTC, as the treatment tab counts it).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { createUser } from '../helpers/users.ts';

const T = '/api/cases/case/treatment';
let unitId: string;
let otherUnit: string;
let product: string;

const DAY = 86_400_000;
const TODAY = Math.floor(Date.now() / DAY);
/** The ISO date `offset` days from today (UTC). */
const day = (offset: number) => new Date((TODAY + offset) * DAY).toISOString().slice(0, 10);
/** The same day `n` months later, clamped to the month's length (31 January + 1 → 28/29 February). */
function addMonths(iso: string, n: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + n, Math.min(d, last))).toISOString().slice(0, 10);
}
const minusDays = (iso: string, n: number) => new Date(Date.parse(iso) - n * DAY).toISOString().slice(0, 10);
const ok = (r: { status: number; body: any }) => expect(r.status, JSON.stringify(r.body)).toBe(200);

/** A confirmed case of `unit` on an individualized treatment from `iniDate`: `months` months of one medicine at `frequency` doses a week. */
async function onTreatment(lastName: string, opts: { classification?: string; iniDate: string; months?: number; frequency?: number; unit?: string }) {
  const unit = opts.unit ?? unitId;
  const patientId = await newPatient(admin, { name: 'Тест', lastName, gender: 'MALE', birthDate: '1980-01-01' });
  const caseId = await createCase(admin, patientId, unit, {
    classification: opts.classification ?? 'TB', registrationDate: minusDays(opts.iniDate, 3), diagnosisDate: minusDays(opts.iniDate, 4),
    ...(opts.classification === 'DRTB' ? { drugResistanceType: 'MDR' } : {}),
  });
  // the demo workspace validates DR-TB cases before their treatment starts (caseValidationDRTB)
  if (opts.classification === 'DRTB') ok(await admin.post(`/api/tbl/tbcase/${caseId}/action/validate`, {}));
  ok(await admin.post(`${T}/start`, {
    caseId, unitId: unit, iniDate: opts.iniDate,
    prescriptions: [{ productId: product, doseUnit: 4, frequency: opts.frequency ?? 7, monthIni: 1, months: opts.months ?? 6 }],
  }));
  return caseId;
}

/** Records the days `offsets` (from today) with `status`, a calendar month at a time. */
async function record(caseId: string, marks: [number, string][]) {
  const byMonth = new Map<string, { day: number; status: string }[]>();
  for (const [offset, status] of marks) {
    const iso = day(offset);
    byMonth.set(iso.slice(0, 7), [...(byMonth.get(iso.slice(0, 7)) ?? []), { day: Number(iso.slice(8)), status }]);
  }
  for (const [ym, days] of byMonth) ok(await admin.post(`${T}/followup`, { caseId, year: Number(ym.slice(0, 4)), month: Number(ym.slice(5)), days }));
}
const lastTwoWeeks = (status: string): [number, string][] => Array.from({ length: 14 }, (_, i) => [-14 + i, status]);
const worklist = (who: ApiClient, unit = unitId) => who.post(`/api/cases/unit/${unit}/worklist`, {});

let irregular: string; // TB, 7/7: 2 days NOT_TAKEN, 1 not recorded in the last 14
let regular: string; // TB, 7/7: every day taken; its month-2 smear done
let weekdays: string; // TB, 5/7: every weekday taken, weekends not recorded
let mdr: string; // DR-TB in treatment month 3, its smear done this month, its culture not
let overdue: string; // TB whose treatment ended 11 days ago, still open
let elsewhere: string; // another unit's case with nothing recorded
let lapsed: string; // TB, 7/7: its last dose 30 days ago, nothing since

useTestServer();
beforeAll(async () => {
  unitId = await unitNamed(admin, 'Бишкекский');
  otherUnit = await unitNamed(admin, 'Ошский областной');
  product = (await admin.post('/api/tbl/product/query', { pageSize: 100 })).body.list.find((x: any) => x.shortName === 'HRZE 75/150/400/275').id;

  const forty = day(-40); // treatment month 2 (40 days < 2 months)
  irregular = await onTreatment('Пропусков', { iniDate: forty });
  await record(irregular, lastTwoWeeks('DOTS').map(([o, s]) => [o, o === -10 || o === -3 ? 'NOT_TAKEN' : s] as [number, string]).filter(([o]) => o !== -5));
  regular = await onTreatment('Аккуратов', { iniDate: forty });
  await record(regular, lastTwoWeeks('SELF_ADMIN'));
  ok(await admin.post('/api/tbl/exammic', { caseId: regular, date: day(-1), laboratoryId: (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: any) => u.type === 'LAB').id, result: 'NEGATIVE' }));
  weekdays = await onTreatment('Будничный', { iniDate: forty, frequency: 5 });
  const isWeekend = (o: number) => [0, 6].includes(new Date((TODAY + o) * DAY).getUTCDay());
  await record(weekdays, lastTwoWeeks('DOTS').filter(([o]) => !isWeekend(o)));

  const mdrIni = minusDays(addMonths(day(0), -2), 3); // month 3 started 3 days ago
  mdr = await onTreatment('Резистентов', { classification: 'DRTB', iniDate: mdrIni, months: 20 });
  await record(mdr, lastTwoWeeks('DOTS'));
  const lab = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: any) => u.type === 'LAB').id;
  ok(await admin.post('/api/tbl/exammic', { caseId: mdr, date: day(-1), laboratoryId: lab, result: 'NEGATIVE' }));
  ok(await admin.post('/api/tbl/examcul', { caseId: mdr, date: day(-4), result: 'NEGATIVE' })); // month 2: does not count for month 3

  overdue = await onTreatment('Просроченов', { iniDate: minusDays(addMonths(day(0), -6), 10) });
  elsewhere = await onTreatment('Чужой', { iniDate: forty, unit: otherUnit });
  lapsed = await onTreatment('Давнов', { iniDate: day(-60) });
  await record(lapsed, [[-40, 'DOTS'], [-31, 'DOTS'], [-30, 'SELF_ADMIN'], [-29, 'NOT_TAKEN']]);
}, 240_000);

describe('the unit worklist', () => {
  it('missed doses: planned days of the last 14 without a dose taken, NOT_TAKEN and unrecorded alike', async () => {
    const r = await worklist(admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const byCase = new Map(r.body.missedDoses.map((x: any) => [x.caseId, x]));
    expect(byCase.get(irregular)).toMatchObject({ patient: 'Пропусков Тест', plannedDays: 14, notTaken: 2, notRecorded: 1, lastTaken: day(-1) });
    expect(byCase.has(regular)).toBe(false);
    expect(byCase.has(weekdays)).toBe(false); // weekends are not planned at 5 doses a week
    expect(byCase.has(mdr)).toBe(false);
    expect(byCase.has(elsewhere)).toBe(false); // another unit's
    // the overdue case's window ends with its treatment: its planned days from 14 days ago to its end, none recorded
    const end = (await admin.get(`${T}/${overdue}`)).body.period.end;
    const planned = Math.round((Date.parse(end) - Date.parse(day(-14))) / DAY) + 1;
    expect(byCase.get(overdue)).toMatchObject({ plannedDays: planned, notTaken: 0, notRecorded: planned, lastTaken: null });
    // the last dose older than the window is still the last dose
    expect(byCase.get(lapsed)).toMatchObject({ plannedDays: 14, notTaken: 0, notRecorded: 14, lastTaken: day(-30) });
  });

  it('exams due: the month-2 smear of drug-susceptible TB, the monthly culture of DR-TB, not what this month already has', async () => {
    const due = (await worklist(admin)).body.examsDue.map((x: any) => [x.caseId, x.exam, x.month]);
    expect(due).toContainEqual([irregular, 'EXAM_MICROSCOPY', 2]);
    expect(due).toContainEqual([weekdays, 'EXAM_MICROSCOPY', 2]);
    expect(due).not.toContainEqual(expect.arrayContaining([regular]));
    expect(due.filter((x: any) => x[0] === mdr)).toEqual([[mdr, 'EXAM_CULTURE', 3]]);
    const row = (await worklist(admin)).body.examsDue.find((x: any) => x.caseId === mdr);
    const mdrIni = minusDays(addMonths(day(0), -2), 3);
    expect(row).toMatchObject({ from: addMonths(mdrIni, 2), to: minusDays(addMonths(mdrIni, 3), 1), patient: 'Резистентов Тест', classification: 'DRTB' });
    expect(due.some((x: any) => x[0] === overdue)).toBe(false); // its treatment has ended
  });

  it('no outcome: the open case past its planned end, with the days since', async () => {
    const rows = (await worklist(admin)).body.noOutcome;
    expect(rows.map((x: any) => x.caseId)).toEqual([overdue]);
    const end = (await admin.get(`${T}/${overdue}`)).body.period.end;
    const days = Math.round((Date.parse(day(0)) - Date.parse(end)) / DAY);
    expect(days).toBeGreaterThanOrEqual(10);
    expect(rows[0]).toMatchObject({ endDate: end, daysOverdue: days, patient: 'Просроченов Тест' });
    // closed: it leaves the list
    ok(await admin.post('/api/cases/case/close', { tbcaseId: overdue, outcomeDate: day(0), outcome: 'TREAT_COMPLETED' }));
    expect((await worklist(admin)).body.noOutcome).toEqual([]);
  });

  it("the lists follow the treatment's period at once: shortened past today, lengthened again", async () => {
    // the lists read the case's copy of the planned end (migration case_treatment_end): every period change must move it
    ok(await admin.post(`${T}/update`, { caseId: regular, endDate: day(-2) }));
    let w = (await worklist(admin)).body;
    expect(w.noOutcome.map((x: any) => [x.caseId, x.endDate, x.daysOverdue])).toEqual([[regular, day(-2), 2]]);
    expect(w.examsDue.some((x: any) => x.caseId === regular)).toBe(false);
    ok(await admin.post(`${T}/update`, { caseId: regular, endDate: day(60) }));
    w = (await worklist(admin)).body;
    expect(w.noOutcome).toEqual([]);
    // back in treatment month 2, whose smear it has
    expect(w.examsDue.some((x: any) => x.caseId === regular)).toBe(false);
    // its days after the shortened end were trimmed: yesterday is planned and now unrecorded
    expect(w.missedDoses.find((x: any) => x.caseId === regular)).toMatchObject({ notTaken: 0, notRecorded: 1, lastTaken: day(-2) });
  });

  it('a reader sees only their view, and only the lists their permissions read', async () => {
    const grant = (perms: string[]) => [{ permission: 'CASEMAN' }, ...perms.map((permission) => ({ permission }))];
    const noCalendar = await createUser(server, admin, 'WLNOCAL', grant(['CASE_TREAT']), 'Passw0rd', { unitId });
    const mine = (await worklist(noCalendar)).body;
    expect(mine.missedDoses).toBeNull();
    expect(mine.examsDue.length).toBeGreaterThan(0);
    const osh = await createUser(server, admin, 'WLOSH', grant(['CASE_TREAT', 'CASE_INTAKEMED']), 'Passw0rd', { unitId: otherUnit, view: 'UNIT' });
    const theirs = (await worklist(osh)).body;
    expect(theirs).toEqual({ missedDoses: [], examsDue: [], noOutcome: [], contactsToEvaluate: null, tptMissedDoses: null, truncated: false });
    expect((await worklist(osh, otherUnit)).body.missedDoses.map((x: any) => x.caseId)).toEqual([elsewhere]);
    const noCases = await createUser(server, admin, 'WLNOCASES', [{ permission: 'UNITS' }], 'Passw0rd', { unitId });
    expect((await worklist(noCases)).status).toBe(403);
    expect((await admin.post('/api/cases/unit/not-a-uuid/worklist', {})).status).toBe(400);
    expect((await admin.post('/api/cases/unit/00000000-0000-4000-8000-000000000001/worklist', {})).status).toBe(404);
  });
});
