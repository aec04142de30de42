// Indicator charts as a reader finds them (dashboards and charts): each indicator in the
// editor titled by its own name; a filter to some values of a variable leaves only those rows and
// columns; one palette that keeps an 8-slice pie's slices apart and draws 'Не указано' in the neutral
// grey; a pie of a two-variable table draws a pie for each column value, named, instead of dropping
// the column variable. Counted on the test server's demo register, expectations from the tables.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { generateCases } from '../../cases/generate.ts';
import { UNKNOWN_COLOR } from '../../ui/theme/chartPalette.ts';
import { refreshAnalyticWhere } from '../../server/analytic/backfill.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { openInApp, pageSettled, signIn, tid, UI_TIMEOUT, useEnv } from './support.ts';

const ctx = useEnv();
let admin: ApiClient;
let page: Page;
let ws: string;
const db = () => kysely(ctx.env.server.ctx.orm.em.fork());
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });

async function open(path: string): Promise<void> {
  await openInApp(page, path);
  await pageSettled(page);
}

/** Saves a report of these indicators and opens it; its cards once all are computed. */
async function openReport(title: string, indicators: object[]): Promise<Locator> {
  const saved = await admin.post('/api/cases/report/save', { title, indicators: indicators.map((i) => ({ size: 12, display: 0, chart: 'pie', ...i })) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await open(`/sys/workspace/cases/report?rep=${saved.body.result}`);
  const view = `${tid('report-view')}[data-id="${saved.body.result}"]`;
  await poll(() => page.locator(`${view} ${tid('indicator-card')}[data-state="ready"]`).count()).toBe(indicators.length);
  return page.locator(`${view} ${tid('indicator-card')}`);
}

/** '#8c8c8c' as apexcharts writes a fill, its opacity left out: 'rgb(140,140,140)'. */
const rgba = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(',')})`;
/** A fill's colour without its opacity: 'rgba(140,140,140,0.85)' → 'rgb(140,140,140)'. */
const colourOf = (fill: string | null) => (fill ?? '').replace(/\s/g, '').replace(/^rgba\((\d+,\d+,\d+),[\d.]+\)$/, 'rgb($1)');

/** The value of each drawn slice of a pie, by its legend's name. */
async function sliceValues(pie: Locator): Promise<Record<string, number>> {
  await pie.locator('svg.apexcharts-svg .apexcharts-pie-area').first().waitFor();
  const names = await pie.locator('.apexcharts-legend-text').allTextContents();
  const slices = await pie.locator('.apexcharts-pie-area').evaluateAll((els) => els.map((e) => ({ j: Number(e.getAttribute('j')), value: Number(e.getAttribute('data:value')) })));
  return Object.fromEntries(slices.filter((x) => x.value > 0).map((x) => [names[x.j], x.value]));
}

/** The fill of each drawn slice (a slice counting nothing is not drawn) of a pie, by its legend's name. */
async function sliceFills(pie: Locator): Promise<Record<string, string>> {
  await pie.locator('svg.apexcharts-svg .apexcharts-pie-area').first().waitFor();
  const names = await pie.locator('.apexcharts-legend-text').allTextContents();
  const slices = await pie.locator('.apexcharts-pie-area').evaluateAll((els) => els.map((e) => ({ j: Number(e.getAttribute('j')), fill: e.getAttribute('fill'), value: Number(e.getAttribute('data:value')) })));
  return Object.fromEntries(slices.filter((s) => s.value > 0).map((s) => [names[s.j], colourOf(s.fill)]));
}

beforeAll(async () => {
  admin = await ctx.env.server.login();
  ws = (await db().selectFrom('workspace').select('id').executeTakeFirstOrThrow()).id as string;
  const signedIn = (async () => {
    page = await ctx.env.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
  })();
  // a register with every outcome (the test template holds a handful of cases)
  await generateCases(db(), ws, 240, { seed: 'indicator-charts' });
  await signedIn;
}, 120_000);

describe('indicator charts', () => {
  it('the editor titles each indicator by its own name (not «Показатели 1»), a nameless one «Показатель 2»', async () => {
    const saved = await admin.post('/api/cases/report/save', {
      title: 'Названия показателей',
      indicators: [
        { title: 'Случаи по полу', size: 6, chart: 'pie', display: 2, rowVariables: ['classification'], columnVariables: ['gender'] },
        { title: '', size: 6, chart: 'pie', display: 2, rowVariables: ['classification'], columnVariables: ['gender'] },
      ],
    });
    expect(saved.status).toBe(200);
    await open(`/sys/workspace/cases/reportedt?rep=${saved.body.result}`);
    const editors = page.locator(tid('indicator-editor'));
    await poll(() => editors.count()).toBe(2);
    expect(await editors.locator('.ant-card-head-title').first().innerText()).toBe('Случаи по полу');
    expect(await editors.nth(1).locator('.ant-card-head-title').first().innerText()).toBe('Показатель 2');
    // typed, the card's title follows the name
    await editors.nth(1).locator(tid('indicator-title-input')).fill('Новые случаи');
    await poll(() => editors.nth(1).locator('.ant-card-head-title').first().innerText()).toBe('Новые случаи');
  }, 60_000);

  it('a filter to some values of a variable leaves only those rows and columns, no rows of zeros for the rest', async () => {
    const cards = await openReport('Отфильтрованные ключи', [
      { title: 'ТБ и ЛУ-ТБ мужчин', display: 2, rowVariables: ['classification'], columnVariables: ['gender'], filters: { classification: ['TB', 'DRTB'], gender: ['MALE'] } },
    ]);
    const table = cards.nth(0).locator(tid('indicator-table'));
    expect(await table.locator(tid('indicator-row')).allInnerTexts().then((rows) => rows.map((r) => r.split('\t')[0].trim()))).toEqual(['ТБ', 'Лекарственно-резистентный ТБ']);
    const heads = (await table.locator('thead th').allInnerTexts()).map((x) => x.trim()).filter(Boolean);
    expect(heads).not.toContain('Женский');
    expect(heads).toContain('Мужской');
    // the counts themselves: the men's TB cases as the tables hold them
    const men = (await sql<{ n: number }>`select count(*)::int as n from tbcase t join patient p on p.id = t.patient_id where t.workspace_id = ${ws} and t.classification = 'TB' and p.gender = 'MALE'`.execute(db())).rows[0].n;
    expect(Number(await table.locator(`${tid('indicator-cell')}[data-row="0"][data-column="0"]`).getAttribute('data-value'))).toBe(men);
  }, 60_000);

  it('an 8-slice pie draws 8 colours apart, «Не указано» in the neutral grey; a column chart too', async () => {
    // TB cases by outcome: seven outcomes and 'Не указано' (no outcome yet) — the register's other outcomes made 'Излечен'
    await sql`update tbcase set outcome = 'CURED' where workspace_id = ${ws} and classification = 'TB' and outcome in ('NOT_TB', 'LOST_FOLLOWUP_BEFORE_TREATMENT')`.execute(db());
    await refreshAnalyticWhere(db(), ctx.env.server.ctx.registry, sql`c.workspace_id = ${ws}`);
    const outcomes = (await sql<{ outcome: string | null }>`select distinct outcome from tbcase where workspace_id = ${ws} and classification = 'TB'`.execute(db())).rows;
    expect(outcomes).toHaveLength(8);
    expect(outcomes.map((o) => o.outcome)).toContain(null);
    const cards = await openReport('Палитра', [
      { title: 'Исходы ТБ', display: 1, rowVariables: ['outcome'], columnVariables: ['classification'], filters: { classification: ['TB'] } },
      { title: 'Исходы ТБ столбцами', display: 1, chart: 'column', rowVariables: ['classification'], columnVariables: ['outcome'], filters: { classification: ['TB'] } },
    ]);
    const fills = await sliceFills(cards.nth(0).locator(tid('indicator-chart')));
    expect(Object.keys(fills)).toHaveLength(8);
    expect(new Set(Object.values(fills)).size, JSON.stringify(fills)).toBe(8);
    expect(fills['Не указано']).toBe(rgba(UNKNOWN_COLOR));
    // each slice's share written the Russian way: '12,5 %'
    const shares = await cards.nth(0).locator('.apexcharts-pie-label').allTextContents();
    expect(shares.length).toBeGreaterThan(0);
    for (const x of shares) expect(x.replace(/\s/g, ' ')).toMatch(/^\d+,\d %$/);
    // the column chart: a series per outcome, 'Не указано' grey, the seven others each its own colour
    const column = cards.nth(1).locator(tid('indicator-chart'));
    await column.locator('.apexcharts-bar-area').first().waitFor();
    const names = await column.locator('.apexcharts-legend-text').allTextContents();
    const bars = await column.locator('.apexcharts-bar-series .apexcharts-series').evaluateAll((els) =>
      els.map((e) => ({ series: Number(e.getAttribute('data:realIndex')), fill: e.querySelector('.apexcharts-bar-area')?.getAttribute('fill') ?? null })),
    );
    const byName = Object.fromEntries(bars.filter((b) => b.fill).map((b) => [names[b.series], colourOf(b.fill)]));
    expect(byName['Не указано']).toBe(rgba(UNKNOWN_COLOR));
    expect(new Set(Object.values(byName)).size, JSON.stringify(byName)).toBe(8);
  }, 60_000);

  it('a pie of a two-variable table draws a pie for each column counting cases, named by it, its slices the rows', async () => {
    const cards = await openReport('Круги по полу', [{ title: 'Классификация по полу', display: 0, rowVariables: ['classification'], columnVariables: ['gender'] }]);
    const byGender = (await sql<{ gender: string; classification: string; n: number }>`select p.gender, t.classification, count(*)::int as n from tbcase t join patient p on p.id = t.patient_id where t.workspace_id = ${ws} group by 1, 2`.execute(db())).rows;
    const n = (gender: string, classification: string) => byGender.find((x) => x.gender === gender && x.classification === classification)?.n ?? 0;
    const pies = cards.nth(0).locator(tid('indicator-pie'));
    await poll(() => pies.count()).toBe(2);
    expect(await pies.locator(tid('indicator-pie-name')).allInnerTexts()).toEqual(['Мужской', 'Женский']);
    for (const [i, gender] of [[0, 'MALE'], [1, 'FEMALE']] as const) {
      const values = await sliceValues(pies.nth(i));
      expect(values, gender).toEqual({ ТБ: n(gender, 'TB'), 'Лекарственно-резистентный ТБ': n(gender, 'DRTB'), 'Нетуберкулёзные микобактерии': n(gender, 'NTM') });
    }
    // a slice opens its cell: the men's TB cases
    await pies.nth(0).locator('.apexcharts-pie-area[j="0"]').click();
    const drill = page.locator(tid('cell-cases'));
    await drill.locator(tid('cell-key')).first().waitFor();
    expect(await drill.locator(tid('cell-key')).allInnerTexts()).toEqual(['Классификация: ТБ', 'Пол: Мужской']);
    await page.keyboard.press('Escape');
    await drill.waitFor({ state: 'detached' });
  }, 60_000);
});
