// What a user finds on the seed-000 screens: pages that say the true thing (a missing
// permission by name, what to choose, that sync is for offline clients), sidebar names equal to
// the page titles, hubs offered only when they lead somewhere, a read-only expanded card, the
// workspace's stock rule (minimum ≤ maximum) with 1–12 selects, selects with a placeholder instead
// of a blank first option, the toolbar following a renamed user, the time zone defaulting to the
// browser's, the age range's form without its computed name, and a new user mailed a way in.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { screenshot } from '../helpers/browser.ts';
import { createUser } from '../helpers/users.ts';
import { type BrowserEnv, card, closeEnv, loginThroughUi, openAs, openDropdown, openInApp, pageSettled, pick, selected, selectOf, signIn, startEnv, tid, UI_TIMEOUT } from './support.ts';

let env: BrowserEnv;
let admin: ApiClient;

beforeAll(async () => {
  env = await startEnv();
  admin = await env.server.login();
  // a reader of one catalogue (no _EDT) who holds ADMIN but no report and no setting
  await createUser(env.server, admin, 'READER10', [{ permission: 'ADMIN' }, { permission: 'REGIMENS' }], 'Reader123');
});

afterAll(async () => {
  await closeEnv(env);
});

/** The generic catalogue screen of `table` (another catalogue opened before has the same buttons). */
const catalogueOf = (table: string) => `${tid('catalogue')}[data-table="${table}"]`;

/** Opens `path` on a signed-in page in place and waits until it is done loading. */
async function open(page: Page, path: string): Promise<void> {
  await openInApp(page, path);
  await pageSettled(page);
}

describe('pages that say the true thing', () => {
  it('a report without its permission names the permission; the hub offers nothing; Настройки is not offered', async () => {
    const page = await openAs(env, 'READER10', 'Reader123', '/sys/admin/reports/cmdhistory');
    const denied = page.locator(tid('no-permission'));
    await denied.waitFor();
    expect(await denied.getAttribute('data-permission')).toBe('CMDHISTORY');
    expect(await denied.innerText()).toContain('Нет доступа');
    expect(await denied.innerText()).toContain('Для этого раздела нужно право «История команд» (CMDHISTORY). Обратитесь к администратору.');
    expect(await page.locator(tid('pending-page')).count()).toBe(0);
    expect(await page.locator(tid('admin-sidebar')).count()).toBe(0);
    await screenshot(page, 'no-permission');
    // a catalogue of the hub the user may not open: the same, not its list under a warning
    await open(page, '/sys/admin/tables/units');
    // the report's notice stands until the catalogue's screen replaces it
    await expect.poll(() => denied.getAttribute('data-permission'), { timeout: UI_TIMEOUT }).toBe('UNITS');
    expect(await page.locator(tid('catalogue')).count()).toBe(0);
    expect(await page.locator(tid('admin-no-entries')).count()).toBe(0);
    // the toolbar offers the hubs that lead somewhere: Каталоги only
    await page.locator(tid('toolbar-admin')).click();
    await page.locator(tid('admin-menu-tables')).waitFor();
    expect(await page.locator(tid('admin-menu-reports')).count()).toBe(0);
    expect(await page.locator(tid('admin-menu-settings')).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('a read-only catalogue: an expanded card shows the record without edit buttons', async () => {
    const page = await openAs(env, 'READER10', 'Reader123', '/sys/admin/tables/regimens');
    await page.locator(tid('catalogue-readonly')).waitFor();
    const item = card(page, '2HRZE/4HR');
    await item.click();
    const view = item.locator(tid('row-view'));
    await view.waitFor();
    expect(await view.innerText()).toContain('Классификация случая');
    expect(await view.innerText()).toContain('ТБ');
    expect(await item.locator(tid('catalogue-edit')).count()).toBe(0);
  });

  it('hubs open on what to do; sidebar names are the report titles; sync on a server says it is for offline clients', async () => {
    const page = await openAs(env, 'ADMIN', 'Admin123', '/sys/admin/reports');
    expect(await page.locator(tid('admin-hint')).innerText()).toBe('Выберите отчёт в меню слева.');
    await open(page, '/sys/admin/settings');
    // the reports hub's hint stands until the settings hub replaces it
    await expect.poll(() => page.locator(tid('admin-hint')).innerText(), { timeout: UI_TIMEOUT }).toBe('Выберите раздел настроек в меню слева.');
    await open(page, '/sys/admin/reports');
    for (const slug of ['onlineusers', 'usersessions']) {
      const name = await page.locator(tid(`admin-entry-${slug}`)).innerText();
      await page.locator(tid(`admin-entry-${slug}`)).click();
      const heading = page.locator(tid(`report-${slug}`)).locator('.ant-card-head-title').first();
      await heading.waitFor();
      expect(await heading.innerText()).toBe(name);
    }
    expect(await page.locator(tid('admin-entry-onlineusers')).innerText()).toBe('Пользователи в сети');
    await open(page, '/sys/sync');
    const sync = page.locator(tid('sync-page'));
    await sync.waitFor();
    expect(await sync.getAttribute('data-phase')).toBe('server');
    expect(await sync.innerText()).toContain('Синхронизация выполняется только в автономном клиенте');
    expect(await sync.innerText()).not.toContain('Произошла ошибка');
    expect(await sync.innerText()).not.toContain('Запись не найдена.');
  });
});

describe('narrow windows', () => {
  it('the command history fits the window at 1280 and 1024 px: the table scrolls, not the page', async () => {
    const page = await openAs(env, 'ADMIN', 'Admin123', '/sys/home');
    const size = page.viewportSize()!;
    try {
      for (const width of [1280, 1024]) {
        await page.setViewportSize({ width, height: 800 });
        await open(page, '/sys/admin/reports/cmdhistory');
        await page.locator(tid('report-table')).waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
        const pane = (await page.locator(tid('report-cmdhistory')).boundingBox())!;
        const table = (await page.locator(tid('report-table')).boundingBox())!;
        expect(table.x + table.width, `${width} px`).toBeLessThanOrEqual(pane.x + pane.width + 1);
      }
    } finally {
      // the page serves the next tests too
      await page.setViewportSize(size);
    }
  });
});

describe('forms', () => {
  it("workspace settings: stock months are 1–12 selects and a minimum above the maximum is refused on its field", async () => {
    const page = await openAs(env, 'ADMIN', 'Admin123', '/sys/workspace/general/settings');
    await page.locator(tid('card-edit')).click();
    const form = page.locator(tid('workspace-settings')).locator(tid('schema-form'));
    await form.waitFor();
    const min = selectOf(form, 'root_minStockOnHand');
    await min.click();
    expect(await openDropdown(page).locator('.ant-select-item-option').allInnerTexts()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    await page.keyboard.press('Escape');
    await pick(page, min, '12');
    await pick(page, selectOf(form, 'root_maxStockOnHand'), '1');
    await form.locator(tid('form-save')).click();
    const error = form.locator('.ant-form-item').filter({ has: page.locator('#root_minStockOnHand') }).locator('.ant-form-item-explain-error');
    await error.first().waitFor();
    expect(await error.first().innerText()).toBe('Минимальный запас, мес.: должен быть не больше максимального запаса (1)');
    const stored = (await admin.post('/api/sys/session', {})).body;
    const ws = (await admin.get(`/api/tbl/workspace/${stored.workspaceId}`)).body;
    expect(ws.minStockOnHand).not.toBe(12);
    // the API refuses it too, on the field
    const api = await admin.post(`/api/tbl/workspace/${stored.workspaceId}`, { ...ws, minStockOnHand: 12, maxStockOnHand: 1 });
    expect(api.status).toBe(400);
    expect(api.body.errors).toEqual([{ field: 'minStockOnHand', msg: 'Минимальный запас, мес.: должен быть не больше максимального запаса (1)' }]);
  });

  it('required enum selects start empty with a placeholder, no blank option; a user\'s view is named, never raw', async () => {
    const page = await openAs(env, 'ADMIN', 'Admin123', '/sys/admin/tables/regimens');
    await page.locator(tid('catalogue-add')).click();
    const dialog = page.locator(tid('form-dialog'));
    const cls = selectOf(dialog, 'root_classification');
    await cls.waitFor();
    expect(await cls.innerText()).toBe('Выберите...');
    await cls.click();
    expect(await openDropdown(page).locator('.ant-select-item-option').allInnerTexts()).toEqual(['ТБ', 'Лекарственно-резистентный ТБ', 'Нетуберкулёзные микобактерии']);
    await page.keyboard.press('Escape');

    await open(page, '/sys/admin/tables/users');
    // the users' 'Добавить', not the regimens' one still drawn
    await page.locator(catalogueOf('userws')).waitFor();
    await page.locator(tid('catalogue-add')).click();
    const user = page.locator(tid('form-dialog'));
    const view = user.locator(tid('ref-root_view'));
    await view.waitFor();
    await expect.poll(() => view.innerText(), { timeout: UI_TIMEOUT }).not.toBe('');
    expect(await view.innerText()).not.toContain('UNIT');
    await page.mouse.move(0, 0);
    await screenshot(page, 'user-form');
  });

  it("a unit's admin unit is picked by its path from the root, searchable by any part of it", async () => {
    const page = await openAs(env, 'ADMIN', 'Admin123', '/sys/admin/tables/units');
    await page.locator(catalogueOf('unit')).waitFor();
    await page.locator(tid('catalogue-add')).click();
    const picker = page.locator(tid('ref-root_address_adminUnitId'));
    await picker.waitFor();
    await picker.click();
    await page.keyboard.type('Ошская');
    const options = openDropdown(page).locator('.ant-select-item-option');
    await expect.poll(async () => (await options.allInnerTexts()).length, { timeout: UI_TIMEOUT }).toBeGreaterThan(1);
    const labels = await options.allInnerTexts();
    // every option found names its path; the area itself and the places under it
    expect(labels.every((l) => l.startsWith('Кыргызская Республика / Ошская область'))).toBe(true);
    expect(labels[0]).toBe('Кыргызская Республика / Ошская область');
    await page.keyboard.press('Escape');
  });

  it("system settings: the workspace shows its required mark while self-registration is on", async () => {
    const page = await openAs(env, 'ADMIN', 'Admin123', '/sys/admin/settings/sysconfig');
    const form = page.locator(tid('sysconfig-page')).locator(tid('schema-form'));
    const allow = form.locator('#root_allowRegPage');
    await allow.waitFor();
    if (await allow.isChecked()) await allow.uncheck();
    await expect.poll(() => form.locator('#root_workspace').count(), { timeout: UI_TIMEOUT }).toBe(0);
    await allow.check();
    const label = form.locator('label[for="root_workspace"]');
    await label.waitFor();
    expect(await label.getAttribute('class')).toContain('ant-form-item-required');
  });

  it("the age range's form has no empty computed name box", async () => {
    const page = await openAs(env, 'ADMIN', 'Admin123', '/sys/admin/tables/ageranges');
    await page.locator(tid('catalogue-add')).click();
    const form = page.locator(tid('catalogue-form'));
    await form.locator('#root_iniAge').waitFor();
    expect(await form.locator('#root_name').isVisible()).toBe(false);
    expect(await form.getByText('Наименование', { exact: true }).count()).toBe(0);
  });

  it("a tag's SQL condition is a multi-line monospace editor", async () => {
    const page = await openAs(env, 'ADMIN', 'Admin123', '/sys/admin/tables/tags');
    await page.locator(catalogueOf('tag')).waitFor();
    await page.locator(tid('catalogue-add')).click();
    const form = page.locator(tid('catalogue-form'));
    const sql = form.locator('#root_sqlCondition');
    await sql.waitFor();
    expect(await sql.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    expect(await sql.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
  });
});

describe('user settings', () => {
  it('a new name shows in the toolbar at once; the time zone defaults to the browser\'s and is found by city', async () => {
    const page = await env.newPage();
    await createUser(env.server, admin, 'RENAME10', [{ permission: 'CASEMAN' }], 'Rename123');
    await signIn(page, 'RENAME10', 'Rename123');
    await open(page, '/sys/user/settings');
    const name = page.locator(tid('settings-name'));
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement | null)?.value === 'RENAME10', tid('settings-name'));
    const zone = page.locator(tid('settings-timezone'));
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await selected(zone)).toContain(browserZone.replace(/_/g, ' '));
    await zone.click();
    await page.keyboard.type('Bishkek');
    await openDropdown(page).locator('.ant-select-item-option[title="(UTC+06:00) Asia/Bishkek"]').click();
    // too long a mobile number: a sentence, before anything is sent
    await page.locator(tid('settings-mobile')).fill('1'.repeat(51));
    await page.locator(tid('settings-save')).click();
    const mobileError = page.locator('.ant-form-item').filter({ has: page.locator(tid('settings-mobile')) }).locator('.ant-form-item-explain-error');
    await mobileError.waitFor();
    expect(await mobileError.innerText()).toBe('Не более 50 символов');
    await page.locator(tid('settings-mobile')).fill('+996 555 000 111');
    await name.fill('Переименованный Пользователь');
    await page.locator(tid('settings-save')).click();
    await page.locator(tid('alert-success')).waitFor();
    await expect.poll(() => page.locator(tid('toolbar-user-name')).innerText(), { timeout: UI_TIMEOUT }).toBe('Переименованный Пользователь');
    const saved = (await (await env.server.login('RENAME10', 'Rename123')).get('/api/sys/usersettings')).body;
    expect(saved.timeZone).toBe('Asia/Bishkek');
  });
});

describe('a new user', () => {
  it('is mailed a login and a password (the outbox without SMTP) that let them in; the administrator is told', async () => {
    const outbox = env.server.ctx.config.outboxDir;
    const before = new Set(await readdir(outbox).catch(() => [] as string[]));
    const page = await openAs(env, 'ADMIN', 'Admin123', '/sys/admin/tables/users');
    await page.locator(catalogueOf('userws')).waitFor();
    await page.locator(tid('catalogue-add')).click();
    const dialog = page.locator(tid('form-dialog'));
    await dialog.locator(tid('schema-form')).waitFor();
    await dialog.getByLabel('Логин', { exact: true }).pressSequentially('WELCOME10');
    await dialog.getByLabel('ФИО', { exact: true }).fill('Новая Сотрудница');
    await dialog.getByLabel('Эл. почта', { exact: true }).fill('welcome10@example.org');
    const unit = (await admin.post('/api/tbl/unit/query', { pageSize: 1, page: 1 })).body.list[0].name as string;
    await pick(page, selectOf(dialog, 'root_unitId'), unit, true);
    await pick(page, selectOf(dialog, 'root_profiles'), 'Врач');
    await dialog.locator(tid('form-save')).click();
    const told = page.locator(tid('alert-success'));
    await told.waitFor();
    expect(await told.innerText()).toContain('Успешно создано. Пользователю WELCOME10 отправлено письмо со входом в систему.');
    const mails = async () => {
      const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => !before.has(f));
      return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(outbox, f), 'utf8'))));
    };
    await expect.poll(async () => (await mails()).length, { timeout: UI_TIMEOUT }).toBe(1);
    const [mail] = await mails();
    expect(mail.to.map((t: { address: string }) => t.address)).toEqual(['welcome10@example.org']);
    expect(mail.subject).toBe('Доступ к системе: Демонстрационная');
    expect(mail.text).toContain('Логин: WELCOME10');
    const password = /Пароль: (\S+)/.exec(mail.text)?.[1];
    expect(password).toMatch(/^\S{6,}$/);
    // the mailed password lets the new user in
    const other = await env.newPage();
    await loginThroughUi(other, 'WELCOME10', password!);
  });
});
