// Rates and trends: the population catalogue imported from a file's rows, the notification
// rate per 100,000 beside each number of an indicator by area and registration year, any indicator by
// quarter over the last eight whole quarters, the treatment success share beside the outcome counts.
// Cases written through the API, each fact chosen, every number written out by hand:
//
//  NTM cases (the rates)            registered   unit (area)      sex
//  r1                                2024-03-01   Bishkek (г. Бишкек)  MALE
//  r2                                2024-06-01   Bishkek              MALE
//  r3                                2024-05-05   Osh (г. Ош)          FEMALE
//  r4                                2023-02-02   Bishkek              FEMALE
//  population: г. Бишкек 2023 100 000, 2024 400 000; г. Ош 2024 200 000 (2023 unknown)
//
//  TB and DR-TB cases (the trend), registered on the first day of a quarter counted back from today's
//  (q-1: the last whole quarter): t1 MALE q-1, t2 FEMALE q-1, t3 MALE q-3, t4 FEMALE q-8 (the oldest of
//  the eight), t5 MALE q-9 and t6 MALE in today's quarter (neither in the trend).
import { beforeAll, describe, expect, it } from 'vitest';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { clearWorkspaceCases } from '../helpers/workspace.ts';

let bishkek: string, osh: string, bishkekCity: string, oshCity: string;

/** The first day of the quarter `back` quarters before today's, and its key. */
function quarter(back: number) {
  const now = new Date();
  const index = now.getFullYear() * 4 + Math.floor(now.getMonth() / 3) - back;
  const year = Math.floor(index / 4), q = (index % 4) + 1;
  return { date: `${year}-${String((q - 1) * 3 + 1).padStart(2, '0')}-01`, key: `${year}-Q${q}` };
}

async function indicator(body: Record<string, unknown>) {
  const r = await admin.post('/api/cases/report/ind/exec', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.indicator;
}

useTestServer();
beforeAll(async () => {
  const ws = (await admin.post('/api/sys/session')).body.workspaceId;
  await clearWorkspaceCases(server, ws);
  bishkek = await unitNamed(admin, 'Бишкекский городской');
  osh = await unitNamed(admin, 'Ошский областной');
  bishkekCity = (await admin.post('/api/tbl/adminunit/query', { key: 'г. Бишкек' })).body.list[0].id;
  oshCity = (await admin.post('/api/tbl/adminunit/query', { key: 'г. Ош' })).body.list[0].id;
  const man = await newPatient(admin, { name: 'Ставка', lastName: 'Первый', gender: 'MALE', birthDate: '1970-01-01' });
  const woman = await newPatient(admin, { name: 'Ставка', lastName: 'Вторая', gender: 'FEMALE', birthDate: '1970-01-01' });
  const ntm = (patient: string, unit: string, registrationDate: string) => createCase(admin, patient, unit, { classification: 'NTM', registrationDate, diagnosisDate: registrationDate });
  await ntm(man, bishkek, '2024-03-01');
  await ntm(man, bishkek, '2024-06-01');
  await ntm(woman, osh, '2024-05-05');
  await ntm(woman, bishkek, '2023-02-02');
  const tb = (patient: string, back: number, extra: Record<string, unknown> = {}) => createCase(admin, patient, bishkek, { registrationDate: quarter(back).date, diagnosisDate: quarter(back).date, ...extra });
  await tb(man, 1);
  await tb(woman, 1);
  await tb(man, 3, { classification: 'DRTB', drugResistanceType: 'MDR' });
  await tb(woman, 8);
  await tb(man, 9);
  await tb(man, 0);
}, 180_000);

describe('the population catalogue, imported from a file', () => {
  it('refuses a file with an unknown area, a bad year or number, or an area twice in a year — each row\'s field named, nothing written', async () => {
    const r = await admin.post('/api/population/import', {
      rows: [
        { area: 'KG-GB', year: 2024, population: '400 000' },
        { area: 'Нет такой', year: 2024, population: 10 },
        { area: 'г. Ош', year: '1800', population: 'много' },
        { area: 'kg-gb', year: '2024', population: 5 },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'rows.1.area', msg: 'Территория «Нет такой» не найдена (код или название)' },
      { field: 'rows.2.year', msg: 'Год: целое число от 1900 до 2100' },
      { field: 'rows.2.population', msg: 'Численность населения: целое число больше нуля' },
      { field: 'rows.3.area', msg: 'Территория «kg-gb» за 2024 год указана дважды' },
    ]);
    expect((await admin.post('/api/tbl/population/query', {})).body.list).toEqual([]);
  });

  it('writes each area and year by its code or name; a second import changes a year already there', async () => {
    const first = await admin.post('/api/population/import', { rows: [{ area: 'KG-GB', year: 2024, population: '400 000' }, { area: 'kg-gb', year: '2023', population: 150000 }, { area: 'г. Ош', year: 2024, population: 200000 }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result).toEqual({ created: 3, updated: 0 });
    const again = await admin.post('/api/population/import', { rows: [{ area: 'KG-GB', year: 2023, population: 100000 }] });
    expect(again.body.result).toEqual({ created: 0, updated: 1 });
    const rows = (await admin.post('/api/tbl/population/query', { pageSize: 50 })).body.list.map((x: any) => [x.adminUnitId, x.year, x.population]);
    expect(rows.sort()).toEqual([[bishkekCity, 2023, 100000], [bishkekCity, 2024, 400000], [oshCity, 2024, 200000]].sort());
  });

  it('needs the catalogue\'s edit permission', async () => {
    const reader = await createUser(server, admin, 'POPREADER', [{ permission: 'CASEMAN' }, { permission: 'POPULATION' }]);
    expect((await reader.post('/api/population/import', { rows: [{ area: 'KG-GB', year: 2022, population: 1 }] })).status).toBe(403);
  });
});

describe('the notification rate per 100,000', () => {
  const ntm = { classification: ['NTM'] };
  const byKey = (headers: any[]) => headers.map((h) => h.keys[0]);

  it('by area and registration year: each number over its area\'s population of its year; a total over its areas and years, only those with a population', async () => {
    const d = await indicator({ rowVariables: ['ownerUnitArea2'], columnVariables: ['registrationDate.year'], filters: ntm, rate: true });
    expect(byKey(d.rows)).toEqual([bishkekCity, oshCity]);
    expect(byKey(d.columns)).toEqual(['2023', '2024']);
    expect(d.values).toEqual([[1, 2], [0, 1]]);
    expect(d.rates).toEqual({ label: 'На 100 000 населения', values: [[1, 0.5], [null, 0.5]], rowTotals: [0.6, 0.5], columnTotals: [1, 0.5], total: 0.6 });
  });

  it('by area and another variable, the year a filter of one calendar year', async () => {
    const d = await indicator({ rowVariables: ['ownerUnitArea2'], columnVariables: ['gender'], filters: { ...ntm, registrationDate: { ini: '2024-01', end: '2024-12' } }, rate: true });
    expect(d.values).toEqual([[2, 0], [0, 1]]);
    expect(d.rates.values).toEqual([[0.5, 0], [0, 0.5]]);
    expect(d.rates.rowTotals).toEqual([0.5, 0.5]);
    expect(d.rates.columnTotals).toEqual([0.3, 0.2]);
    expect(d.rates.total).toBe(0.5);
  });

  it('is refused without an area, or without a single registration year', async () => {
    for (const body of [
      { rowVariables: ['gender'], columnVariables: ['registrationDate.year'], rate: true },
      { rowVariables: ['ownerUnitArea2'], columnVariables: ['gender'], filters: { registrationDate: { ini: '2023-01', end: '2024-12' } }, rate: true },
      { rowVariables: ['ownerUnitArea2'], columnVariables: ['gender'], rate: true },
    ]) {
      const r = await admin.post('/api/cases/report/ind/exec', body);
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'rate', msg: expect.stringContaining('территории и году регистрации') }]);
    }
  });
});

describe('a trend: any indicator by quarter over the last eight whole quarters', () => {
  it('every one of the eight quarters, oldest first, a column per key of the indicator\'s rows; nothing of today\'s quarter or before the eighth', async () => {
    const d = await indicator({ rowVariables: ['gender'], columnVariables: ['classification'], filters: { classification: ['TB', 'DRTB'] }, trend: 'registrationDate' });
    const keys = [8, 7, 6, 5, 4, 3, 2, 1].map((b) => quarter(b).key);
    expect(d.trend).toEqual({ date: 'registrationDate', quarters: keys });
    expect(byRows(d)).toEqual(Object.fromEntries(keys.map((k) => [k, k === quarter(1).key ? [1, 1, 2] : k === quarter(3).key ? [1, 0, 1] : k === quarter(8).key ? [0, 1, 1] : [0, 0, 0]])));
    expect(d.columns.map((c: any) => c.keys[0])).toEqual(['MALE', 'FEMALE']);
    expect(d.total).toBe(4);
  });

  it('its cells open their cases; a date without quarters is refused', async () => {
    const r = await admin.post('/api/cases/report/ind/cases', { rowVariables: ['gender'], filters: { classification: ['TB', 'DRTB'] }, trend: 'registrationDate', row: [quarter(1).key], column: ['MALE'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.count).toBe(1);
    expect((await admin.post('/api/cases/report/ind/exec', { rowVariables: ['gender'], trend: 'gender' })).body.errors).toEqual([{ field: 'trend', msg: 'Тренд строится по дате случая с кварталами' }]);
  });
});

describe('the treatment success share beside the outcome counts', () => {
  it('each row\'s cured and completed of all its cases (none closed yet: 0 %)', async () => {
    const d = await indicator({ rowVariables: ['gender'], columnVariables: ['outcome'], filters: { classification: ['NTM'] } });
    expect(d.success).toEqual({ side: 'column', label: 'Успех лечения, %', rates: [0, 0], total: 0 });
  });
});

/** A table as `row key → [cells…, row total]`. */
function byRows(d: any): Record<string, number[]> {
  return Object.fromEntries(d.rows.map((r: any, i: number) => [r.keys[0], [...d.values[i], d.rowTotals[i]]]));
}
