// The case page's treatment tab in a real browser: a confirmed
// TB case is offered only TB regimens, starts the standard regimen 2HRZE/4HR and shows its timeline on the 100-unit scale; a week of
// DOTS and a missed day marked in the calendar change the adherence and stay after a reload; an end
// before the start is refused beside the field; a prescription edited with its previous period kept
// splits its bar; a period is deleted after 'Подтвердить удаление?'; the period's end changes; the
// missed weeks raise the alert, and the close dialog warns of the WHO definition of LOST_FOLLOWUP;
// cancelling brings back 'Лечение не начато'; an individualized start from a table of prescriptions;
// a calendar save the server refuses shows its error and the stored days. In client mode the start
// form has no unit picker and the treatment unit is the user's.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { screenshot } from '../helpers/browser.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, openDropdown, openInApp, pageSettled, pick, selectOf, signIn, tid, UI_TIMEOUT, useEnv } from './support.ts';

const REGIMEN = '2HRZE/4HR';
/** `expect.poll` with the UI's auto-wait limit. */
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });
const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

// the treatment starts on the first day of the month three months back: that month is wholly past
const now = new Date();
const start = new Date(now.getFullYear(), now.getMonth() - 3, 1);
const INI = iso(start);
const FIRST_MONTH = INI.slice(0, 7);
const SPLIT = iso(new Date(start.getFullYear(), start.getMonth() + 1, 1));

/** A new confirmed TB case of the Bishkek unit, registered before the treatment starts. */
async function newCase(admin: ApiClient): Promise<string> {
  const unitId = (await admin.post('/api/tbl/unit/query', { key: 'Бишкекский' })).body.list[0].id;
  const patientId = (await admin.post('/api/tbl/patient', { name: 'Бакыт', lastName: 'Осмонов', gender: 'MALE', birthDate: '1985-03-02' })).body.result;
  const registered = iso(new Date(start.getFullYear(), start.getMonth() - 1, 10));
  const r = await admin.post('/api/tbl/tbcase', {
    patientId, ownerUnitId: unitId, notificationUnitId: unitId, diagnosisType: 'CONFIRMED', classification: 'TB',
    registrationGroup: 'NEW', registrationDate: registered, diagnosisDate: registered,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

/** An ISO date as a Russian user types and reads it (dd.MM.yyyy). */
const ru = (isoDate: string) => isoDate.split('-').reverse().join('.');

/** Types a date the Russian way into a form's date picker; leaving the field commits it (Enter would submit the form). */
async function typeDate(scope: Locator, id: string, value: string): Promise<void> {
  const input = scope.locator(`#${id}`);
  await input.click();
  await input.fill(ru(value));
  await input.press('Tab');
  await poll(() => input.inputValue()).toBe(ru(value));
}

describe('the treatment tab', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let caseId: string;
  let page: Page;

  beforeAll(async () => {
    admin = await ctx.env.server.login();
    // the page signs in while the case is made
    [caseId, page] = await Promise.all([newCase(admin), ctx.env.newPage().then(async (p) => (await signIn(p, 'ADMIN', 'Admin123'), p))]);
  });

  const tab = () => page.locator(tid('treatment-tab'));
  const dialog = () => page.locator(tid('remote-form-dialog'));
  const month = (key: string) => page.locator(`${tid('calendar-month')}[data-month="${key}"]`);
  const day = (m: Locator, n: number) => m.locator(`${tid('calendar-day')}[data-day="${n}"]`);
  const bars = () => page.locator(tid('timeline-bar'));
  /** An entry of the open menu (antd keeps closed ones in the DOM, hidden). */
  const menuItem = (selector: string) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').locator(selector);
  const caseState = async () => (await admin.get(`/api/tbl/tbcase/${caseId}`)).body.state;

  it("starts a standard regimen from 'Лечение не начато' and draws its timeline", async () => {
    await openInApp(page, `/sys/case?id=${caseId}&tab=treatment`);
    await pageSettled(page);
    expect(await tab().locator(tid('treatment-not-started-text')).innerText()).toBe('Лечение не начато');

    await tab().locator(tid('treatment-start')).click();
    await menuItem(tid('treatment-start-standard')).click();
    await dialog().locator(tid('schema-form')).waitFor();
    await typeDate(dialog(), 'root_iniDate', INI);
    // only the regimens of the case's classification (TB) are offered
    await selectOf(dialog(), 'root_regimenId').click();
    const options = openDropdown(page).locator('.ant-select-item-option');
    await options.filter({ hasText: REGIMEN }).waitFor();
    expect(await options.filter({ hasText: '6BPaLM' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await openDropdown(page).waitFor({ state: 'detached' });
    await pick(page, selectOf(dialog(), 'root_regimenId'), REGIMEN);
    await dialog().locator(tid('form-save')).click();
    await dialog().waitFor({ state: 'detached' });

    // the summary: regimen, period of 180 days, the case's unit, progress
    const summary = tab().locator(tid('treatment-summary'));
    await summary.waitFor();
    expect(await summary.locator(tid('treatment-regimen')).innerText()).toBe(REGIMEN);
    expect(await summary.locator(tid('treatment-period')).getAttribute('data-ini')).toBe(INI);
    expect(await summary.locator(tid('treatment-moved')).count()).toBe(0);
    expect(await summary.locator(tid('treatment-unit')).count()).toBe(1);
    await poll(async () => Number(await summary.locator(tid('treatment-progress')).getAttribute('data-value'))).toBeGreaterThan(0);
    expect(await caseState()).toBe('ONTREATMENT');
    // the progress bar is named for a screen reader by its label (axe: aria-progressbar-name)
    expect(await summary.getByRole('progressbar', { name: 'Ход лечения' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // the timeline: HRZE for 60 days, then HR for 120, on the 100-unit scale, dose and n/7 on the bars
    await poll(() => bars().count()).toBe(2);
    const first = bars().nth(0);
    const second = bars().nth(1);
    expect(Number(await first.getAttribute('data-left'))).toBe(0);
    expect(Number(await first.getAttribute('data-width'))).toBeCloseTo(33.333, 2);
    expect(Number(await second.getAttribute('data-left'))).toBeCloseTo(33.333, 2);
    expect(Number(await second.getAttribute('data-width'))).toBeCloseTo(66.667, 2);
    expect(await first.innerText()).toBe('4 — 7/7');
  });

  it('marks a week of DOTS and a missed day, and the adherence follows', async () => {
    const m = month(FIRST_MONTH);
    await m.waitFor();
    expect(await m.locator(tid('calendar-adherence')).getAttribute('data-percent')).toBe('0');
    const overallBefore = Number(await tab().locator(tid('treatment-adherence')).getAttribute('data-percent'));
    expect(overallBefore).toBe(0);

    // DOTS is chosen first: days 1–7
    for (let n = 1; n <= 7; n++) await day(m, n).click();
    await page.locator(tid('calendar-status-NOT_TAKEN')).click();
    await day(m, 8).click();
    await poll(() => m.getAttribute('data-state')).toBe('idle');
    const planned = Number((await m.locator(tid('calendar-planned')).innerText()).replace(/\D+/g, ''));
    expect(planned).toBeGreaterThan(0);
    await poll(async () => m.locator(tid('calendar-adherence')).getAttribute('data-percent')).toBe(String(Math.round((7 * 100) / planned)));
    expect(Number(await tab().locator(tid('treatment-adherence')).getAttribute('data-percent'))).toBeGreaterThan(0);
    expect(await day(m, 8).getAttribute('data-status')).toBe('NOT_TAKEN');

    // the same status again clears a day; another status replaces it
    await day(m, 8).click();
    await poll(() => day(m, 8).getAttribute('data-status')).toBe('');
    await day(m, 8).click();
    await poll(() => m.getAttribute('data-state')).toBe('idle');

    // saved: a reload shows the same days
    await page.reload();
    await month(FIRST_MONTH).waitFor();
    const statuses = await month(FIRST_MONTH).locator(tid('calendar-day')).evaluateAll((els) => els.slice(0, 9).map((e) => e.getAttribute('data-status')));
    expect(statuses).toEqual(['DOTS', 'DOTS', 'DOTS', 'DOTS', 'DOTS', 'DOTS', 'DOTS', 'NOT_TAKEN', '']);
    const stored = (await admin.get(`/api/cases/case/treatment/${caseId}`)).body;
    const saved = stored.followup.find((f: any) => `${f.year}-${String(f.month).padStart(2, '0')}` === FIRST_MONTH);
    expect(saved.takenDays).toBe(7);
    await screenshot(page, 'case-treatment');
  });

  it("the current month's adherence counts only the days that have come: every dose taken so far shows 100%", async () => {
    const [y, m, d] = [now.getFullYear(), now.getMonth() + 1, now.getDate()];
    const days = Array.from({ length: d }, (_, i) => ({ day: i + 1, status: 'DOTS' }));
    const saved = await admin.post('/api/cases/case/treatment/followup', { caseId, year: y, month: m, days });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await page.reload();
    const current = month(`${y}-${String(m).padStart(2, '0')}`);
    await poll(() => current.locator(tid('calendar-adherence')).getAttribute('data-percent')).toBe('100');
    // cleared again: the tests after it count on no dose since the first month
    expect((await admin.post('/api/cases/case/treatment/followup', { caseId, year: y, month: m, days: [] })).status).toBe(200);
    await page.reload();
    await poll(() => current.locator(tid('calendar-adherence')).getAttribute('data-percent')).toBe('0');
  });

  it('a month another user saved meanwhile: the save is refused with 409, the message shown, their days loaded', async () => {
    const m = month(FIRST_MONTH);
    await poll(() => m.getAttribute('data-state')).toBe('idle');
    // another user saves the same month behind the page's back, on the version they read
    const theirs = (await admin.get(`/api/cases/case/treatment/${caseId}`)).body.followup.find((f: any) => `${f.year}-${String(f.month).padStart(2, '0')}` === FIRST_MONTH);
    const r = await admin.post('/api/cases/case/treatment/followup', { caseId, year: theirs.year, month: theirs.month, version: theirs.version, days: [...theirs.days, { day: 9, status: 'SELF_ADMIN' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    await day(m, 10).click(); // DOTS on the version the page read: stale
    const error = page.locator(tid('alert-error'));
    await error.waitFor();
    expect(await error.innerText()).toContain('Запись уже изменена другим пользователем: обновите её и повторите');
    // the page reads the month again: the other user's day is there, the refused one is not
    await poll(() => day(m, 9).getAttribute('data-status')).toBe('SELF_ADMIN');
    expect(await day(m, 10).getAttribute('data-status')).toBe('');
    expect(await day(m, 1).getAttribute('data-status')).toBe('DOTS');
  });

  it('by keyboard: one day of the month is a tab stop, the arrows walk the days, Space marks and clears', async () => {
    const m = month(FIRST_MONTH);
    await page.locator(tid('calendar-status-DOTS')).click();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-day') ?? null);
    // the whole first month is past: 1…last are its days, and only one of them is in the tab order
    const last = new Date(start.getFullYear(), start.getMonth() + 1, 0).getDate();
    expect(await m.locator(`${tid('calendar-day')}:not([tabindex="-1"])`).count()).toBe(1);

    await day(m, 9).focus();
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('10');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('17');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('9');
    await page.keyboard.press('End');
    expect(await focused()).toBe(String(last));
    // the walk stops at the month's ends
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(String(last));
    await page.keyboard.press('Home');
    expect(await focused()).toBe('1');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('1');

    for (let i = 0; i < 16; i++) await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('17');
    await page.keyboard.press('Space');
    await poll(() => day(m, 17).getAttribute('data-status')).toBe('DOTS');
    await poll(() => m.getAttribute('data-state')).toBe('idle');
    // the focused day stays the tab stop
    expect(await day(m, 17).getAttribute('tabindex')).toBeNull();
    // the same status again clears it (the tests after this one count on no dose past day 9)
    await page.keyboard.press('Enter');
    await poll(() => day(m, 17).getAttribute('data-status')).toBe('');
    await poll(() => m.getAttribute('data-state')).toBe('idle');
  });

  it('an end date typed before the start stays as typed and the field says why, in the server\'s words', async () => {
    await bars().nth(0).click();
    await menuItem(tid('prescription-edit')).click();
    await dialog().locator(tid('schema-form')).waitFor();
    const end = dialog().locator('#root_endDate');
    const typed = iso(new Date(start.getFullYear(), start.getMonth() - 1, 1)).split('-').reverse().join('.');
    await end.click();
    await end.fill(typed);
    await end.press('Tab');
    // not put back silently (x-notBefore: the start): kept as typed, with the server's words beside it
    await poll(() => end.inputValue()).toBe(typed);
    await poll(() => dialog().locator(tid('date-bound-root_endDate')).innerText()).toBe('Дата окончания не может предшествовать дате начала'); // the spec's words (x-bound-msg)
    await dialog().locator(tid('form-cancel')).click();
    if (await page.locator(tid('confirm-dialog')).isVisible()) await page.locator(tid('confirm-yes')).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('edits a prescription keeping its previous period: the bar splits', async () => {
    await bars().nth(0).click();
    await menuItem(tid('prescription-edit')).click();
    await dialog().locator(tid('schema-form')).waitFor();
    await typeDate(dialog(), 'root_iniDate', SPLIT);
    const dose = dialog().locator('#root_doseUnit');
    await dose.fill('3');
    await dialog().locator('#root_preservePrevPeriod').check();
    await dialog().locator(tid('form-save')).click();
    await dialog().waitFor({ state: 'detached' });

    await poll(() => bars().count()).toBe(3);
    const row = page.locator(tid('timeline-row')).first();
    const parts = await row.locator(tid('timeline-bar')).evaluateAll((els) => els.map((e) => [e.getAttribute('data-ini'), e.getAttribute('data-dose')]));
    expect(parts).toEqual([
      [INI, '4'],
      [SPLIT, '3'],
    ]);
    expect(await tab().locator(tid('treatment-moved')).count()).toBe(1);
  });

  it("deletes a prescription after 'Подтвердить удаление?'", async () => {
    const hr = page.locator(tid('timeline-row')).nth(1);
    expect(await hr.getAttribute('data-product')).toBe('Изониазид + Рифампицин, таблетки 75/150 мг');
    await hr.locator(tid('timeline-bar')).click();
    await menuItem(tid('prescription-delete')).click();
    expect(await page.locator(tid('confirm-dialog')).innerText()).toBe('Подтвердить удаление?');
    await page.locator(tid('confirm-yes')).click();
    await poll(() => page.locator(tid('timeline-row')).count()).toBe(1);
    expect(await bars().count()).toBe(2);
  });

  it('changes the end of the treatment period', async () => {
    const end = iso(new Date(start.getFullYear(), start.getMonth() + 5, 15));
    await tab().locator(tid('treatment-settings')).click();
    await menuItem(tid('treatment-change-period')).click();
    await dialog().locator(tid('schema-form')).waitFor();
    await typeDate(dialog(), 'root_endDate', end);
    await dialog().locator(tid('form-save')).click();
    await dialog().waitFor({ state: 'detached' });
    await poll(() => tab().locator(tid('treatment-period')).getAttribute('data-end')).toBe(end);
  });

  it('warns of missed weeks in the tab and of the WHO LOST_FOLLOWUP definition on closing', async () => {
    // only a week taken, three months ago
    const alert = tab().locator(tid('treatment-alert'));
    await alert.waitFor();
    expect(Number(await alert.getAttribute('data-missed-days'))).toBeGreaterThanOrEqual(14);
    expect(Number(await alert.getAttribute('data-months'))).toBeGreaterThanOrEqual(2);
    expect(await alert.innerText()).toContain('Пропущен приём препаратов две и более недели подряд');

    await page.locator(tid('case-cmd-close')).click();
    const warning = page.locator(tid('close-lost-followup-warning'));
    await warning.waitFor();
    expect(await warning.innerText()).toContain('по определению ВОЗ это исход');
    await page.locator('.ant-modal').filter({ has: page.locator(tid('close-dialog')) }).getByRole('button', { name: 'Отменить' }).click();
    await page.locator(tid('close-dialog')).waitFor({ state: 'detached' });
    expect(await caseState()).toBe('ONTREATMENT');
  });

  it('cancels the treatment after the confirmation and shows it not started', async () => {
    await tab().locator(tid('treatment-settings')).click();
    await menuItem(tid('treatment-cancel')).click();
    const confirm = page.locator(tid('confirm-dialog'));
    expect(await confirm.innerText()).toBe('Вы действительно хотите отменить лечение? Все данные о лечении будут удалены .');
    await page.locator(tid('confirm-yes')).click();
    await tab().locator(tid('treatment-not-started')).waitFor();
    expect(await tab().locator(tid('treatment-not-started-text')).innerText()).toBe('Лечение не начато');
    await poll(caseState).toBe('NOT_ONTREATMENT');
    expect((await admin.get(`/api/cases/case/treatment/${caseId}`)).body.started).toBe(false);
  });

  it('starts an individualized regimen from a table of prescriptions', async () => {
    await tab().locator(tid('treatment-start')).click();
    await menuItem(tid('treatment-start-individualized')).click();
    await dialog().locator(tid('schema-form')).waitFor();
    await typeDate(dialog(), 'root_iniDate', INI);
    await pick(page, selectOf(dialog(), 'root_prescriptions_0_productId'), 'Изониазид + Рифампицин, таблетки 75/150 мг', true);
    await dialog().locator('#root_prescriptions_0_doseUnit').fill('3');
    await dialog().locator('#root_prescriptions_0_months').fill('2');
    await dialog().locator(tid('form-save')).click();
    await dialog().waitFor({ state: 'detached' });

    await tab().locator(tid('treatment-summary')).waitFor();
    expect(await tab().locator(tid('treatment-regimen')).innerText()).toBe('Индивидуализированная схема');
    await poll(() => bars().count()).toBe(1);
    expect(await bars().first().getAttribute('data-ini')).toBe(INI);
    expect(await bars().first().innerText()).toBe('3 — 7/7');
    await poll(caseState).toBe('ONTREATMENT');
  });

  it("a refused calendar save shows the server's error and the stored days", async () => {
    // a settled page first: a refresh of the tab still on its way when the case is closed would
    // read it closed and lock the calendar before the click
    await page.reload();
    const m = month(FIRST_MONTH);
    await poll(() => day(m, 10).isEnabled()).toBe(true);
    // the case is closed behind the page's back: the calendar may no longer be saved
    const closed = await admin.post('/api/cases/case/close', { tbcaseId: caseId, outcomeDate: iso(new Date()), outcome: 'CURED' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const refused = await admin.post('/api/cases/case/treatment/followup', { caseId, year: start.getFullYear(), month: start.getMonth() + 1, days: [{ day: 10, status: 'DOTS' }] });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const msg = refused.body.errors[0].msg as string;

    await day(m, 10).click();
    const error = page.locator(tid('alert-error'));
    await error.waitFor();
    expect(await error.innerText()).toContain(msg);
    await poll(() => m.getAttribute('data-state')).toBe('error');
    expect(await day(m, 10).getAttribute('data-status')).toBe('');

    // read again, the closed case's treatment is shown but not editable
    await page.reload();
    await tab().locator(tid('calendar-readonly')).waitFor();
    expect(await tab().locator(tid('calendar-readonly')).innerText()).toBe('Календарь можно изменять, только пока случай на лечении.');
    expect(await day(month(FIRST_MONTH), 1).isDisabled()).toBe(true);
    expect(await tab().locator(tid('calendar-select-all')).count()).toBe(0);
    expect(await tab().locator(tid('treatment-settings')).count()).toBe(0);
    expect(await tab().locator(tid('prescription-add')).count()).toBe(0);
  });
});

describe('the treatment tab in client mode', () => {
  const ctx = useEnv({ clientMode: true });

  it("starts a standard regimen without the unit picker: the treatment unit is the user's", async () => {
    const admin = await ctx.env.server.login();
    const caseId = await newCase(admin);
    const page = await openAs(ctx.env, 'ADMIN', 'Admin123', `/sys/case?id=${caseId}&tab=treatment`);
    await page.locator(tid('treatment-start')).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').locator(tid('treatment-start-standard')).click();
    const dialog = page.locator(tid('remote-form-dialog'));
    await dialog.locator(tid('schema-form')).waitFor();
    expect(await dialog.locator('#root_unitId').count()).toBe(0);
    await typeDate(dialog, 'root_iniDate', INI);
    await pick(page, selectOf(dialog, 'root_regimenId'), REGIMEN);
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    const unit = page.locator(tid('treatment-unit'));
    await unit.waitFor();
    expect(await unit.innerText()).toContain('Национальный центр фтизиатрии');
  });
});
