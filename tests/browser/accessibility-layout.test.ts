// WCAG 2.2 AA layout on a clinic tablet: every pointer target of the main screens is at
// least 24 × 24 CSS px on a 768 px wide tablet (the adherence calendar's days included), and at 200 %
// zoom of a 1280 × 860 window (a 640 × 430 CSS px viewport) no page scrolls sideways and no text or
// control is cut off past the right edge. The case page's dialogs, a report and its editor: every target
// at least 24 × 24 px on the tablet too. One page per size, screens opened in place, side by side.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { clippedContent, smallTargets } from '../helpers/layout.ts';
import { caseDialogs, mainScreens, openCaseDialog, showScreen, type CaseDialog, type Screen, type ScreenIds } from '../helpers/screens.ts';
import { stockTreatedCase } from '../helpers/stock.ts';
import { signIn, tid, useEnv } from './support.ts';

const ctx = useEnv();
const ids = {} as ScreenIds;
/** A confirmed case not on treatment: its dialogs (treatment start among them). */
let newCaseId: string;
/** A saved report of two indicators (a pie chart and a column chart, each with its table). */
let reportId: string;

beforeAll(async () => {
  const admin = await ctx.env.server.login();
  ids.unitId = await unitNamed(admin, 'Бишкекский');
  // on treatment since 3 August 2026: the treatment tab draws the adherence calendar
  ids.caseId = await stockTreatedCase(admin, ids.unitId, 'Садыкова', [3, 4, 5]);
  newCaseId = await createCase(admin, await newPatient(admin, { name: 'Нурлан', lastName: 'Асанов', gender: 'MALE', birthDate: '1985-02-11' }), ids.unitId);
  const indicator = { columnVariables: ['gender'], rowVariables: ['classification'], size: 6, display: 0, filters: {} };
  reportId = (await admin.post('/api/cases/report/save', { title: 'Пол и классификация', indicators: [{ ...indicator, title: 'Круг', chart: 'pie' }, { ...indicator, title: 'Столбцы', chart: 'column' }] })).body.result;
});

const screens: Screen[] = [...mainScreens, ['workspace: the area tree', () => '/sys/workspace/cases', 'places-tree']];

/** A page of `width` × `height` CSS px signed in as the administrator. */
function sizedPage(width: number, height: number) {
  const holder = {} as { page: Page };
  beforeAll(async () => {
    holder.page = await ctx.env.newPage();
    await holder.page.setViewportSize({ width, height });
    await signIn(holder.page, 'ADMIN', 'Admin123');
  });
  return holder;
}

describe('a 768 px wide tablet', { concurrent: true }, () => {
  const at = sizedPage(768, 1024);
  it.for(screens)('%s: every target at least 24 × 24 px', { concurrent: false }, async ([, path, ready]) => {
    await showScreen(at.page, path(ids), ready);
    if (ready === 'treatment-tab') expect(await at.page.locator(tid('calendar-day')).count()).toBeGreaterThan(27);
    expect(await smallTargets(at.page)).toEqual([]);
  });
});

describe('200 % zoom', { concurrent: true }, () => {
  const at = sizedPage(640, 430);
  it.for(screens)('%s: nothing cut off, no sideways scroll', { concurrent: false }, async ([, path, ready]) => {
    await showScreen(at.page, path(ids), ready);
    expect(await clippedContent(at.page)).toEqual({ pageScrollsSideways: false, outside: [] });
  });
});

describe('a 768 px wide tablet: dialogs, a report and the report editor', () => {
  const at = sizedPage(768, 1024);
  /** The dialog's targets measured, the dialog closed again (by Escape, whatever the measure found). */
  async function measureDialog(caseId: string, dialog: CaseDialog) {
    try {
      await openCaseDialog(at.page, caseId, dialog);
      return await smallTargets(at.page);
    } finally {
      await at.page.keyboard.press('Escape');
      await at.page.getByRole('dialog').waitFor({ state: 'detached' });
    }
  }

  it.for(caseDialogs)('the case page, %s: every target at least 24 × 24 px', async (dialog) => {
    expect(await measureDialog(newCaseId, dialog)).toEqual([]);
  });

  it('the treatment tab, adding a prescription: every target at least 24 × 24 px', async () => {
    expect(await measureDialog(ids.caseId, ['prescription', 'treatment', 'treatment-tab', ['prescription-add']])).toEqual([]);
  });

  it('a report: every target at least 24 × 24 px', async () => {
    await showScreen(at.page, `/sys/workspace/cases/report?rep=${reportId}`, 'report-view');
    await at.page.locator(tid('indicator-card')).nth(1).waitFor();
    await at.page.locator(`${tid('report-view')}[data-state="ready"]`).waitFor();
    // the charts drawn, their slices and bars buttons (by keyboard too), measured with the rest
    for (const n of [0, 1]) await at.page.locator(tid('indicator-chart')).nth(n).locator('[role="button"]').first().waitFor();
    expect(await smallTargets(at.page)).toEqual([]);
  });

  it('the report editor of a new report: every target at least 24 × 24 px', async () => {
    await showScreen(at.page, '/sys/workspace/cases/reports', 'report-list');
    await at.page.locator(tid('report-new')).click();
    await at.page.locator(tid('indicator-editor')).first().waitFor();
    expect(await smallTargets(at.page)).toEqual([]);
  });
});

describe('200 % zoom: dialogs', () => {
  const at = sizedPage(640, 430);
  it.for(caseDialogs)('the case page, %s: nothing cut off, no sideways scroll', async (dialog) => {
    await openCaseDialog(at.page, newCaseId, dialog);
    try {
      expect(await clippedContent(at.page)).toEqual({ pageScrollsSideways: false, outside: [] });
    } finally {
      await at.page.keyboard.press('Escape');
      await at.page.getByRole('dialog').waitFor({ state: 'detached' });
    }
  });
});
