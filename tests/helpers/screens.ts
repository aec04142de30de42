// The main screens the accessibility browser tests go through, and how one is opened in place; the
// case page's dialogs and how one is opened.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openInApp, pageSettled, tid } from '../browser/support.ts';

/** The unit and the case whose screens are shown (known once a test file's set-up ran). */
export interface ScreenIds {
  unitId: string;
  caseId: string;
}

/** A screen: its name, its path for the ids, the test id only that screen draws. */
export type Screen = [name: string, path: (ids: ScreenIds) => string, ready: string];

/**
 * The main screens a user meets (the screenshots and the accessibility checks go through them).
 * @example for (const [, path, ready] of mainScreens) await showScreen(page, path(ids), ready);
 */
export const mainScreens: Screen[] = [
  ['home', () => '/sys/home', 'home-page'],
  ['workspace dashboard', () => '/sys/workspace/general/dashboard', 'workspace-dashboard'],
  ['unit: active cases', ({ unitId }) => `/sys/unit/cases/active?id=${unitId}`, 'active-cases'],
  ['case: data', ({ caseId }) => `/sys/case?id=${caseId}&tab=data`, 'case-data-tab'],
  ['case: follow-ups', ({ caseId }) => `/sys/case?id=${caseId}&tab=followups`, 'followup-tab'],
  ['case: treatment', ({ caseId }) => `/sys/case?id=${caseId}&tab=treatment`, 'treatment-tab'],
  ['case: issues', ({ caseId }) => `/sys/case?id=${caseId}&tab=issues`, 'issues-tab'],
  ['advanced search', ({ unitId }) => `/sys/unit/cases/search?id=${unitId}`, 'advanced-search'],
  ['new notification', ({ unitId }) => `/sys/case/new?diag=CONFIRMED&cla=TB&id=${unitId}`, 'notify-page'],
  ['catalogue: units', () => '/sys/admin/tables/units', 'admin-tables'],
  ['admin reports', () => '/sys/admin/reports/cmdhistory', 'admin-reports'],
  ['settings', () => '/sys/admin/settings', 'admin-settings'],
  ['user settings', () => '/sys/user/settings', 'user-settings-page'],
];

/**
 * Opens `path` in place (no reload, see {@link openInApp}) and waits until that screen is drawn and
 * done loading; fails when the app sent us on to another address.
 * @example await showScreen(page, '/sys/home', 'home-page');
 */
export async function showScreen(page: Page, path: string, ready: string): Promise<void> {
  await openInApp(page, path);
  await page.locator(tid(ready)).first().waitFor();
  // pages load lazily: the title is the last thing a slow machine draws (a missing one fails the caller)
  await page.locator('h1').first().waitFor().catch(() => {});
  await pageSettled(page);
  expect(page.url().slice(new URL(page.url()).origin.length)).toBe(path);
}

/** A dialog of the case page: its name, the tab it opens from and that tab's test id, what opens it (a button, or a button and its menu's entry). */
export type CaseDialog = [name: string, tab: string, ready: string, openers: string[]];

/** The case page's dialogs of a confirmed case not yet on treatment, as the administrator sees them. */
export const caseDialogs: CaseDialog[] = [
  ['case data edit', 'data', 'case-data-tab', ['case-data-edit']],
  ['tags', 'data', 'case-data-tab', ['case-tags-edit']],
  ['a microscopy exam', 'followups', 'followup-tab', ['followup-add', 'followup-add-exammic']],
  ['a DST exam', 'followups', 'followup-tab', ['followup-add', 'followup-add-examdst']],
  ['treatment start', 'treatment', 'treatment-tab', ['treatment-start', 'treatment-start-standard']],
  ['individualized treatment start', 'treatment', 'treatment-tab', ['treatment-start', 'treatment-start-individualized']],
  ['closing the case', 'data', 'case-data-tab', ['case-cmd-close']],
  ['transfer out', 'data', 'case-data-tab', ['case-cmd-transfer']],
];

/**
 * Opens a dialog of the case `caseId` on its tab (in place) and returns it once its form is drawn.
 * @example const dialog = await openCaseDialog(page, caseId, caseDialogs[0]);
 */
export async function openCaseDialog(page: Page, caseId: string, [, tab, ready, openers]: CaseDialog): Promise<Locator> {
  await showScreen(page, `/sys/case?id=${caseId}&tab=${tab}`, ready);
  await page.locator(tid(openers[0])).first().click();
  if (openers[1]) await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').locator(tid(openers[1])).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('form, .tb-schema-form').first().waitFor();
  await pageSettled(page);
  return dialog;
}
