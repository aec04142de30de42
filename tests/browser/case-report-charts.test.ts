// The case reports' charts in a real browser: the workspace, area and unit dashboards drawing theirs
// (every table column inside its card at three widths, bar labels apart), and names from data (a tag,
// a unit) reaching chart legends, axis labels and tooltips as text, never as markup, a pie slice
// opening its cases by mouse and by keyboard. Its set-up, shared with case-reports.test.ts:
// tests/helpers/report-pages.ts.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { refreshAnalyticWhere } from '../../server/analytic/backfill.ts';
import { screenshot } from '../helpers/browser.ts';
import { admin, bishkekArea, bishkekUnit, ctx, db, names, open, page, poll, useReportPages, ws } from '../helpers/report-pages.ts';
import { signIn, tid } from './support.ts';

useReportPages();

const XSS_TAG = '<img src=x data-xss="tag">Мигрант';
const XSS_UNIT = '<b data-xss="unit">Бишкек</b> & Co';
/** Elements the payloads would create if a chart put a name into the page as markup. */
const injected = (page: Page) => page.locator('[data-xss]').count();

describe('case report charts', () => {
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
});
