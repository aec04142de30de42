// Case reports in a real browser: a report of
// two indicators built in the editor, saved, reopened, its chart type and display mode changed, a
// cell drilled into (its cases in the user's view), a table to CSV and the report to XLSX (read
// back, the XLSX with exceljs), deleted back to the list; the 'Показатель' warning; 'Запись не найдена.';
// a report computing its indicators one by one; 'Нет данных'; a reader without DATA_ANALISYS offered
// no new, edit or delete. The dashboards and names from data in the charts: case-report-charts.test.ts;
// the set-up both share: tests/helpers/report-pages.ts.
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { seriousViolations } from '../helpers/axe.ts';
import { screenshot } from '../helpers/browser.ts';
import { createUser } from '../helpers/users.ts';
import { admin, bishkekUnit, ctx, db, names, open, page, poll, useReportPages, ws } from '../helpers/report-pages.ts';
import { openDropdown, pick, signIn, tid } from './support.ts';

useReportPages();

/** The workspace's cases by classification (rows) × gender (columns), counted straight from the tables. */
async function classificationByGender(): Promise<Record<string, number>> {
  const r = await sql<{ classification: string; gender: string; n: number }>`
    select t.classification, p.gender, count(*)::int as n from tbcase t join patient p on p.id = t.patient_id
     where t.workspace_id = ${ws} group by 1, 2`.execute(db());
  return Object.fromEntries(r.rows.map((x) => [`${x.classification}/${x.gender}`, x.n]));
}

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
      const answered = page.waitForResponse('**/api/cases/report/ind/exec');
      await refreshed.locator(tid('indicator-refresh')).click();
      await secondTitle.fill('Состояние случаев');
      await secondTitle.press('Tab'); // a title is handed on when left
      // the late answer has come and its card is drawn again
      await answered;
      await poll(() => page.locator(`${tid('report-editor')} ${tid('indicator-card')}[data-state="ready"]`).count()).toBe(2);
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
