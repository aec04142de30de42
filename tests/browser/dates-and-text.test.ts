// Dates and text as a doctor sees them ("Dates and text"): pickers offer no future
// outcome day and understand a date typed the Russian way, lists show dd.MM.yyyy, a server that
// cannot be reached is said in Russian, the area page names the areas above it, and the case list
// fits a 768 px tablet without breaking words.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { screenshot } from '../helpers/browser.ts';
import { contextOptions, pick, signIn, signInAt, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });

/** The day `days` after today in the browser's zone, `YYYY-MM-DD`, and as Russians write it. */
async function browserDay(page: Page, days: number): Promise<{ iso: string; ru: string }> {
  const iso = await page.evaluate((n) => {
    const d = new Date();
    d.setDate(d.getDate() + n);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, days);
  const [y, m, d] = iso.split('-');
  return { iso, ru: `${d}.${m}.${y}` };
}

/** The words of the table cells drawn across two lines (a word broken in the middle). */
const brokenWords = (page: Page, scope: string) =>
  page.evaluate((sel) => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(n, m.index!);
          range.setEnd(n, m.index! + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  }, scope);

describe('dates and text', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let unit: { id: string; name: string };
  let caseId: string;
  let page: Page;

  beforeAll(async () => {
    admin = await ctx.env.server.login();
    unit = (await admin.post('/api/tbl/unit/query', { key: 'Бишкекский' })).body.list[0];
    const patientId = (await admin.post('/api/tbl/patient', { name: 'Нургуль', lastName: 'Датовна', gender: 'FEMALE', birthDate: '1990-02-03' })).body.result;
    const r = await admin.post('/api/tbl/tbcase', {
      patientId, ownerUnitId: unit.id, notificationUnitId: unit.id, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW',
      registrationDate: '2026-11-02', diagnosisDate: '2026-11-01',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    caseId = r.body.result;
    // a second one stays open for the tablet's list (the first is closed below)
    const other = await admin.post('/api/tbl/tbcase', {
      patientId, ownerUnitId: unit.id, notificationUnitId: unit.id, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW', registrationDate: '2026-11-03' });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    page = await ctx.env.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
  });

  it('the unit’s case list shows the registration date as 02.11.2026', async () => {
    await page.goto(`/sys/unit/cases/active?id=${unit.id}`);
    await page.locator(tid('active-tab-tbCases')).click();
    const row = page.locator(`${tid('case-row')}[data-id="${caseId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('02.11.2026');
    expect(await row.innerText()).not.toContain('2026-11-02');
  });

  it('the notification form offers no birth day after today, and no registration day before the birth day typed', async () => {
    await page.goto(`/sys/case/new?diag=SUSPECT&cla=TB&id=${unit.id}`);
    await page.locator(tid('search-lastName')).fill('Пикеров');
    await page.locator(tid('patient-search-run')).click();
    await page.locator(tid('patient-new')).click();
    const form = page.locator(tid('notify-form'));
    await form.waitFor();
    const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    const cell = (d: { iso: string; ru: string }) => panel.locator(`td[title="${d.iso}"], td[title="${d.ru}"]`).first();
    const [today, tomorrow] = [await browserDay(page, 0), await browserDay(page, 1)];
    const birth = form.locator('#root_patient_birthDate');
    await birth.click();
    expect(await cell(tomorrow).getAttribute('class')).toContain('ant-picker-cell-disabled');
    expect(await cell(today).getAttribute('class')).not.toContain('ant-picker-cell-disabled');
    await birth.press('Escape');
    // born on the 15th of this month (of the last one before the 16th): the 14th is before the birth
    const born = await page.evaluate(() => {
      const d = new Date();
      if (d.getDate() < 16) d.setMonth(d.getMonth() - 1, 1);
      const ym = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
      return { ym, lastMonth: new Date().getDate() < 16 };
    });
    const day = (dd: string) => ({ iso: `${born.ym}-${dd}`, ru: `${dd}.${born.ym.slice(5)}.${born.ym.slice(0, 4)}` });
    await birth.fill(day('15').ru);
    await birth.press('Tab');
    await poll(() => birth.inputValue()).toBe(day('15').ru);
    await form.locator('#root_tbcase_registrationDate').click();
    if (born.lastMonth) await panel.locator('.ant-picker-header-prev-btn').click();
    expect(await cell(day('14')).getAttribute('class')).toContain('ant-picker-cell-disabled');
    expect(await cell(day('15')).getAttribute('class')).not.toContain('ant-picker-cell-disabled');
    await page.keyboard.press('Escape');
  });

  it('a day after today typed into a picker stays as typed and the field says why, as the server does; a right one clears it', async () => {
    await page.goto(`/sys/case/new?diag=SUSPECT&cla=TB&id=${unit.id}`);
    await page.locator(tid('search-lastName')).fill('Будущев');
    await page.locator(tid('patient-search-run')).click();
    await page.locator(tid('patient-new')).click();
    const form = page.locator(tid('notify-form'));
    await form.waitFor();
    const [today, tomorrow] = [await browserDay(page, 0), await browserDay(page, 1)];
    // an empty field given tomorrow: not put back (nor cleared into 'Обязательное поле')
    const registration = form.locator('#root_tbcase_registrationDate');
    await registration.click();
    await registration.fill(tomorrow.ru);
    await registration.press('Tab');
    await poll(() => registration.inputValue()).toBe(tomorrow.ru);
    const message = form.locator(tid('date-bound-root_tbcase_registrationDate'));
    await poll(() => message.innerText()).toBe('Дата регистрации: не может быть позже сегодняшнего дня');
    expect(await form.innerText()).not.toContain('Обязательное поле');
    // a field that held a date keeps the typed one too, and says so
    const birth = form.locator('#root_patient_birthDate');
    await birth.fill('03.02.1990');
    await birth.press('Tab');
    await birth.click();
    await birth.fill(tomorrow.ru);
    await birth.press('Tab');
    await poll(() => birth.inputValue()).toBe(tomorrow.ru);
    await poll(() => form.locator(tid('date-bound-root_patient_birthDate')).innerText()).toBe('Дата рождения: не может быть позже сегодняшнего дня');
    // while the birth date is tomorrow, today's registration is before it: said as the server says it
    await registration.click();
    await registration.fill(today.ru);
    await registration.press('Tab');
    await poll(() => message.innerText()).toBe('Дата регистрации: не может быть раньше, чем «Дата рождения»');
    // put right, the messages go
    await birth.click();
    await birth.fill('03.02.1990');
    await birth.press('Tab');
    await poll(() => form.locator(tid('date-bound-root_patient_birthDate')).count()).toBe(0);
    await registration.click();
    await registration.fill(today.ru);
    await registration.press('Tab');
    await poll(() => message.count()).toBe(0);
  });

  it('the close dialog offers no day after today, and takes an outcome date typed as 20.11.2026', async () => {
    await page.goto(`/sys/case?id=${caseId}`);
    await page.locator(tid('case-cmd-close')).click();
    const dialog = page.locator(tid('close-dialog'));
    const date = dialog.locator('#root_outcomeDate');
    await date.click();
    const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    const [today, tomorrow] = [await browserDay(page, 0), await browserDay(page, 1)];
    const cell = (d: { iso: string; ru: string }) => panel.locator(`td[title="${d.iso}"], td[title="${d.ru}"]`).first();
    expect(await cell(tomorrow).getAttribute('class')).toContain('ant-picker-cell-disabled');
    expect(await cell(today).getAttribute('class')).not.toContain('ant-picker-cell-disabled');
    await date.fill('20.11.2026');
    await date.press('Tab');
    await poll(() => date.inputValue()).toBe('20.11.2026');
    await pick(page, dialog.locator('.ant-select'), 'Другое');
    await dialog.locator('#root_otherOutcome').fill('Выбыл');
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body).toMatchObject({ state: 'CLOSED', outcomeDate: '2026-11-20' });
    // the read-only view and the history say it the same way
    const view = (await admin.get(`/api/tbl/tbcase/view/${caseId}`)).body;
    expect(view.items).toContainEqual({ title: 'Дата исхода', value: '20.11.2026' });
  });

  it('the area page names the areas above it, asking for no [object Object]', async () => {
    const db = kysely(ctx.env.server.ctx.orm.em.fork());
    const areaId = (await db.selectFrom('unit').select('address_admin_unit_id').where('id', '=', unit.id).executeTakeFirstOrThrow()).address_admin_unit_id as string;
    const area = await db.selectFrom('adminunit').select(['p0_id', 'p1_id', 'p2_id', 'p3_id', 'p4_id']).where('id', '=', areaId).executeTakeFirstOrThrow();
    const aboveIds = Object.values(area).filter((x): x is string => !!x && x !== areaId);
    const names = await Promise.all(aboveIds.map(async (id) => (await db.selectFrom('adminunit').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name));
    expect(names.length).toBeGreaterThan(0);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await page.goto(`/sys/adminunit?id=${areaId}`);
    await page.locator(tid('adminunit-title')).waitFor();
    await poll(() => page.locator(tid('adminunit-chain-link')).allInnerTexts()).toEqual(names);
    expect(await page.locator(tid('adminunit-chain')).innerText()).not.toMatch(/\/\s*\//);
    expect(asked.filter((u) => u.includes('object'))).toEqual([]);
  });

  it('a server that cannot be reached is said in Russian, not as the browser’s ‘Failed to fetch’', async () => {
    const p = await ctx.env.newPage();
    await signInAt(p, 'ADMIN', 'Admin123', `/sys/unit?id=${unit.id}`);
    await p.locator(tid('unit-area-link')).waitFor();
    await p.route('**/api/**', (route) => route.abort('connectionrefused'));
    await p.locator(tid('unit-area-link')).click();
    const alert = p.locator(tid('alert-error'));
    await poll(() => alert.innerText()).toContain('Нет связи с сервером');
    expect(await alert.innerText()).not.toContain('Failed to fetch');
  });

  it('at 1280 px the case data card breaks no word of a value (the unit’s «противотуберкулёзный»), nor at 768 px', async () => {
    for (const width of [1280, 768]) {
      const context = await ctx.env.browser.newContext({ ...contextOptions(ctx.env.server.url), viewport: { width, height: 900 } });
      try {
        const p = await context.newPage();
        await signInAt(p, 'ADMIN', 'Admin123', `/sys/case?id=${caseId}&tab=data`);
        const tbcase = p.locator(tid('case-data-tbcase'));
        await poll(() => tbcase.innerText()).toContain('Бишкекский городской противотуберкулёзный диспансер');
        expect(await brokenWords(p, `${tid('case-data-card')} td, ${tid('case-data-card')} th`), `${width} px`).toEqual([]);
        const sizes = await p.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
        expect(sizes.page).toBeLessThanOrEqual(sizes.screen);
      } finally {
        await context.close();
      }
    }
  });

  it('on a 768 px tablet the case list fits the screen and breaks no word', async () => {
    const context = await ctx.env.browser.newContext({ ...contextOptions(ctx.env.server.url), viewport: { width: 768, height: 1024 } });
    try {
      const tablet = await context.newPage();
      await signInAt(tablet, 'ADMIN', 'Admin123', `/sys/unit/cases/active?id=${unit.id}`);
      await tablet.locator(tid('active-tab-tbCases')).click();
      await tablet.locator(`${tid('active-list-tbCases')} ${tid('case-row')}`).first().waitFor();
      const width = await tablet.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(width.page).toBeLessThanOrEqual(width.screen);
      expect(await brokenWords(tablet, `${tid('case-row')} td`)).toEqual([]);
      await screenshot(tablet, 'case-list-tablet');
    } finally {
      await context.close();
    }
  });
});
