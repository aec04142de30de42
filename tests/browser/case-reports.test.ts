// Case reports in a real browser: a report of
// two indicators built in the editor, saved, reopened, its chart type and display mode changed, a
// cell drilled into (its cases in the user's view), a table to CSV and the report to XLSX (read
// back, the XLSX with exceljs), deleted back to the list; the 'Показатель' warning; 'Запись не найдена.';
// the workspace, area and unit dashboards drawing their charts; and names from data (a tag, a
// unit) reaching chart legends, axis labels and tooltips as text, never as markup, and a pie slice
// opening its cases; a reader without DATA_ANALISYS offered no new, edit or delete.
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { generateCases } from '../../cases/generate.ts';
import { refreshAnalyticWhere } from '../../server/analytic/backfill.ts';
import { kysely } from '../../server/db/kysely.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { screenshot } from '../helpers/browser.ts';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { openDropdown, openInApp, pageSettled, pick, signIn, tid, UI_TIMEOUT, useEnv } from './support.ts';

const ctx = useEnv();
let admin: ApiClient;
let ws: string;
let bishkekUnit: string;
let bishkekArea: string;
/** Variable and filter names as the editor offers them (`report/init`), by id. */
let names: Record<string, string>;
/** One signed-in page for the whole file (a login costs seconds). */
let page: Page;
const db = () => kysely(ctx.env.server.ctx.orm.em.fork());
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });
/** Opens `path` in the signed-in app without a reload (the bundle stays) and waits until it is drawn and done loading. */
async function open(p: Page, path: string): Promise<void> {
  await openInApp(p, path);
  await pageSettled(p);
}

const XSS_TAG = '<img src=x data-xss="tag">Мигрант';
const XSS_UNIT = '<b data-xss="unit">Бишкек</b> & Co';
/** Elements the payloads would create if a chart put a name into the page as markup. */
const injected = (page: Page) => page.locator('[data-xss]').count();

/** The workspace's cases by classification (rows) × gender (columns), counted straight from the tables. */
async function classificationByGender(): Promise<Record<string, number>> {
  const r = await sql<{ classification: string; gender: string; n: number }>`
    select t.classification, p.gender, count(*)::int as n from tbcase t join patient p on p.id = t.patient_id
     where t.workspace_id = ${ws} group by 1, 2`.execute(db());
  return Object.fromEntries(r.rows.map((x) => [`${x.classification}/${x.gender}`, x.n]));
}

beforeAll(async () => {
  admin = await ctx.env.server.login();
  ws = (await db().selectFrom('workspace').select('id').executeTakeFirstOrThrow()).id as string;
  const units = (await admin.post('/api/tbl/unit/query', { page: 1, pageSize: 100 })).body.list as any[];
  const bishkek = units.find((u) => u.name.startsWith('Бишкекский городской'));
  bishkekUnit = bishkek.id;
  bishkekArea = (await db().selectFrom('unit').select('address_admin_unit_id').where('id', '=', bishkekUnit).executeTakeFirstOrThrow()).address_admin_unit_id as string;
  // the page signs in while the cases are generated
  const signedIn = (async () => {
    page = await ctx.env.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
  })();
  await generateCases(db(), ws, 240, { seed: 'reports-browser' });
  const init = (await admin.post('/api/cases/report/init', {})).body;
  names = Object.fromEntries([...init.variables.flatMap((g: any) => g.variables), ...init.filters.flatMap((g: any) => g.filters)].map((v: any) => [v.id, v.name]));
  await signedIn;
}, 120_000);

/** Adds a variable to an indicator's column or row list through its grouped select. */
async function addVariable(page: Page, editor: ReturnType<Page['locator']>, side: 'columns' | 'rows', id: string) {
  await pick(page, editor.locator(tid(`vars-${side}`)).locator('.ant-select'), names[id], true);
  await editor.locator(`${tid(`vars-${side}`)} ${tid('var-tag')}[data-id="${id}"]`).waitFor();
}

describe('case reports', () => {
  it('builds a report of two indicators, saves, reopens, changes it, drills into a cell, exports CSV and XLSX and deletes it', async () => {
    await open(page, '/sys/workspace/cases/reports');
    await page.locator(tid('report-list')).waitFor();
    await page.locator(tid('report-new')).click();
    const editor = page.locator(tid('report-editor'));
    await editor.waitFor();
    // the title's placeholder, then the 'Показатель' warning for an indicator without variables
    const title = page.locator(tid('report-title-input'));
    expect(await title.getAttribute('placeholder')).toBe('Название отчета (нажмите здесь, чтобы изменить)');
    await title.fill('Классификация и пол');
    await page.locator(tid('report-save')).click();
    const warning = page.locator(tid('indicator-warning'));
    await warning.waitFor();
    // in Russian, without the original's typo 'varibale'; a column chart is 'Столбчатая', not 'Гистограмма' (a histogram is of a distribution)
    expect(await warning.innerText()).toBe('Выберите хотя бы одну переменную для строк и одну для столбцов');
    expect(await page.locator('.ant-modal-title').filter({ hasText: 'Показатель' }).count()).toBe(1);
    await page.locator(tid('indicator-warning-ok')).click();
    await warning.waitFor({ state: 'hidden' });

    // indicator 1: classification × gender, defaults size 6, pie, All
    const first = page.locator(tid('indicator-editor')).nth(0);
    expect(await first.locator('#ind0-size').inputValue()).toBe('6');
    await first.locator(tid('indicator-title-input')).fill('По полу');
    await addVariable(page, first, 'columns', 'gender');
    await addVariable(page, first, 'rows', 'classification');
    // a variable already in the list is not offered again
    await first.locator(tid('vars-columns')).locator('.ant-select').click();
    await page.keyboard.type(names.gender.slice(0, 10));
    expect(await openDropdown(page).locator(`.ant-select-item-option-disabled[title="${names.gender}"]`).count()).toBe(1);
    await page.keyboard.press('Escape');
    // indicator 2: state × diagnosis type, a column chart, table only
    await page.locator(tid('indicator-add')).click();
    const second = page.locator(tid('indicator-editor')).nth(1);
    await second.locator(tid('indicator-title-input')).fill('Состояние');
    await pick(page, second.locator(tid('indicator-chart-type')), 'Столбчатая');
    await addVariable(page, second, 'columns', 'diagnosisType');
    await addVariable(page, second, 'rows', 'state');
    // a report filter from the grouped popup, 300 px high
    await page.locator(`${tid('report-filters-editor')} ${tid('filter-add')}`).click();
    const popup = page.locator(tid('filter-popup'));
    await popup.waitFor();
    expect(await popup.evaluate((el) => [getComputedStyle(el).height, getComputedStyle(el).overflowY])).toEqual(['300px', 'auto']);
    expect(await popup.locator(tid('filter-group')).count()).toBeGreaterThan(1);
    // a filter chosen: the advanced search's own control, labelled by the filter's name; removed again
    await popup.locator(`${tid('filter-option')}[data-id="gender"]`).click();
    const field = page.locator(`${tid('report-filters-editor')} ${tid('filter-field')}[data-id="gender"]`);
    await field.locator(`${tid('filter-value')}[data-id="gender"]`).waitFor();
    expect(await page.locator('label[for="report-filters-editor-filter-gender"]').innerText()).toBe(names.gender);
    expect(await page.locator('#report-filters-editor-filter-gender').count()).toBe(1);
    await field.locator(tid('filter-remove')).click();
    await field.waitFor({ state: 'detached' });
    await page.locator(`${tid('report-filters-editor')} ${tid('filter-add')}`).click();
    await popup.waitFor();
    // refresh: both computed, one after another (the second asked only once the first answered)
    await page.locator('body').press('Escape');
    const calls: string[] = [];
    const onRequest = (r: { url(): string }) => r.url().endsWith('/api/cases/report/ind/exec') && calls.push('ask');
    const onResponse = (r: { url(): string }) => r.url().endsWith('/api/cases/report/ind/exec') && calls.push('answer');
    page.on('request', onRequest);
    page.on('response', onResponse);
    await page.locator(tid('report-refresh')).click();
    await poll(() => page.locator(`${tid('report-editor')} ${tid('indicator-card')}[data-state="ready"]`).count()).toBe(2);
    page.off('request', onRequest);
    page.off('response', onResponse);
    expect(calls).toEqual(['ask', 'answer', 'ask', 'answer']);
    // one indicator refreshed alone keeps the others (the first one's too), and its answer, come late,
    // undoes no change made meanwhile (it replaced every indicator with their state at the click)
    const late = async (route: Route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    };
    await page.route('**/api/cases/report/ind/exec', late);
    const secondTitle = second.locator(tid('indicator-title-input'));
    for (const refreshed of [first, second]) {
      await refreshed.locator(tid('indicator-refresh')).click();
      await secondTitle.fill('Состояние случаев');
      await secondTitle.press('Tab'); // a title is handed on when left
      await page.waitForTimeout(2500); // the answer has come
      expect(await page.locator(tid('indicator-editor')).count()).toBe(2);
      expect(await secondTitle.inputValue()).toBe('Состояние случаев');
      await secondTitle.fill('Состояние');
      await secondTitle.press('Tab');
    }
    await page.unroute('**/api/cases/report/ind/exec', late);
    // WCAG 2.2 AA: the editor with its computed cards
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator(tid('report-save')).click();

    // saved: its view, both cards, with the truth counted by hand
    const view = page.locator(tid('report-view'));
    await view.waitFor();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно создано' }).waitFor();
    const reportId = await view.getAttribute('data-id');
    expect(await page.locator(tid('report-title')).innerText()).toBe('Классификация и пол');
    const cards = page.locator(tid('indicator-card'));
    await poll(() => cards.count()).toBe(2);
    // a pie of classification × gender: a pie for each sex counting cases
    await cards.nth(0).locator(`${tid('indicator-chart')} .apexcharts-pie`).first().waitFor();
    expect(await cards.nth(0).getAttribute('data-size')).toBe('6');
    const truth = await classificationByGender();
    const male = async (row: number) => Number(await cards.nth(0).locator(`${tid('indicator-cell')}[data-row="${row}"][data-column="0"]`).getAttribute('data-value'));
    // rows in the declared order TB, DRTB, NTM; columns MALE, FEMALE
    expect(await male(0)).toBe(truth['TB/MALE'] ?? 0);
    expect(await male(1)).toBe(truth['DRTB/MALE'] ?? 0);
    expect(await cards.nth(1).getAttribute('data-display')).toBe('0');
    // size 6 of 12: the two cards side by side, each half the grid
    const [a, b, grid] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox(), page.locator(tid('indicator-grid')).boundingBox()]);
    expect(a!.y).toBe(b!.y);
    expect(Math.abs(a!.width - grid!.width / 2)).toBeLessThan(24);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'report-view');

    // reopen in the editor: the second becomes a line chart, the first table only
    await page.locator(tid('report-edit')).click();
    await editor.waitFor();
    expect(await title.inputValue()).toBe('Классификация и пол');
    await pick(page, page.locator(tid('indicator-editor')).nth(1).locator(tid('indicator-chart-type')), 'График');
    await pick(page, page.locator(tid('indicator-editor')).nth(0).locator(tid('indicator-display')), 'Только таблица');
    // the line charts one row of its table only: 'Закрыт' (a series of its own over the columns)
    await pick(page, page.locator(tid('indicator-editor')).nth(1).locator(tid('indicator-series')), 'Строка: Закрыт');
    await page.locator(tid('report-save')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно обновлено' }).waitFor();
    await poll(() => cards.count()).toBe(2);
    expect(await cards.nth(0).getAttribute('data-display')).toBe('2');
    expect(await cards.nth(0).locator(tid('indicator-chart')).count()).toBe(0);
    await cards.nth(1).locator(`${tid('indicator-chart')}[data-chart="line"] .apexcharts-line-series`).waitFor();
    const stored = await db().selectFrom('casereport').select('indicators').where('id', '=', reportId).executeTakeFirstOrThrow();
    expect((stored.indicators as any[]).map((i) => [i.chart, i.display, i.size, i.selection, i.selIndex])).toEqual([['pie', 2, 6, undefined, undefined], ['line', 0, 6, 'row', 2]]);
    expect(await cards.nth(1).locator('.apexcharts-line-series .apexcharts-series').count()).toBe(1);
    expect(await cards.nth(1).locator('.apexcharts-legend-text').allInnerTexts()).toEqual(['Закрыт']);
    // its points reachable by keyboard, each named by the row, the column and the number
    const points = await cards.nth(1).locator('[data-segment]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) expect(p).toMatch(/^Закрыт, [^:]+: [1-9]\d*$/);

    // drill into TB × MALE: exactly that many cases, the cell's keys shown
    await cards.nth(0).locator(`${tid('indicator-cell')}[data-row="0"][data-column="0"]`).click();
    const drill = page.locator(tid('cell-cases'));
    await drill.waitFor();
    await drill.locator(tid('case-row')).first().waitFor();
    expect(await drill.locator(tid('case-row')).count()).toBe(Math.min(50, truth['TB/MALE']));
    expect(await drill.locator(tid('cell-key')).allInnerTexts()).toEqual([`${names.classification}: ТБ`, `${names.gender}: Мужской`]);
    await page.keyboard.press('Escape');
    await drill.waitFor({ state: 'detached' });

    // one indicator's table to CSV
    await cards.nth(0).locator(tid('indicator-export')).click();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator(tid('indicator-export-csv')).click()]);
    expect(csv.suggestedFilename()).toBe('По полу.csv');
    const lines = (await readFile((await csv.path())!, 'utf8')).split('\r\n');
    // what it counts first: the place, the period, the filters, the WHO definitions, when it was made
    const workspace = (await admin.post('/api/sys/session')).body.workspaceName;
    expect(lines.slice(0, 5)).toEqual(['\uFEFFПо полу', `Место,${workspace}`, 'Период,Не задан (все даты)', 'Фильтры,Нет', 'Определения ВОЗ,"ВОЗ, обновление 2021 г."']);
    expect(lines[5]).toMatch(/^Создано,\d\d\.\d\d\.\d{4} \d{1,2}:\d\d$/);
    expect(lines[6]).toBe('');
    expect(lines[7]).toBe(`${names.classification},Мужской,Женский,Итог`);
    expect(lines[8]).toBe(`ТБ,${truth['TB/MALE'] ?? 0},${truth['TB/FEMALE'] ?? 0},${(truth['TB/MALE'] ?? 0) + (truth['TB/FEMALE'] ?? 0)}`);

    // the whole report to XLSX: a sheet per indicator, the numbers as the tables show them
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator(tid('report-export-xlsx')).click()]);
    expect(file.suggestedFilename()).toBe('Классификация и пол.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await file.path())!)) as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['По полу', 'Состояние']);
    // row 1 the title, rows 2–6 what it counts, row 8 the header, row 9 the first row (TB): B9 its MALE cases
    expect([2, 3, 4, 5].map((r) => wb.worksheets[1].getRow(r).values)).toEqual([
      [undefined, 'Место', workspace], [undefined, 'Период', 'Не задан (все даты)'], [undefined, 'Фильтры', 'Нет'], [undefined, 'Определения ВОЗ', 'ВОЗ, обновление 2021 г.'],
    ]);
    expect(wb.worksheets[0].getCell('A6').value).toBe('Создано');
    expect(wb.worksheets[0].getCell('B9').value).toBe(truth['TB/MALE'] ?? 0);
    expect(wb.worksheets[0].getCell('A9').value).toBe('ТБ');

    // delete: back to the list, the report gone
    await page.locator(tid('report-delete')).click();
    await page.locator(tid('confirm-yes')).click();
    await page.locator(tid('report-list')).waitFor();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно удалено' }).waitFor();
    expect(await page.locator(`${tid('report-item')}[data-id="${reportId}"]`).count()).toBe(0);
    expect(await db().selectFrom('casereport').select('id').where('id', '=', reportId).execute()).toEqual([]);
  }, 120_000);

  it('opens a report computing its indicators one request each, one after another; an indicator’s own filter wins over the report’s', async () => {
    const ind = { columnVariables: ['state'], rowVariables: ['classification'], display: 2 };
    const saved = await admin.post('/api/cases/report/save', {
      title: 'Мужчины и женщины',
      filters: { gender: ['MALE'] },
      indicators: [{ ...ind, title: 'Женщины', filters: { gender: ['FEMALE'] } }, { ...ind, title: 'Мужчины' }],
    });
    expect(saved.status).toBe(200);
    const calls: string[] = [];
    const track = (what: string) => (r: { url(): string; postDataJSON?(): any }) => {
      const url = r.url();
      if (url.endsWith('/api/cases/report/ind/exec')) calls.push(what);
      if (url.endsWith('/api/cases/report/exec') && what === 'ask') calls.push(`open${(r as any).postDataJSON().compute === false ? '' : ' computing'}`);
    };
    const [onRequest, onResponse] = [track('ask'), track('answer')];
    page.on('request', onRequest);
    page.on('response', onResponse);
    await open(page, `/sys/workspace/cases/report?rep=${saved.body.result}`);
    const cards = page.locator(tid('indicator-card'));
    await poll(() => page.locator(`${tid('indicator-card')}[data-state="ready"]`).count()).toBe(2);
    page.off('request', onRequest);
    page.off('response', onResponse);
    expect(calls).toEqual(['open', 'ask', 'answer', 'ask', 'answer']);
    // the women (the indicator's own gender), and the men (the report's), counted by hand
    const byGender = (await sql<{ gender: string; n: number }>`select p.gender, count(*)::int as n from tbcase t join patient p on p.id = t.patient_id where t.workspace_id = ${ws} group by 1`.execute(db())).rows;
    const n = (g: string) => byGender.find((x) => x.gender === g)?.n ?? 0;
    const total = (i: number) => cards.nth(i).locator(`${tid('indicator-total-row')} ${tid('indicator-cell')}[data-column="total"]`);
    expect(Number(await total(0).getAttribute('data-value'))).toBe(n('FEMALE'));
    expect(Number(await total(1).getAttribute('data-value'))).toBe(n('MALE'));
    // its cases: the women, the indicator's value named among the filters
    await total(0).click();
    const drill = page.locator(tid('cell-cases'));
    await drill.locator(tid('case-row')).first().waitFor();
    expect(await drill.locator(tid('case-row')).count()).toBe(Math.min(50, n('FEMALE')));
    expect(await drill.locator(`${tid('cell-filters')} ${tid('filter-item')}[data-id="gender"]`).innerText()).toBe(`${names.gender}: Женский`);
    await page.keyboard.press('Escape');
    await drill.waitFor({ state: 'detached' });
  }, 60_000);

  it("an indicator that counts no case says 'Нет данных' instead of a blank chart and a table of zeros", async () => {
    // a tag no case carries: the indicator filtered by it counts nothing
    const unused = (await admin.post('/api/tbl/tag', { name: 'Ни у кого', active: true, autoGenerated: false, consistencyCheck: false })).body.result;
    const ind = { rowVariables: ['gender'], columnVariables: ['classification'], chart: 'column' };
    const saved = await admin.post('/api/cases/report/save', { title: 'Пустой и полный', indicators: [{ ...ind, title: 'Пустой', filters: { tag: [unused] } }, { ...ind, title: 'Полный' }] });
    expect(saved.status).toBe(200);
    await open(page, `/sys/workspace/cases/report?rep=${saved.body.result}`);
    const cards = page.locator(`${tid('report-view')}[data-id="${saved.body.result}"] ${tid('indicator-card')}`);
    await poll(() => page.locator(`${tid('report-view')}[data-id="${saved.body.result}"] ${tid('indicator-card')}[data-state="ready"]`).count()).toBe(2);
    expect(await cards.nth(0).locator(tid('indicator-empty')).innerText()).toBe('Нет данных');
    expect(await cards.nth(0).locator(`${tid('indicator-chart')}, ${tid('indicator-cell')}`).count()).toBe(0);
    // the other, counting cases, draws its chart and table and says nothing of the kind
    await cards.nth(1).locator(`${tid('indicator-chart')} svg.apexcharts-svg`).waitFor();
    expect(await cards.nth(1).locator(tid('indicator-empty')).count()).toBe(0);
    expect(Number(await cards.nth(1).locator(`${tid('indicator-total-row')} ${tid('indicator-cell')}[data-column="total"]`).getAttribute('data-value'))).toBeGreaterThan(0);
  }, 60_000);

  it('draws the charts of the workspace, area and unit dashboards', async () => {
    // each place's own dashboard: the one of the place before has the same charts
    const places = [
      ['/sys/workspace/general/dashboard', tid('workspace-dashboard')],
      [`/sys/adminunit?id=${bishkekArea}`, `${tid('adminunit-page')}[data-id="${bishkekArea}"]`],
      [`/sys/unit?id=${bishkekUnit}`, `${tid('unit-page')}[data-id="${bishkekUnit}"]`],
    ];
    for (const [url, place] of places) {
      await open(page, url);
      const dash = page.locator(`${place} ${tid('dashboard-indicators')}`);
      await dash.waitFor();
      // the demo workspace's two starter reports: outcome by gender (bar), HIV by classification (pie)
      await poll(() => dash.locator(tid('indicator-chart')).filter({ has: page.locator('svg.apexcharts-svg') }).count()).toBe(2);
      expect(await dash.locator(tid('indicator-card')).evaluateAll((els) => els.map((e) => e.getAttribute('data-chart')))).toEqual(['bar', 'pie']);
      if (url.includes('workspace')) await screenshot(page, 'workspace-dashboard');
    }
    // the HIV pie counts the cases on treatment (its own filter): its total opens them, the filter shown
    await open(page, '/sys/workspace/general/dashboard');
    // the workspace's, not the unit's dashboard still drawn: the same pie with the unit's count
    const total = page.locator(`${tid('workspace-dashboard')} ${tid('indicator-card')}`).nth(1).locator(`${tid('indicator-total-row')} ${tid('indicator-cell')}[data-column="total"]`);
    const onTreatment = (await sql<{ n: number }>`select count(*)::int as n from tbcase where workspace_id = ${ws} and state = 'ONTREATMENT'`.execute(db())).rows[0].n;
    await poll(async () => Number(await total.getAttribute('data-value'))).toBe(onTreatment);
    await total.click();
    const drill = page.locator(tid('cell-cases'));
    await drill.locator(tid('case-row')).first().waitFor();
    expect(await drill.locator(tid('case-row')).count()).toBe(Math.min(50, onTreatment));
    expect(await drill.locator(`${tid('cell-filters')} ${tid('filter-item')}[data-id="state"]`).innerText()).toMatch(new RegExp(`^${names.state}: `));
    await page.keyboard.press('Escape');
  }, 60_000);

  it('the dashboard cards show every column of their tables at 1400, 1280 and 768 px, none outside its card, and bar labels apart', async () => {
    for (const width of [1400, 1280, 768]) {
      const p = await ctx.env.newPage();
      try {
        await p.setViewportSize({ width, height: 900 });
        await signIn(p, 'ADMIN', 'Admin123');
        await open(p, '/sys/workspace/general/dashboard');
        const cards = p.locator(`${tid('workspace-dashboard')} ${tid('indicator-card')}`);
        await poll(() => cards.locator(tid('indicator-table')).count()).toBe(2);
        // outcome by gender: its columns 'Мужской', 'Женский', 'Итог' are read beside the outcomes, not scrolled to
        expect(await cards.nth(0).locator('thead th').allInnerTexts()).toEqual(expect.arrayContaining(['Мужской', 'Женский', 'Итог']));
        const outside = await cards.evaluateAll((els) =>
          els.flatMap((card) => {
            const right = card.getBoundingClientRect().right;
            return [...card.querySelectorAll('[data-testid="indicator-table"] th, [data-testid="indicator-table"] td')]
              .filter((c) => c.getBoundingClientRect().right > right + 0.5)
              .map((c) => c.textContent);
          }),
        );
        expect(outside, `${width} px`).toEqual([]);
        // nor scrolled out of sight inside it: no table wider than the box that shows it
        const scrolled = await cards.evaluateAll((els) => els.flatMap((card) => [...card.querySelectorAll('[data-testid="indicator-table"] *')].filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible').map((e) => `${e.className}: ${e.scrollWidth} > ${e.clientWidth}`)));
        expect(scrolled, `${width} px`).toEqual([]);
        // the outcome bars' labels: each outcome written apart ('Потерян для … наблюдения', 'Потерян для … начала лечения'), none cut to another's text
        const axis = cards.nth(0).locator('.apexcharts-yaxis-label tspan');
        await poll(() => axis.allTextContents()).toEqual(expect.arrayContaining(['Потерян для … наблюдения', 'Потерян для … начала лечения']));
        const labels = await axis.allTextContents();
        expect(new Set(labels).size, labels.join(' | ')).toBe(labels.length);
      } finally {
        await p.close();
      }
    }
  }, 60_000);

  it('writes names from data into chart legends, axis labels and tooltips as text, and opens a segment by keyboard', async () => {
    const tag = (await admin.post('/api/tbl/tag', { name: XSS_TAG, active: true, autoGenerated: false, consistencyCheck: false })).body.result;
    await sql`insert into casetag (id, workspace_id, case_id, tag_id)
              select gen_random_uuid(), ${ws}, id, ${tag} from (select id from tbcase where owner_unit_id = ${bishkekUnit} order by id limit 5) c`.execute(db());
    // written beside the writer: the cases' analytic rows (what the charts count) are recomputed as a write would
    await refreshAnalyticWhere(db(), ctx.env.server.ctx.registry, sql`c.id in (select case_id from casetag where tag_id = ${tag})`);
    expect((await admin.post(`/api/tbl/unit/${bishkekUnit}`, { name: XSS_UNIT })).status).toBe(200);
    const indicator = { columnVariables: ['ownerUnit'], rowVariables: ['tag'], size: 12, display: 1 };
    const saved = await admin.post('/api/cases/report/save', { title: 'Имена из данных', indicators: [{ ...indicator, title: 'Столбцы', chart: 'column' }, { ...indicator, title: 'Круг', chart: 'pie', filters: { ownerUnit: [bishkekUnit] } }, { ...indicator, title: 'Полосы', chart: 'bar' }] });
    expect(saved.status).toBe(200);
    await open(page, `/sys/workspace/cases/report?rep=${saved.body.result}`);
    // this report's charts, not the dashboard's drawn before it
    const charts = page.locator(`${tid('report-view')}[data-id="${saved.body.result}"] ${tid('indicator-chart')}`);
    await charts.nth(1).locator('.apexcharts-legend-text').first().waitFor();
    // the legends: the unit (column chart series) and the tag (pie slices), as text
    expect(await charts.nth(0).locator('.apexcharts-legend-text').allInnerTexts()).toContain(XSS_UNIT);
    expect(await charts.nth(1).locator('.apexcharts-legend-text').allInnerTexts()).toContain(XSS_TAG);
    // the pie is the unit's alone (its filter): one pie, named by the unit, as text
    expect(await charts.nth(1).locator(tid('indicator-pie-name')).allInnerTexts()).toEqual([XSS_UNIT]);
    // the axis label: the tag, as text (the label's title holds it whole; the drawn text may be cut with '...' where the font is wider)
    expect(await charts.nth(0).locator('.apexcharts-xaxis-label title').allTextContents()).toContain(XSS_TAG);
    expect((await charts.nth(0).locator('.apexcharts-xaxis-label tspan').allTextContents()).some((t) => t.startsWith('<img src=x'))).toBe(true);
    // the tooltips, shown by hovering a column and a slice
    await charts.nth(0).locator('.apexcharts-bar-area').first().hover();
    const tooltip = charts.nth(0).locator('.apexcharts-tooltip');
    await poll(() => tooltip.innerText()).toContain(XSS_TAG);
    expect(await tooltip.innerText()).toContain(XSS_UNIT);
    // the tag's own slice, hovered at a point where it is on top
    const slice = charts.nth(1).locator(`.apexcharts-pie-slice-${(await charts.nth(1).locator('.apexcharts-legend-text').allInnerTexts()).indexOf(XSS_TAG)}`);
    const at = await slice.evaluate((el) => {
      const r = el.getBoundingClientRect();
      for (let i = 1; i < 40; i++) for (let j = 1; j < 40; j++) if (document.elementFromPoint(r.left + (r.width * i) / 40, r.top + (r.height * j) / 40) === el) return { x: r.left + (r.width * i) / 40, y: r.top + (r.height * j) / 40 };
      return null;
    });
    await page.mouse.move(at!.x, at!.y);
    await poll(() => charts.nth(1).locator('.apexcharts-tooltip').innerText()).toContain(XSS_TAG);
    expect(await injected(page)).toBe(0);
    // a click on the slice opens its cases: the five tagged ones, the tag named as text
    await page.mouse.click(at!.x, at!.y);
    const drill = page.locator(tid('cell-cases'));
    await drill.locator(tid('case-row')).first().waitFor();
    expect(await drill.locator(tid('case-row')).count()).toBe(5);
    expect(await drill.locator(tid('cell-key')).allInnerTexts()).toEqual([`${names.tag}: ${XSS_TAG}`, `${names.ownerUnit}: ${XSS_UNIT}`]);
    expect(await injected(page)).toBe(0);
    await page.keyboard.press('Escape');
    await drill.waitFor({ state: 'detached' });
    // by keyboard: every slice and column that counts cases a button named 'series, category: value' (names
    // as text); Tab enters a chart once, the arrows, Home and End move, Enter opens the cases as a click does
    const active = () => page.evaluate(() => [document.activeElement?.getAttribute('data-segment') ?? null, document.activeElement?.getAttribute('aria-label') ?? null]);
    expect(await charts.nth(0).locator('[data-segment]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toContain(`${XSS_UNIT}, ${XSS_TAG}: 5`);
    const slices = charts.nth(1).locator('[data-segment]');
    const sliceNames = await slices.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(sliceNames).toContain(`${XSS_UNIT}, ${XSS_TAG}: 5`);
    expect(await slices.evaluateAll((els) => els.map((e) => e.getAttribute('tabindex')))).toEqual(sliceNames.map((_, i) => (i ? '-1' : '0')));
    await page.locator(tid('indicator-card')).nth(1).locator(tid('indicator-export')).focus();
    await page.keyboard.press('Tab');
    expect((await active())[1]).toBe(sliceNames[0]);
    await page.keyboard.press('End');
    expect((await active())[1]).toBe(sliceNames.at(-1));
    await page.keyboard.press('Home');
    for (let i = 0; i < sliceNames.indexOf(`${XSS_UNIT}, ${XSS_TAG}: 5`); i++) await page.keyboard.press('ArrowRight');
    expect((await active())[1]).toBe(`${XSS_UNIT}, ${XSS_TAG}: 5`);
    await page.keyboard.press('Enter');
    await drill.locator(tid('case-row')).first().waitFor();
    expect(await drill.locator(tid('case-row')).count()).toBe(5);
    expect(await drill.locator(tid('cell-key')).allInnerTexts()).toEqual([`${names.tag}: ${XSS_TAG}`, `${names.ownerUnit}: ${XSS_UNIT}`]);
    await page.keyboard.press('Escape');
    await drill.waitFor({ state: 'detached' });
    expect(await injected(page)).toBe(0);
    // horizontal bars: the tag on the vertical axis and in the tooltip, as text
    await charts.nth(2).locator('.apexcharts-bar-area').first().waitFor();
    expect(await charts.nth(2).locator('.apexcharts-yaxis-label title').allTextContents()).toContain(XSS_TAG);
    await charts.nth(2).locator('.apexcharts-bar-area').first().hover();
    await poll(() => charts.nth(2).locator('.apexcharts-tooltip').innerText()).toContain(XSS_TAG);
    expect(await injected(page)).toBe(0);
  }, 60_000);

  it('lets a reader without DATA_ANALISYS open the reports, but not create, edit or delete one', async () => {
    await createUser(ctx.env.server, admin, 'REPREADER', [{ permission: 'CASEMAN' }], 'Reader123', { unitId: bishkekUnit, view: 'UNIT' });
    const reader = await ctx.env.newPage();
    await signIn(reader, 'REPREADER', 'Reader123');
    await open(reader, `/sys/unit/cases/reports?id=${bishkekUnit}`);
    await reader.locator(tid('report-link')).first().click();
    await reader.locator(`${tid('indicator-chart')} svg.apexcharts-svg`).first().waitFor();
    expect(await reader.locator(`${tid('report-edit')}, ${tid('report-delete')}`).count()).toBe(0);
    await reader.goBack();
    await reader.locator(tid('report-list')).waitFor();
    expect(await reader.locator(tid('report-new')).count()).toBe(0);
  }, 60_000);

  it("shows 'Запись не найдена.' when the place has no report", async () => {
    await db().deleteFrom('casereport').where('workspace_id', '=', ws).execute();
    await open(page, `/sys/unit/cases/reports?id=${bishkekUnit}`);
    expect(await page.locator(`${tid('report-list')} ${tid('empty-list')}`).innerText()).toBe('Запись не найдена.');
    // and the dashboard says how to fill it
    await open(page, '/sys/workspace/general/dashboard');
    await page.locator(tid('dashboard-empty')).waitFor();
  }, 60_000);
});
