// The generic catalogue screen in a real browser (spec 000 §2.7, §4, §8, §9): add with a field
// error, timed success alerts, edit, delete with confirmation, paging closing the open form, and the
// read-only list of a user without the catalogue's _EDT permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../helpers/browser.ts';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { closeEnv, loginThroughUi, startEnv, tid, UI_TIMEOUT, type BrowserEnv } from './support.ts';

const SOURCES = '/sys/admin/tables/sources';
const UNITS = '/sys/admin/tables/units';
let env: BrowserEnv;
let admin: ApiClient;

beforeAll(async () => {
  env = await startEnv();
  admin = await env.server.login();
});

afterAll(async () => {
  await closeEnv(env);
});

/** The form item (label, control, messages) of the field labelled `label`. */
const fieldItem = (scope: Locator, label: string) => scope.locator('.ant-form-item').filter({ has: scope.page().getByLabel(label, { exact: true }) }).last();
const countText = (page: Page) => page.locator(tid('list-count')).innerText();
const card = (page: Page, title: string) => page.locator(tid('catalogue-item')).filter({ has: page.locator(tid('catalogue-item-title')).getByText(title, { exact: true }) });

/**
 * A success alert with `text` is shown, still there 2 s later (the time-based rule needs a real
 * wait), and gone within 4 s plus some slack.
 */
async function expectTimedSuccess(page: Page, text: string): Promise<void> {
  const alert = page.locator(tid('alert-success')).filter({ hasText: text });
  await alert.waitFor();
  const shown = Date.now();
  await new Promise((r) => setTimeout(r, 2_000));
  expect(await alert.isVisible()).toBe(true);
  await alert.waitFor({ state: 'detached', timeout: 10_000 });
  expect(Date.now() - shown).toBeLessThan(6_500);
}

describe('catalogue screen in the browser', () => {
  it('adds, edits and deletes a source with the expected messages', async () => {
    const page = await env.newPage();
    await loginThroughUi(page, 'ADMIN', 'Admin123');
    await page.goto(SOURCES);
    const catalogue = page.locator(tid('catalogue'));
    await catalogue.waitFor();
    expect(await page.locator(tid('catalogue-title')).innerText()).toBe('источники поставки лекарств');
    await card(page, 'Глобальный фонд для борьбы со СПИДом, туберкулёзом и малярией').waitFor();
    expect(await countText(page)).toBe('Всего записей: 3');
    expect(await page.locator(tid('catalogue-readonly')).count()).toBe(0);

    // add: a missing required field is reported in Russian beside it, nothing is saved
    await page.locator(tid('catalogue-add')).click();
    const form = page.locator(tid('catalogue-form'));
    await form.waitFor();
    expect(await page.locator(tid('catalogue-add')).isDisabled()).toBe(true); // one form at a time
    await form.getByLabel('Краткое название', { exact: true }).fill('ТЕСТ');
    await form.locator(tid('form-save')).click();
    const nameError = fieldItem(form, 'Наименование').locator('.ant-form-item-explain-error');
    await nameError.waitFor();
    expect(await nameError.innerText()).toMatch(/обязательное поле .Наименование./);
    expect(await fieldItem(form, 'Краткое название').locator('.ant-form-item-explain-error').count()).toBe(0);

    // a duplicate short name comes back from the server, shown beside the field too
    await form.getByLabel('Краткое название', { exact: true }).fill('GDF');
    await form.getByLabel('Наименование', { exact: true }).fill('Тестовый источник');
    await form.locator(tid('form-save')).click();
    const shortNameError = fieldItem(form, 'Краткое название').locator('.ant-form-item-explain-error');
    await shortNameError.waitFor();
    expect(await shortNameError.innerText()).toBe('Такое значение уже существует');
    expect(await page.locator(tid('form-errors')).isVisible()).toBe(true);
    expect(await countText(page)).toBe('Всего записей: 3');
    await screenshot(page, 'catalogue');

    await form.getByLabel('Краткое название', { exact: true }).fill('ТЕСТ');
    await form.getByLabel('Код', { exact: true }).fill('T1');
    await form.locator(tid('form-save')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно создано' }).waitFor();
    expect(await form.count()).toBe(0);
    // the new item goes on top and the counter grows
    expect(await page.locator(tid('catalogue-item-title')).first().innerText()).toBe('Тестовый источник');
    expect(await countText(page)).toBe('Всего записей: 4');
    // success messages go after 4 seconds
    await expectTimedSuccess(page, 'Успешно создано');

    // edit: the card expands to show Edit and Delete; the inline form takes its place, and
    // replaces a new-item form left open (one form at a time)
    await page.locator(tid('catalogue-add')).click();
    await form.filter({ hasText: 'Новая запись' }).waitFor();
    const item = card(page, 'Тестовый источник');
    await item.click();
    await item.locator(tid('catalogue-edit')).click();
    await form.filter({ hasText: 'Редактирование' }).waitFor();
    expect(await form.count()).toBe(1);
    expect(await form.getByLabel('Краткое название', { exact: true }).inputValue()).toBe('ТЕСТ');
    await form.getByLabel('Наименование', { exact: true }).fill('Тестовый источник (изменён)');
    await form.locator(tid('form-save')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно обновлено' }).waitFor();
    await card(page, 'Тестовый источник (изменён)').waitFor();
    expect(await card(page, 'Тестовый источник').count()).toBe(0);
    expect(await countText(page)).toBe('Всего записей: 4');

    // delete asks first; Нет keeps the item, Да removes it
    const edited = card(page, 'Тестовый источник (изменён)');
    await edited.click();
    await edited.locator(tid('catalogue-delete')).click();
    const confirm = page.locator(tid('confirm-dialog'));
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Подтвердить удаление?');
    expect(await page.locator(tid('confirm-no')).innerText()).toBe('Нет');
    expect(await page.locator(tid('confirm-yes')).innerText()).toBe('Да');
    await page.locator(tid('confirm-no')).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await edited.count()).toBe(1);

    await edited.locator(tid('catalogue-delete')).click();
    await confirm.waitFor();
    await page.locator(tid('confirm-yes')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно удалено' }).waitFor();
    await edited.waitFor({ state: 'detached' });
    expect(await countText(page)).toBe('Всего записей: 3');
  });

  it('changing page closes the open form (units, 50 a page)', async () => {
    const areas = await admin.post('/api/tbl/adminunit/query', {});
    const adminUnitId = areas.body.list[0].id;
    const before = (await admin.post('/api/tbl/unit/query', { page: 1, pageSize: 50 })).body.count as number;
    for (let i = before; i < 60; i++) {
      const r = await admin.post('/api/tbl/unit', { type: 'TBUNIT', name: `Пробный диспансер ${String(i).padStart(2, '0')}`, active: true, address: { adminUnitId } });
      expect(r.status).toBe(200);
    }

    const page = await env.newPage();
    await loginThroughUi(page, 'ADMIN', 'Admin123');
    await page.goto(UNITS);
    await page.locator(tid('pager')).waitFor();
    expect(await countText(page)).toBe('Всего записей: 60');
    expect(await page.locator(tid('catalogue-item')).count()).toBe(50);
    expect(await page.locator(tid('pager-page-1')).getAttribute('aria-current')).toBe('page');
    const firstOnPage1 = await page.locator(tid('catalogue-item')).first().getAttribute('data-id');

    // the units form is a modal: open it on a card of page 1
    const firstCard = page.locator(tid('catalogue-item')).first();
    await firstCard.click();
    await firstCard.locator(tid('catalogue-edit')).click();
    const dialog = page.locator(tid('form-dialog'));
    await dialog.waitFor();
    // the dialog's mask covers the pager, so the page button is pressed programmatically
    await page.locator(tid('pager-page-2')).dispatchEvent('click');
    await dialog.waitFor({ state: 'detached' });
    await page.locator(`${tid('pager-page-2')}[aria-current="page"]`).waitFor();
    // page 2 holds the last 10 units, none of page 1
    const items = page.locator(tid('catalogue-item'));
    await expect.poll(() => items.count(), { timeout: UI_TIMEOUT }).toBe(10);
    await expect.poll(() => items.first().getAttribute('data-id'), { timeout: UI_TIMEOUT }).not.toBe(firstOnPage1);

    // a new-item form opened on page 2 closes on going back to page 1 as well
    await page.locator(tid('catalogue-add')).click();
    await dialog.waitFor();
    await page.locator(tid('pager-prev')).dispatchEvent('click');
    await dialog.waitFor({ state: 'detached' });
    await page.locator(`${tid('pager-page-1')}[aria-current="page"]`).waitFor();
    await expect.poll(() => items.count(), { timeout: UI_TIMEOUT }).toBe(50);
    await expect.poll(() => items.first().getAttribute('data-id'), { timeout: UI_TIMEOUT }).toBe(firstOnPage1);
  });

  it('is read-only without SOURCES_EDT', async () => {
    await createUser(env.server, admin, 'READER', [{ permission: 'SOURCES', canChange: false }], 'Reader123');
    // opening the catalogue signed out goes through the login page and back to it
    const page = await env.newPage();
    await page.goto(SOURCES);
    await page.waitForURL(/\/login$/);
    await page.locator(tid('login-user')).fill('READER');
    await page.locator(tid('login-password')).fill('Reader123');
    await page.locator(tid('login-submit')).click();
    await page.waitForURL((u) => u.pathname === SOURCES);
    await page.locator(tid('catalogue')).waitFor();
    await page.locator(tid('catalogue-readonly')).waitFor();
    await card(page, 'Глобальный фонд для борьбы со СПИДом, туберкулёзом и малярией').waitFor();
    expect(await page.locator(tid('catalogue-item')).count()).toBe(3);
    expect(await page.locator(tid('catalogue-add')).count()).toBe(0);
    const first = page.locator(tid('catalogue-item')).first();
    await first.click();
    expect(await first.locator(tid('catalogue-edit')).count()).toBe(0);
    expect(await first.locator(tid('catalogue-delete')).count()).toBe(0);
    expect(await page.locator(tid('catalogue-form')).count()).toBe(0);
  });
});
