// Saved case reports and the dashboard: a report of indicators saved with DATA_ANALISYS, listed,
// run with its own and its indicators' filters, shown on the dashboard for a place, kept within its
// workspace, and refused when an indicator is malformed. On the five cases of
// tests/helpers/case-reports.ts (the counts below are written by hand from its list).
import { describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { addWorkspace } from '../helpers/workspace.ts';
import { bishkek, cellCases, doctor, ids, indicator, reader, table, useReportCases } from '../helpers/case-reports.ts';

useTestServer();
useReportCases();

describe('saved reports and dashboards', () => {
  let id: string;
  const report = {
    title: 'Исходы 2025',
    dashboard: true,
    filters: { registrationDate: { ini: '2025-01', end: '2025-12' } },
    indicators: [
      { title: 'По полу', columnVariables: ['classification'], rowVariables: ['gender'] },
      { title: 'ВИЧ', size: 12, chart: 'bar', display: 2, columnVariables: ['gender'], rowVariables: ['hivResult'], filters: { classification: ['TB'] }, selection: 'row', selIndex: 0 },
    ],
  };
  it('saves with DATA_ANALISYS, lists, runs with the report’s and the indicator’s filters', async () => {
    expect((await reader.post('/api/cases/report/save', report)).status).toBe(403);
    const saved = await admin.post('/api/cases/report/save', report);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    id = saved.body.result;
    const list = (await reader.post('/api/cases/report/query', { scope: 'WORKSPACE' })).body.result;
    expect(list.map((r: any) => r.name)).toContain('Исходы 2025');
    const run = await reader.post('/api/cases/report/exec', { scope: 'WORKSPACE', reportId: id });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.result.schema).toMatchObject({ title: 'Исходы 2025', dashboard: true });
    const [a, b] = run.body.result.indicators;
    expect(a.schema).toMatchObject({ title: 'По полу', size: 6, chart: 'pie', display: 0 });
    // registered in 2025: c1, c2, c3, c5
    expect(table(a.data)).toEqual({ MALE: [2, 0, 1, 3], FEMALE: [0, 1, 0, 1], Итог: [2, 1, 1, 4] });
    // and TB: c1 (NEGATIVE), c3 (none)
    expect(b.schema).toMatchObject({ size: 12, chart: 'bar', display: 2, selection: 'row', selIndex: 0 });
    expect(b.data.total).toBe(2);
    expect(table(b.data).NEGATIVE).toEqual([1, 0, 1]);
  });
  it('opens without computing (compute: false): the schemas only, for the screens to compute one by one', async () => {
    const r = await reader.post('/api/cases/report/exec', { scope: 'WORKSPACE', reportId: id, compute: false });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.schema.filters).toEqual(report.filters);
    expect(r.body.result.indicators.map((x: any) => Object.keys(x))).toEqual([['schema'], ['schema']]);
    expect(r.body.result.indicators[1].schema).toMatchObject({ title: 'ВИЧ', filters: { classification: ['TB'] } });
  });
  it('for a filter set on both the report and an indicator, takes the indicator’s value, as ind/exec does with the screens’ request', async () => {
    const both = {
      title: 'Фильтр в обоих',
      filters: { registrationDate: { ini: '2025-01', end: '2025-12' }, gender: ['MALE'] },
      indicators: [
        // own gender wins: the women registered in 2025 — c2 (intersected with the report's MALE it would be none)
        { title: 'Женщины', columnVariables: ['classification'], rowVariables: ['gender'], filters: { gender: ['FEMALE'] } },
        // an empty own value filters nothing: the report's men of 2025 — c1, c3, c5
        { title: 'Пусто', columnVariables: ['classification'], rowVariables: ['gender'], filters: { gender: [] } },
        // own period wins too: the women registered in December 2024 — c4
        { title: 'Декабрь', columnVariables: ['classification'], rowVariables: ['gender'], filters: { gender: ['FEMALE'], registrationDate: { ini: '2024-12', end: '2024-12' } } },
      ],
    };
    const saved = await admin.post('/api/cases/report/save', both);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const run = (await reader.post('/api/cases/report/exec', { reportId: saved.body.result })).body.result.indicators;
    expect(run.map((x: any) => x.data.total)).toEqual([1, 3, 1]);
    // the women alone: the men, filtered out, are no row of zeros
    expect(table(run[0].data)).toEqual({ FEMALE: [0, 1, 0, 1], Итог: [0, 1, 0, 1] });
    // the request the screens send for the first (the report's filters overlaid by its own): the same table
    const screens = { filters: { registrationDate: { ini: '2025-01', end: '2025-12' }, gender: ['FEMALE'] }, columnVariables: ['classification'], rowVariables: ['gender'] };
    expect(await indicator(reader, screens)).toEqual(run[0].data);
    expect(await cellCases(reader, { ...screens, row: ['FEMALE'] })).toEqual(ids('c2'));
    // and the dashboard computes a dashboard report the same way
    expect((await admin.post(`/api/cases/report/save/${saved.body.result}`, { ...both, dashboard: true })).status).toBe(200);
    const dash = (await reader.post('/api/dashboard/generate', { scope: 'WORKSPACE' })).body.result.caseIndicators.filter((x: any) => x.report.id === saved.body.result);
    expect(dash.map((x: any) => x.data.total)).toEqual([1, 3, 1]);
    expect((await admin.post(`/api/cases/report/delete/${saved.body.result}`)).status).toBe(200);
  });
  it('refuses a report with an unknown variable or filter, naming the indicator', async () => {
    const r = await admin.post('/api/cases/report/save', { ...report, indicators: [{ columnVariables: ['nope'], rowVariables: ['gender'] }] });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'indicators.0.columnVariables', msg: 'Неизвестная переменная: nope' }]);
    expect((await admin.post('/api/cases/report/save', { ...report, indicators: [{ ...report.indicators[0], size: 13 }] })).status).toBe(400);
    expect((await admin.post('/api/cases/report/save', { ...report, indicators: [{ ...report.indicators[0], chart: 'donut' }] })).status).toBe(400);
  });
  it('an indicator has the shape casereport.json declares: a malformed one is 400 naming its field, at the route and at the writer', async () => {
    const field = async (indicator: Record<string, unknown>) => {
      const r = await admin.post('/api/cases/report/save', { ...report, indicators: [report.indicators[0], { ...report.indicators[0], ...indicator }] });
      return [r.status, r.body.errors?.map((e: { field: string }) => e.field)];
    };
    expect(await field({ size: 13 })).toEqual([400, ['indicators.1.size']]);
    expect(await field({ display: 3 })).toEqual([400, ['indicators.1.display']]);
    expect(await field({ rowVariables: ['gender', 'state', 'outcome', 'classification'] })).toEqual([400, ['indicators.1.rowVariables']]);
    expect((await field({ colour: 'red' }))[0]).toBe(400);
    // the stored row itself is checked by the table's schema on every write, whoever writes it
    const { ctx } = server;
    const def = ctx.registry.table('casereport');
    const stored = (indicator: Record<string, unknown>) =>
      ctx.validators.validate(def.schemaId, def.schema, { name: 'x', scope: 'WORKSPACE', dashboard: false, indicators: [{ columnVariables: ['gender'], rowVariables: ['state'], ...indicator }] }, 'ru').map((e) => e.field);
    expect(stored({})).toEqual([]);
    expect(stored({ size: 0 })).toEqual(['indicators.0.size']);
    expect(stored({ chart: 'donut' })).toEqual(['indicators.0.chart']);
    expect(stored({ rowVariables: undefined })).not.toEqual([]);
  });
  it('updates, and the dashboard computes every dashboard report live for the place', async () => {
    const upd = await admin.post(`/api/cases/report/save/${id}`, { ...report, title: 'Исходы 2025 (обновлено)' });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const dash = await reader.post('/api/dashboard/generate', { scope: 'UNIT', scopeId: bishkek });
    expect(dash.status, JSON.stringify(dash.body)).toBe(200);
    const mine = dash.body.result.caseIndicators.filter((x: any) => x.report.id === id);
    expect(mine.map((x: any) => x.schema.title)).toEqual(['По полу', 'ВИЧ']);
    // Bishkek's 2025 cases: c1, c2, c5
    expect(mine[0].data.total).toBe(3);
    // the starter reports are on the demo workspace's dashboard too
    expect(dash.body.result.caseIndicators.map((x: any) => x.schema.title)).toEqual(expect.arrayContaining(['Исход лечения по полу', 'Результат ВИЧ по классификации (на лечении)']));
  });
  it('another workspace sees none of it; a deleted report is gone', async () => {
    const b = await addWorkspace(server, 'Отчётное пространство', ['REPBADMIN']);
    const starters = await kysely(server.ctx.orm.em.fork()).selectFrom('casereport').select(['name', 'dashboard']).where('workspace_id', '=', b.workspaceId).orderBy('name').execute();
    expect(starters).toEqual([
      { name: 'Исход лечения по полу', dashboard: true },
      { name: 'Результат ВИЧ по классификации (на лечении)', dashboard: true },
    ]);
    expect((await doctor.post('/api/cases/report/delete/' + id)).status).toBe(403);
    expect((await admin.post('/api/cases/report/delete/' + id)).status).toBe(200);
    expect((await reader.post('/api/cases/report/exec', { reportId: id })).status).toBe(404);
    expect((await reader.post('/api/cases/report/query', {})).body.result.map((r: any) => r.id)).not.toContain(id);
  });
});
