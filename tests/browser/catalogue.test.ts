// The generic catalogue screen in a real browser: add with a field
// error, timed success alerts, edit, delete with confirmation, the read-only list of a user without
// the catalogue's _EDT permission, and paging: the pager from a full page on with 5 buttons, a new
// item on top pushing the last one off, changing page closing the open form and the expanded card.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { rootDir, schemasDir } from '../../server/config.ts';
import { screenshot } from '../helpers/browser.ts';
import { startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { type BrowserEnv, card, closeEnv, contextOptions, expectTimedSuccess, withPageClock, openAs, openInApp, requestEnded, signIn, startEnv, tid, UI_TIMEOUT } from './support.ts';

const SOURCES = '/sys/admin/tables/sources';
const UNITS = '/sys/admin/tables/units';
let env: BrowserEnv;
let admin: ApiClient;
mkdirSync(join(rootDir, '.tmp'), { recursive: true });

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
/** The page numbers the pager shows, in order. */
const pageButtons = (page: Page) => page.locator(`${tid('pager')} [data-testid^="pager-page-"]`).allInnerTexts();

describe('catalogue screen in the browser', () => {
  it('adds, edits and deletes a source with the expected messages', async () => {
    const page = await openAs(env, 'ADMIN', 'Admin123', SOURCES);
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
    expect(await nameError.innerText()).toBe('Наименование: Обязательное поле');
    // the error is tied to its field, so a screen reader reads it with the input
    const describedBy = await form.getByLabel('Наименование', { exact: true }).evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(''));
    expect(describedBy).toBe('Наименование: Обязательное поле');
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
    await withPageClock(page); // the success alert's 4 s on the page's clock, not waited for
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
    // typed and saved by Enter at once on a CPU slowed 20×: the save holds the whole text
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await form.getByLabel('Наименование', { exact: true }).fill('Тестовый источник (изменён)');
    await form.getByLabel('Наименование', { exact: true }).press('Enter');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
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

  it('pages the units 50 at a time (the schema sets the size)', async () => {
    const areas = await admin.post('/api/tbl/adminunit/query', {});
    const adminUnitId = areas.body.list[0].id;
    const before = (await admin.post('/api/tbl/unit/query', { page: 1, pageSize: 50 })).body.count as number;
    for (let i = before; i < 60; i++) {
      const r = await admin.post('/api/tbl/unit', { type: 'TBUNIT', name: `Пробный диспансер ${String(i).padStart(2, '0')}`, active: true, address: { adminUnitId } });
      expect(r.status).toBe(200);
    }

    const page = await openAs(env, 'ADMIN', 'Admin123', UNITS);
    await page.locator(tid('pager')).waitFor();
    expect(await countText(page)).toBe('Всего записей: 60');
    const items = page.locator(tid('catalogue-item'));
    expect(await items.count()).toBe(50);
    expect(await pageButtons(page)).toEqual(['1', '2']);
    expect(await page.locator(tid('pager-page-1')).getAttribute('aria-current')).toBe('page');
    const firstOnPage1 = await items.first().getAttribute('data-id');

    await page.locator(tid('pager-page-2')).click();
    await page.locator(`${tid('pager-page-2')}[aria-current="page"]`).waitFor();
    await expect.poll(() => items.count(), { timeout: UI_TIMEOUT }).toBe(10);
    expect(await items.evaluateAll((els, id) => els.some((e) => e.getAttribute('data-id') === id), firstOnPage1)).toBe(false);
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

  it('tells a user who may open none of the catalogues so, instead of an empty menu', async () => {
    const page = await openAs(env, 'DOCTOR1', 'Doctor123', '/sys/admin/tables');
    await page.locator(tid('admin-no-entries')).waitFor();
    expect(await page.locator(tid('admin-no-entries')).innerText()).toBe('Вам не доступен ни один раздел здесь.');
    expect(await page.locator(tid('admin-sidebar')).isVisible()).toBe(false);
  });
});

/**
 * A catalogue with an inline form and a page size: the sources, from a copy of the schemas where
 * source.json sets `x-table.pageSize` 5 (no column changes, so the project's migrations serve).
 */
describe('a paged catalogue with an inline form (sources, 5 a page)', () => {
  const root = mkdtempSync(join(rootDir, '.tmp', 'paged-'));
  let server: TestServer;
  let page: Page;
  const items = () => page.locator(tid('catalogue-item'));
  const ids = () => items().evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
  const titles = () => page.locator(tid('catalogue-item-title')).allInnerTexts();
  const current = () => page.locator(`${tid('pager')} [aria-current="page"]`).innerText();

  /** Adds a source through the inline form and waits for the success message. */
  async function addThroughForm(shortName: string, name: string) {
    await page.locator(tid('catalogue-add')).click();
    const form = page.locator(tid('catalogue-form'));
    await form.waitFor();
    await form.getByLabel('Краткое название', { exact: true }).fill(shortName);
    await form.getByLabel('Наименование', { exact: true }).fill(name);
    await form.locator(tid('form-save')).click();
    await form.waitFor({ state: 'detached' });
    await card(page, name).waitFor();
  }

  beforeAll(async () => {
    cpSync(schemasDir, join(root, 'schemas'), { recursive: true });
    const file = join(root, 'schemas', 'tables', 'source.json');
    const source = JSON.parse(readFileSync(file, 'utf8'));
    source['x-table'].pageSize = 5;
    writeFileSync(file, JSON.stringify(source, null, 2));
    // a page size changes no table: the server starts on a copy of the seeded template
    server = await startTestServer({ schemasDir: join(root, 'schemas'), sameTables: true });
    const context = await env.browser.newContext(contextOptions(server.url));
    context.setDefaultTimeout(UI_TIMEOUT);
    page = await context.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
  }, 120_000);

  afterAll(async () => {
    await page?.context().close();
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('shows the pager from a full page on; a new item goes on top and pushes the last one off', async () => {
    await openInApp(page, SOURCES);
    await items().first().waitFor();
    expect(await countText(page)).toBe('Всего записей: 3');
    expect(await page.locator(tid('pager')).count()).toBe(0);

    await addThroughForm('А1', 'Источник А1');
    expect(await countText(page)).toBe('Всего записей: 4');
    expect(await page.locator(tid('pager')).count()).toBe(0); // 4 < 5

    await addThroughForm('А2', 'Источник А2');
    expect(await countText(page)).toBe('Всего записей: 5');
    await page.locator(tid('pager')).waitFor(); // 5 ≥ 5: shown, one page
    expect(await pageButtons(page)).toEqual(['1']);
    expect(await items().count()).toBe(5);

    // the page is full: the new item goes on top, the last one drops, the count grows
    const before = await ids();
    await addThroughForm('А3', 'Источник А3');
    expect(await countText(page)).toBe('Всего записей: 6');
    expect((await titles())[0]).toBe('Источник А3');
    const after = await ids();
    expect(after).toHaveLength(5);
    expect(after.slice(1)).toEqual(before.slice(0, 4));
    expect(after).not.toContain(before[4]);
    expect(await pageButtons(page)).toEqual(['1', '2']);
  });

  it('shows at most 5 page buttons, a window that follows the current page', async () => {
    const api = await server.login();
    for (let i = 4; i <= 32; i++) {
      const r = await api.post('/api/tbl/source', { shortName: `Б${i}`, name: `Источник Б${String(i).padStart(2, '0')}` });
      expect(r.status).toBe(200);
    }
    await page.goto(SOURCES);
    await page.locator(tid('pager')).waitFor();
    expect(await countText(page)).toBe('Всего записей: 35'); // 7 pages
    expect(await pageButtons(page)).toEqual(['1', '2', '3', '4', '5']);
    expect(await page.locator(tid('pager-prev')).isDisabled()).toBe(true);

    await page.locator(tid('pager-page-4')).click();
    await expect.poll(current, { timeout: UI_TIMEOUT }).toBe('4');
    expect(await pageButtons(page)).toEqual(['2', '3', '4', '5', '6']);

    await page.locator(tid('pager-last')).click();
    await expect.poll(current, { timeout: UI_TIMEOUT }).toBe('7');
    expect(await pageButtons(page)).toEqual(['3', '4', '5', '6', '7']);
    await expect.poll(() => items().count(), { timeout: UI_TIMEOUT }).toBe(5);
    expect(await page.locator(tid('pager-next')).isDisabled()).toBe(true);

    await page.locator(tid('pager-first')).click();
    await expect.poll(current, { timeout: UI_TIMEOUT }).toBe('1');
  });

  it('shows the page last asked for when an earlier page answers late', async () => {
    await page.goto(SOURCES);
    await page.locator(tid('pager')).waitFor();
    const page1 = await ids();
    // page 2 answers after page 1, as on a slow network when the user goes on and back at once
    await page.route('**/api/tbl/source/query', async (route) => {
      if (route.request().postDataJSON()?.page === 2) await new Promise((r) => setTimeout(r, 1500));
      await route.continue().catch(() => {}); // the page may have cancelled it meanwhile
    });
    const late = requestEnded(page, (r) => r.url().endsWith('/api/tbl/source/query') && r.postDataJSON()?.page === 2);
    try {
      await page.locator(tid('pager-next')).click();
      await page.locator(tid('pager-prev')).click();
      await expect.poll(ids, { timeout: UI_TIMEOUT }).toEqual(page1);
      await late; // page 2's request has ended (answered late, or cancelled): let the page handle it (a frame and the tasks behind it)
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
      expect(await ids()).toEqual(page1);
      expect(await current()).toBe('1');
    } finally {
      await page.unroute('**/api/tbl/source/query');
    }
  });

  it('closes the open form and the expanded card on changing page', async () => {
    await page.goto(SOURCES);
    await page.locator(tid('pager')).waitFor();
    const page1 = await ids();

    // an edit form open on page 1 (the pager stays usable: the form is inline)
    await items().first().click();
    await items().first().locator(tid('catalogue-edit')).click();
    const form = page.locator(tid('catalogue-form'));
    await form.filter({ hasText: 'Редактирование' }).waitFor();
    await form.getByLabel('Наименование', { exact: true }).fill('Не сохранять');
    await page.locator(tid('pager-page-2')).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(current, { timeout: UI_TIMEOUT }).toBe('2');
    await expect.poll(async () => (await ids()).some((id) => page1.includes(id)), { timeout: UI_TIMEOUT }).toBe(false);
    // back on page 1 the form is still closed and nothing was saved
    await page.locator(tid('pager-page-1')).click();
    await expect.poll(ids, { timeout: UI_TIMEOUT }).toEqual(page1);
    expect(await form.count()).toBe(0);
    expect(await card(page, 'Не сохранять').count()).toBe(0);

    // a new-item form on page 1 closes on going to the next page
    await page.locator(tid('catalogue-add')).click();
    await form.filter({ hasText: 'Новая запись' }).waitFor();
    await page.locator(tid('pager-next')).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(current, { timeout: UI_TIMEOUT }).toBe('2');
    expect(await page.locator(tid('catalogue-add')).isEnabled()).toBe(true);

    // an expanded card (Edit and Delete shown) is folded again when its page comes back
    await page.locator(tid('pager-prev')).click();
    await expect.poll(ids, { timeout: UI_TIMEOUT }).toEqual(page1);
    await items().nth(1).click();
    await items().nth(1).locator(tid('catalogue-edit')).waitFor();
    await page.locator(tid('pager-page-2')).click();
    await expect.poll(current, { timeout: UI_TIMEOUT }).toBe('2');
    expect(await page.locator(tid('catalogue-edit')).count()).toBe(0);
    await page.locator(tid('pager-page-1')).click();
    await expect.poll(ids, { timeout: UI_TIMEOUT }).toEqual(page1);
    expect(await page.locator(tid('catalogue-edit')).count()).toBe(0);
    expect(await page.locator(tid('catalogue-delete')).count()).toBe(0);
  });
});
