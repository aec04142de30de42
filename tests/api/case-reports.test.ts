// Case reports on a known data set: the five cases of tests/helpers/case-reports.ts (its list says
// each fact; every count below is written out by hand from it): every declared variable, the
// filters, the place asked, the cases behind a number, the search and what a reader may count by.
// Saved reports and the dashboard: case-reports-saved.test.ts.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/server.ts';
import { admin, useTestServer } from '../helpers/use-server.ts';
import { ages, bishkek, by, c, cellCases, doctor, ids, indicator, keysOf, osh, reader, t1, t2, table, useReportCases } from '../helpers/case-reports.ts';

useTestServer();
useReportCases();

describe('every declared variable: keys in declared order, counts, totals', () => {
  it('gender × classification', async () => {
    const ind = await indicator(admin, by(['gender'], ['classification']));
    expect(keysOf(ind.columns)).toEqual(['TB', 'DRTB', 'NTM']);
    expect(ind.columns.map((x: any) => x.labels[0])).toEqual(['ТБ', 'Лекарственно-резистентный ТБ', 'Нетуберкулёзные микобактерии']);
    expect(table(ind)).toEqual({ MALE: [2, 0, 1, 3], FEMALE: [1, 1, 0, 2], Итог: [3, 1, 1, 5] });
    expect(ind.rows.map((x: any) => x.labels[0])).toEqual(['Мужской', 'Женский']);
    expect(ind.totalLabel).toBe('Итог');
  });
  it('registration month, quarter and year × state', async () => {
    expect(table(await indicator(admin, by(['registrationDate.month'], ['state'])))).toEqual({
      '2024-12': [0, 0, 1, 1], '2025-01': [1, 0, 0, 1], '2025-02': [1, 0, 0, 1], '2025-03': [1, 0, 0, 1], '2025-04': [1, 0, 0, 1], Итог: [4, 0, 1, 5],
    });
    expect(table(await indicator(admin, by(['registrationDate.quarter'], ['diagnosisType'])))).toEqual({ '2024-Q4': [0, 1, 1], '2025-Q1': [0, 3, 3], '2025-Q2': [1, 0, 1], Итог: [1, 4, 5] });
    const year = await indicator(admin, by(['registrationDate.year'], ['gender']));
    expect(table(year)).toEqual({ 2024: [0, 1, 1], 2025: [3, 1, 4], Итог: [3, 2, 5] });
    expect(year.rowVariables).toEqual([{ id: 'registrationDate.year', name: 'Дата регистрации (год)' }]);
    // only c1 has a diagnosis date
    expect(table(await indicator(admin, by(['diagnosisDate.month'], ['gender'])))).toEqual({ '2025-01': [1, 0, 1], null: [2, 2, 4], Итог: [3, 2, 5] });
  });
  it('tags: a case under each of its tags, totals of distinct cases', async () => {
    const ind = await indicator(admin, by(['tag'], ['classification']));
    expect(ind.rows.map((r: any) => r.labels[0])).toEqual(['Отчёт-1', 'Отчёт-2', 'Не указано']);
    expect(table(ind)).toEqual({ [t1]: [1, 1, 0, 2], [t2]: [1, 0, 0, 1], null: [2, 0, 1, 3], Итог: [3, 1, 1, 5] });
  });
  it('latest HIV result, outcome and its month, nationality, registration group, resistance', async () => {
    expect(table(await indicator(admin, by(['hivResult'], ['gender'])))).toEqual({ POSITIVE: [0, 1, 1], NEGATIVE: [1, 0, 1], ONGOING: [0, 0, 0], NOTDONE: [0, 0, 0], null: [2, 1, 3], Итог: [3, 2, 5] });
    const outcome = await indicator(admin, by(['outcome'], ['gender']));
    expect(table(outcome).DIED).toEqual([0, 1, 1]);
    expect(table(outcome).null).toEqual([3, 1, 4]);
    expect(keysOf(outcome.rows).slice(0, 4)).toEqual(['CURED', 'TREAT_COMPLETED', 'TREAT_FAILED', 'DIED']);
    expect(table(await indicator(admin, by(['outcomeDate.month'], ['state'])))).toEqual({ '2025-03': [0, 0, 1, 1], null: [4, 0, 0, 4], Итог: [4, 0, 1, 5] });
    expect(table(await indicator(admin, by(['nationality'], ['gender'])))).toEqual({ NATIVE: [2, 1, 3], FOREIGN: [0, 1, 1], null: [1, 0, 1], Итог: [3, 2, 5] });
    const group = table(await indicator(admin, by(['registrationGroup'], ['gender'])));
    expect([group.NEW, group.RELAPSE, group.OTHER, group.FAILURE_FT]).toEqual([[2, 1, 3], [0, 1, 1], [1, 0, 1], [0, 0, 0]]);
    const drt = table(await indicator(admin, by(['drugResistanceType'], ['classification'])));
    expect([drt.MDR, drt.null]).toEqual([[0, 1, 0, 1], [3, 0, 1, 4]]);
  });
  it('age range at registration, from the age-range catalogue in its order', async () => {
    const ind = await indicator(admin, by(['ageRange'], ['gender']));
    expect(keysOf(ind.rows)).toEqual(ages.map((a) => a.id));
    // 0–4, 5–14, 15–24, 25–34, 35–44, 45–54, 55–64, 65+
    expect(ind.rowTotals).toEqual([0, 1, 0, 1, 0, 2, 1, 0]);
    expect(ind.values[5]).toEqual([2, 0]);
  });
  it('owner unit and its admin unit at each level', async () => {
    const unit = await indicator(admin, by(['ownerUnit'], ['gender']));
    expect(table(unit)).toEqual({ [bishkek]: [2, 1, 3], [osh]: [1, 1, 2], Итог: [3, 2, 5] });
    expect(unit.rows[0].labels[0]).toMatch(/^Бишкекский городской/);
    const area = (level: number) => indicator(admin, by([`ownerUnitArea${level}`], ['gender']));
    const a1 = await area(1), a2 = await area(2), a3 = await area(3);
    expect(a1.rows.map((r: any) => r.labels[0])).toEqual(['Кыргызская Республика']);
    expect(a1.rowTotals).toEqual([5]);
    expect(a2.rows.map((r: any) => r.labels[0])).toEqual(['г. Бишкек', 'г. Ош']);
    expect(a2.rowTotals).toEqual([3, 2]);
    expect(a3.rows.map((r: any) => r.labels[0])).toEqual(['Ленинский район', 'Не указано']);
    expect(a3.rowTotals).toEqual([3, 2]);
  });
  it('validated, site of disease, culture and conversion keep every declared key', async () => {
    expect(table(await indicator(admin, by(['validated'], ['gender'])))).toEqual({ true: [0, 0, 0], false: [3, 2, 5], Итог: [3, 2, 5] });
    expect(keysOf((await indicator(admin, by(['cultureConversion.recorded'], ['gender']))).rows)).toEqual(['true', 'false']);
  });
  it('the month of treatment: whole months from the start to today, plus one', async () => {
    const now = new Date();
    const months = (now.getUTCFullYear() - 2025) * 12 + now.getUTCMonth() - (now.getUTCDate() < 15 ? 1 : 0);
    const ind = await indicator(admin, by(['iniTreatmentDate.monthsSince'], ['gender']));
    expect(table(ind)).toEqual({ [months + 1]: [1, 0, 1], null: [2, 2, 4], Итог: [3, 2, 5] });
    expect(ind.rows[0].labels[0]).toBe(`Месяц ${months + 1}`);
    expect(await cellCases(admin, { ...by(['iniTreatmentDate.monthsSince'], ['gender']), row: [months + 1] })).toEqual(ids('c1'));
  });
  it('in English', async () => {
    admin.headers['accept-language'] = 'en';
    const en = await admin.post('/api/sys/language/en');
    expect(en.status).toBe(200);
    const ind = await indicator(admin, by(['gender'], ['classification']));
    expect(ind.rows.map((x: any) => x.labels[0])).toEqual(['Male', 'Female']);
    expect(ind.totalLabel).toBe('Total');
    await admin.post('/api/sys/language/ru');
  });
});

describe('filters', () => {
  it('a multi-select with two values restricts to those two', async () => {
    // the columns are the two chosen, TB and NTM: no column of zeros for DR-TB
    expect(table(await indicator(admin, by(['gender'], ['classification'], { classification: ['TB', 'NTM'] })))).toEqual({ MALE: [2, 1, 3], FEMALE: [1, 0, 1], Итог: [3, 1, 4] });
    expect((await indicator(admin, by(['gender'], ['classification'], { classification: ['DRTB'] }))).total).toBe(1);
    expect((await indicator(admin, by(['gender'], ['state'], { tag: [t1, t2] }))).total).toBe(2);
    expect((await indicator(admin, by(['gender'], ['state'], { tag: [t2] }))).total).toBe(1);
    expect((await indicator(admin, by(['gender'], ['state'], { gender: ['FEMALE'], classification: ['TB'] }))).total).toBe(1);
    expect((await indicator(admin, by(['gender'], ['state'], { validated: false }))).total).toBe(5);
    expect((await indicator(admin, by(['gender'], ['state'], { validated: true }))).total).toBe(0);
    expect((await indicator(admin, by(['gender'], ['state'], { ownerUnitArea: [(await admin.post('/api/tbl/adminunit/query', { key: 'г. Ош' })).body.list[0].id] }))).total).toBe(2);
  });
  it('a multi-select counted live (not the cube\'s: by age band) keeps every value chosen, in the table, its cells\' cases and the search', async () => {
    // TB or NTM: c1 (45), c3 (10), c4 (64), c5 (49) — with only the first value, c5 would be lost
    const band = (ini: number) => ages.find((a) => a.iniAge === ini)!.id;
    const live = await indicator(admin, by(['ageRange'], ['gender'], { classification: ['TB', 'NTM'] }));
    expect(live.total).toBe(4);
    const rows = Object.fromEntries(live.rows.map((r: any, i: number) => [r.keys[0], [...live.values[i], live.rowTotals[i]]]).filter(([, v]: any) => v.at(-1)));
    expect(rows).toEqual({ [band(5)]: [1, 0, 1], [band(45)]: [2, 0, 2], [band(55)]: [0, 1, 1] });
    expect(await cellCases(admin, { ...by(['ageRange'], ['gender'], { classification: ['TB', 'NTM'] }), row: [band(45)], column: ['MALE'] })).toEqual(ids('c1', 'c5'));
    expect(await cellCases(admin, { ...by(['ageRange'], ['gender'], { registrationGroup: ['RELAPSE', 'OTHER'] }), column: ['MALE'] })).toEqual(ids('c5'));
    expect((await admin.post('/api/cases/search/count', { filters: { registrationGroup: ['RELAPSE', 'OTHER'], nationality: ['NATIVE', 'FOREIGN'] } })).body.count).toBe(2);
  });
  it('a period includes its first and last month and nothing outside', async () => {
    const total = async (p: unknown) => (await indicator(admin, by(['gender'], ['state'], { registrationDate: p }))).total;
    expect(await total({ ini: '2025-01', end: '2025-03' })).toBe(3); // c1 01-10, c2 02-15, c5 03-31
    expect(await total({ ini: '2025-04' })).toBe(1);
    expect(await total({ end: '2024-12' })).toBe(1);
    expect(await total({ ini: '2024-12', end: '2024-12' })).toBe(1);
    expect(await total({ ini: '2025-05' })).toBe(0);
  });
  it('refuses bad filters and variables with field errors', async () => {
    const bad = async (body: Record<string, unknown>) => admin.post('/api/cases/report/ind/exec', body);
    expect((await bad(by(['gender'], []))).body.errors).toEqual([{ field: 'columnVariables', msg: 'Выберите хотя бы одну переменную для строк и одну для столбцов' }]);
    expect((await bad(by(['gender'], ['state'], { classification: ['XDR'] }))).body.errors).toEqual([{ field: 'filters.classification', msg: 'Недопустимое значение фильтра' }]);
    expect((await bad(by(['gender'], ['state'], { registrationDate: { ini: '2025-05', end: '2025-01' } }))).status).toBe(400);
    expect((await bad(by(['gender'], ['nope']))).body.errors).toEqual([{ field: 'columnVariables', msg: 'Неизвестная переменная: nope' }]);
    expect((await bad(by(['gender'], ['state'], {}, { scope: 'UNIT', scopeId: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
  });
});

describe('scope: the place asked, within the reader’s view', () => {
  it('a unit-view doctor asking for the workspace gets their unit; another unit gets nothing', async () => {
    expect(table(await indicator(doctor, by(['gender'], ['classification'])))).toEqual({ MALE: [1, 0, 1, 2], FEMALE: [0, 1, 0, 1], Итог: [1, 1, 1, 3] });
    expect((await indicator(doctor, by(['gender'], ['classification'], {}, { scope: 'UNIT', scopeId: osh }))).total).toBe(0);
  });
  it('a workspace reader asking for a unit or an area gets that place', async () => {
    expect((await indicator(reader, by(['gender'], ['classification'], {}, { scope: 'UNIT', scopeId: osh }))).total).toBe(2);
    const bishkekCity = (await admin.post('/api/tbl/adminunit/query', { key: 'г. Бишкек' })).body.list[0].id;
    expect((await indicator(reader, by(['gender'], ['classification'], {}, { scope: 'ADMINUNIT', scopeId: bishkekCity }))).total).toBe(3);
    expect((await indicator(reader, by(['gender'], ['classification']))).total).toBe(5);
  });
});

describe('drill-through: the cases behind a number', () => {
  const body = by(['gender'], ['classification']);
  it('lists exactly the cases of a cell, of a total, of no value', async () => {
    expect(await cellCases(admin, { ...body, row: ['MALE'], column: ['TB'] })).toEqual(ids('c1', 'c3'));
    expect(await cellCases(admin, { ...body, column: ['TB'] })).toEqual(ids('c1', 'c3', 'c4'));
    expect(await cellCases(admin, { ...body, row: ['FEMALE'] })).toEqual(ids('c2', 'c4'));
    expect(await cellCases(admin, { ...by(['tag'], ['gender']), row: [t1] })).toEqual(ids('c1', 'c2'));
    expect(await cellCases(admin, { ...by(['tag'], ['gender']), row: [null], column: ['MALE'] })).toEqual(ids('c3', 'c5'));
    expect(await cellCases(admin, { ...by(['registrationDate.month'], ['gender'], { classification: ['TB'] }), row: ['2025-01'] })).toEqual(ids('c1'));
  });
  it('in the user’s view', async () => {
    expect(await cellCases(doctor, { ...body, row: ['MALE'], column: ['TB'] })).toEqual(ids('c1'));
  });
  it('refuses keys that do not match the variables', async () => {
    expect((await admin.post('/api/cases/report/ind/cases', { ...body, row: ['MALE', 'X'] })).status).toBe(400);
  });
});

describe('init: the filters and variables in their groups', () => {
  it('lists groups with names and options', async () => {
    const r = await reader.post('/api/cases/report/init', {});
    expect(r.status).toBe(200);
    const filters = r.body.filters.flatMap((g: any) => g.filters);
    const cls = filters.find((f: any) => f.id === 'classification');
    expect(cls).toMatchObject({ name: 'Классификация', type: 'multiSelect' });
    expect(cls.resources.options.map((o: any) => o.value)).toEqual(['TB', 'DRTB', 'NTM']);
    expect(filters.find((f: any) => f.id === 'registrationDate').type).toBe('period');
    expect(filters.find((f: any) => f.id === 'tag').resources.options.map((o: any) => o.label)).toEqual(expect.arrayContaining(['Отчёт-1', 'Отчёт-2']));
    const groups = r.body.variables.map((g: any) => g.label);
    expect(groups).toEqual(expect.arrayContaining(['Случай', 'Пациент', 'Обследования', 'Лечение', 'Место']));
  });
});

describe('advanced search: the same filters, 50 a page, in the user’s view', () => {
  const search = async (client: ApiClient, body: Record<string, unknown>) => {
    const r = await client.post('/api/cases/search', { pageSize: 50, ...body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  /** The search's count, its own call (the page answers without it). */
  const count = async (client: ApiClient, body: Record<string, unknown>) => {
    const r = await client.post('/api/cases/search/count', body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  it('offers the report filters', async () => {
    const init = await reader.post('/api/cases/search/init', {});
    expect(init.body.filters).toEqual((await reader.post('/api/cases/report/init', {})).body.filters);
  });
  it('finds exactly the matching cases, newest registration first, and shows the filters', async () => {
    const r = await search(admin, { filters: { classification: ['TB', 'NTM'] }, addFilterDisplay: true });
    expect(r.count).toBeUndefined();
    expect(await count(admin, { filters: { classification: ['TB', 'NTM'] } })).toEqual({ count: 4, countCapped: false });
    expect(r.list.map((x: any) => x.id)).toEqual([c.c3, c.c5, c.c1, c.c4]);
    expect(r.filterDisplay).toEqual([{ id: 'classification', name: 'Классификация', value: 'ТБ, Нетуберкулёзные микобактерии' }]);
    const tagged = await search(admin, { filters: { tag: [t1], registrationDate: { ini: '2025-02' } }, addFilterDisplay: true });
    expect(tagged.list.map((x: any) => x.id)).toEqual([c.c2]);
    expect(tagged.filterDisplay).toEqual([
      { id: 'tag', name: 'Отметка', value: 'Отчёт-1' },
      { id: 'registrationDate', name: 'Дата регистрации', value: '02.2025 – …' },
    ]);
    expect((await count(admin, { filters: { tag: [t1], registrationDate: { ini: '2025-02' } } })).count).toBe(1);
    expect((await count(admin, {})).count).toBe(5);
  });
  it('a unit-view doctor finds only their unit’s cases, and counts them', async () => {
    expect((await search(doctor, { filters: { gender: ['MALE'] } })).list.map((x: any) => x.id)).toEqual([c.c5, c.c1]);
    expect((await count(doctor, { filters: { gender: ['MALE'] } })).count).toBe(2);
    expect((await count(admin, { scope: 'UNIT', scopeId: osh, filters: { gender: ['MALE'] } })).count).toBe(1);
  });
  it('refuses a bad filter or page size', async () => {
    expect((await admin.post('/api/cases/search', { pageSize: 50, filters: { gender: ['X'] } })).status).toBe(400);
    expect((await admin.post('/api/cases/search', { pageSize: 5000 })).status).toBe(400);
    expect((await admin.post('/api/cases/search/count', { filters: { gender: ['X'] } })).body.errors).toEqual([{ field: 'filters.gender', msg: expect.any(String) }]);
    expect((await admin.post('/api/cases/search/count', { page: 2 })).status).toBe(400);
    // a cursor the list never gave
    expect((await admin.post('/api/cases/search', { pageSize: 50, after: Buffer.from('[1]').toString('base64url') })).body.errors).toEqual([{ field: 'after', msg: expect.any(String) }]);
  });
});

describe('what a reader may count by and filter on', () => {
  const optionsOf = async (client: ApiClient, id: string) => (await client.post('/api/cases/search/init', {})).body.filters.flatMap((g: any) => g.filters).find((f: any) => f.id === id)?.resources.options.map((o: any) => o.label);
  it('a unit-view doctor is offered their unit and the areas above it only; the workspace reader every one', async () => {
    expect(await optionsOf(doctor, 'ownerUnit')).toEqual([expect.stringMatching(/^Бишкекский городской/)]);
    expect((await optionsOf(doctor, 'ownerUnitArea')).sort()).toEqual(['Кыргызская Республика', 'Ленинский район', 'г. Бишкек'].sort());
    const all = await optionsOf(reader, 'ownerUnit');
    expect(all).toEqual(expect.arrayContaining([expect.stringMatching(/^Бишкекский городской/), expect.stringMatching(/^Ошский областной/)]));
    expect(await optionsOf(reader, 'ownerUnitArea')).toEqual(expect.arrayContaining(['г. Ош', 'г. Бишкек']));
  });
  it('without an exam type’s permission: no variable or filter by its results is offered, and a count by them is refused', async () => {
    const init = (await doctor.post('/api/cases/report/init', {})).body;
    const varIds = init.variables.flatMap((g: any) => g.variables.map((v: any) => v.id));
    const filterIds = init.filters.flatMap((g: any) => g.filters.map((f: any) => f.id));
    // the HIV result (a case column derived from the HIV tests: EXAM_HIV) and the regimen (the treatment: CASE_TREAT)
    for (const id of ['hivResult', 'regimen']) {
      expect(varIds).not.toContain(id);
      expect(filterIds).not.toContain(id);
    }
    expect(varIds).toEqual(expect.arrayContaining(['gender', 'classification']));
    const r = await doctor.post('/api/cases/report/ind/exec', by(['hivResult'], ['gender']));
    expect(r.status).toBe(400);
    // said so, not 'unknown'
    expect(r.body.errors).toEqual([{ field: 'rowVariables', msg: 'Нет права считать по «ВИЧ-статус»: нужно право на чтение его данных' }]);
    const f = await doctor.post('/api/cases/report/ind/exec', by(['gender'], ['classification'], { hivResult: ['POSITIVE'] }));
    expect(f.status).toBe(400);
    expect(f.body.errors).toEqual([{ field: 'filters.hivResult', msg: 'Нет права считать по «ВИЧ-статус»: нужно право на чтение его данных' }]);
    const sr = await doctor.post('/api/cases/search', { pageSize: 50, filters: { hivResult: ['POSITIVE'] } });
    expect(sr.status).toBe(400);
    expect(sr.body.errors[0].field).toBe('filters.hivResult');
    expect((await doctor.post('/api/cases/search/count', { filters: { hivResult: ['POSITIVE'] } })).status).toBe(400);
    // the drill-through too
    expect((await doctor.post('/api/cases/report/ind/cases', { ...by(['hivResult'], ['gender']), row: ['POSITIVE'] })).status).toBe(400);
  });
  it('with it, the same counts are given: HIV POSITIVE is c2 (c1’s newest test is NEGATIVE)', async () => {
    const ind = await indicator(reader, by(['hivResult'], ['gender']));
    expect(table(ind).POSITIVE).toEqual([0, 1, 1]);
    expect((await reader.post('/api/cases/search', { pageSize: 50, filters: { hivResult: ['POSITIVE'] } })).body.list.map((x: any) => x.id)).toEqual([c.c2]);
  });
  it('a saved report counting by a forbidden variable shows that indicator’s error, not its numbers', async () => {
    const saved = await admin.post('/api/cases/report/save', { title: 'ВИЧ-доступ', indicators: [{ title: 'ВИЧ', columnVariables: ['gender'], rowVariables: ['hivResult'] }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const run = (await doctor.post('/api/cases/report/exec', { reportId: saved.body.result })).body.result.indicators[0];
    expect(run.data).toBeUndefined();
    expect(run.errors[0].field).toBe('rowVariables');
    expect((await admin.post(`/api/cases/report/delete/${saved.body.result}`)).status).toBe(200);
  });
});
