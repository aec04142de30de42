// WCAG 2.2 AA on the main screens: axe-core finds no critical or serious violation, as
// the administrator and as a unit doctor, in Russian and in English; every page has one h1 and the
// shell's landmarks. The case page's dialogs: no serious violation with the dialog open, each named by
// its title, the focus inside it while open and back on the button that opened it after Escape.
//
// Quick by design: one page per role, loaded once and signed in once through its login form; the
// screens are then opened in place as a link opens them (no reload, axe injected once per page),
// the dialogs opened on their screen; the roles' pages run side by side (nothing here writes).
import { beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../helpers/axe.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { caseDialogs, mainScreens, openCaseDialog, showScreen as show } from '../helpers/screens.ts';
import { pageSettled, tid, useEnv } from './support.ts';

const ctx = useEnv();
let caseId: string;
let unitId: string;

beforeAll(async () => {
  const admin = await ctx.env.server.login();
  unitId = await unitNamed(admin, 'Бишкекский');
  const patientId = await newPatient(admin, { name: 'Айгуль', lastName: 'Садыкова', gender: 'FEMALE', birthDate: '1979-08-14' });
  caseId = await createCase(admin, patientId, unitId);
});

/** Dialogs beside the case page's: a name, the screen's path for the unit, its test id, what opens it (a button, or a button and its menu's entry). */
const otherDialogs: [string, (unitId: string) => string, string, string[]][] = [
  ['a new user', () => '/sys/admin/tables/users', 'catalogue-add', ['catalogue-add']],
  ['a stock movement', (unit) => `/sys/unit/stock?id=${unit}`, 'stock-on-hand', ['stock-add-movement']],
  ['an admin unit', () => '/sys/admin/tables/admunits', 'tree-node-menu', ['tree-node-menu', 'adminunit-edit']],
];

/** In order on one page (the roles' pages side by side: each test asserts with its own `expect`). */
const inOrder = { concurrent: false };

/** The scans as one user in one language, in order on one page; beside the other users' (concurrent). */
function scanAs(login: string, lang: string, password: string, withDialogs: boolean) {
  describe(`as ${login} in ${lang}`, { concurrent: true }, () => {
    let page: Page;
    beforeAll(async () => {
      page = await ctx.env.newPage();
      await page.addInitScript((l) => localStorage.setItem('tb.language', l), lang);
      await page.goto('/login');
      await page.locator(tid('login-user')).waitFor();
    });

    it('the login page: no serious violation, one h1, its content in main', inOrder, async ({ expect }) => {
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('main').count()).toBe(1);
    });

    it.for(mainScreens)('%s: no serious violation, one h1, header, nav and main', inOrder, async ([, path, ready], { expect }) => {
      if (!page.url().includes('/sys/')) {
        // signed in on the login page already open: the app goes on to the home page in place
        await page.locator(tid('login-user')).fill(login);
        await page.locator(tid('login-password')).fill(password);
        await page.locator(tid('login-submit')).click();
        await page.locator(tid('toolbar')).waitFor();
      }
      await show(page, path({ unitId, caseId }), ready);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.locator('h1').count()).toBe(1);
      for (const landmark of ['header', 'nav', 'main']) expect(await page.locator(landmark).count(), landmark).toBeGreaterThan(0);
    });

    if (!withDialogs) return;
    it.for(caseDialogs)('the case page, %s: no serious violation, named by its title, focus in it and back after Escape', inOrder, async (shown, { expect }) => {
      const openers = shown[3];
      const first = page.locator(tid(openers[0])).first();
      const dialog = await openCaseDialog(page, caseId, shown);
      expect(await seriousViolations(page)).toEqual([]);
      const title = (await dialog.locator('.ant-modal-title').innerText()).trim();
      expect(title.length).toBeGreaterThan(0);
      // the dialog's accessible name is its title (aria-labelledby)
      const name = await dialog.evaluate((el) => (el.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join('').trim());
      expect(name).toBe(title);
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // a button that opened it gets the focus back (a menu's entry is gone: its button then)
      if (!openers[1]) await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it.for(otherDialogs)('%s: no serious violation with the dialog open, named by its title', inOrder, async ([, path, ready, openers], { expect }) => {
      await show(page, path(unitId), ready);
      await page.locator(tid(openers[0])).first().click();
      if (openers[1]) await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').locator(tid(openers[1])).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('form, .tb-schema-form').first().waitFor();
      await pageSettled(page);
      expect(await seriousViolations(page)).toEqual([]);
      const title = (await dialog.locator('.ant-modal-title').innerText()).trim();
      const name = await dialog.evaluate((el) => (el.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join('').trim());
      expect(name).toBe(title);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  });
}

scanAs('ADMIN', 'ru', 'Admin123', true);
scanAs('ADMIN', 'en', 'Admin123', false);
scanAs('DOCTOR1', 'ru', 'Doctor123', false);
