// The users catalogue in a real browser: a user created through the
// form (the view list follows the chosen unit, the profiles start empty), the error of an empty
// required list, the login upper-cased as it is typed, and the change-password dialog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { card, closeEnv, openDropdown, pick, selectOf, signInAt, startEnv, tid, type BrowserEnv, UI_TIMEOUT } from './support.ts';

const USERS = '/sys/admin/tables/users';
const OSH = 'Ошский областной противотуберкулёзный диспансер';
const BISHKEK = 'Бишкекский городской противотуберкулёзный диспансер';
let env: BrowserEnv;
let admin: ApiClient;

beforeAll(async () => {
  env = await startEnv();
  admin = await env.server.login();
});

afterAll(async () => {
  await closeEnv(env);
});

/** The form item (label, control, messages) holding the input with this id. */
const itemOf = (scope: Locator, id: string) => scope.locator('.ant-form-item').filter({ has: scope.page().locator(`#${id}`) });

/** The texts of the options the open dropdown offers (all drawn: the lists here are short). */
async function offered(page: Page, select: Locator): Promise<string[]> {
  await select.click();
  const options = openDropdown(page).locator('.ant-select-item-option');
  await options.first().waitFor();
  const texts = await options.evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
  await page.keyboard.press('Escape');
  await openDropdown(page).waitFor({ state: 'detached' });
  return texts;
}

/** Signs in as the administrator and opens the new-user form. */
async function openNewUser(): Promise<{ page: Page; dialog: Locator }> {
  const page = await env.newPage();
  await signInAt(page, 'ADMIN', 'Admin123', USERS);
  await card(page, 'Администратор системы').waitFor();
  await page.locator(tid('catalogue-add')).click();
  const dialog = page.locator(tid('form-dialog'));
  await dialog.locator(tid('schema-form')).waitFor();
  return { page, dialog };
}

/** Fills the plain fields and the unit of the new-user form. */
async function fillUser(page: Page, dialog: Locator, login: string, name: string, unit = OSH): Promise<void> {
  await dialog.getByLabel('Логин', { exact: true }).pressSequentially(login);
  await dialog.getByLabel('ФИО', { exact: true }).fill(name);
  await dialog.getByLabel('Эл. почта', { exact: true }).fill(`${login.toLowerCase()}@example.org`);
  await pick(page, selectOf(dialog, 'root_unitId'), unit, true);
}

const usersNamed = async (name: string) => (await admin.post('/api/tbl/userws/query', { name })).body.list as any[];

describe('users catalogue in the browser', () => {
  it('creates a user through the form: login, name, e-mail, unit, view and profile, then sees it in the list', async () => {
    const { page, dialog } = await openNewUser();
    const profiles = selectOf(dialog, 'root_profiles');
    // the profiles list starts empty: no blank entry, just the placeholder
    expect(await profiles.locator('.ant-select-selection-item').count()).toBe(0);
    expect(await profiles.innerText()).toContain('Выберите...');

    // without a unit only the whole workspace is offered as the view
    const view = selectOf(dialog, 'root_view');
    expect(await offered(page, view)).toEqual(['Рабочее пространство: Демонстрационная']);
    await fillUser(page, dialog, 'NEWUSER1', 'Новый Пользователь');
    // the view list names the chosen unit, and follows a change of unit
    await expect.poll(() => offered(page, view), { timeout: UI_TIMEOUT }).toContain(`Учреждение: ${OSH}`);
    await pick(page, selectOf(dialog, 'root_unitId'), BISHKEK, true);
    await expect.poll(() => offered(page, view), { timeout: UI_TIMEOUT }).toContain(`Учреждение: ${BISHKEK}`);
    expect(await offered(page, view)).not.toContain(`Учреждение: ${OSH}`);
    await pick(page, view, `Учреждение: ${BISHKEK}`);

    await pick(page, profiles, 'Врач');
    expect(await profiles.locator('.ant-select-selection-item').allInnerTexts()).toEqual(['Врач']);
    await dialog.locator(tid('form-save')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно создано' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const item = card(page, 'Новый Пользователь');
    await item.waitFor();
    expect(await item.innerText()).toContain(BISHKEK);

    const [stored] = await usersNamed('Новый Пользователь');
    const full = (await admin.get(`/api/tbl/userws/${stored.id}`)).body;
    const doctor = (await admin.post('/api/tbl/userprofile/query', {})).body.list.find((p: any) => p.name === 'Врач');
    expect(full).toMatchObject({ login: 'NEWUSER1', email: 'newuser1@example.org', view: 'UNIT', profiles: [doctor.id] });
  });

  it('an empty required list shows its error under the field and nothing is sent', async () => {
    const { page, dialog } = await openNewUser();
    await fillUser(page, dialog, 'NOPROFILE', 'Без Профиля');
    const profiles = selectOf(dialog, 'root_profiles');
    // chosen and removed again: the list is empty
    await pick(page, profiles, 'Медсестра');
    await profiles.locator('.ant-select-selection-item-remove').click();
    expect(await profiles.locator('.ant-select-selection-item').count()).toBe(0);

    await dialog.locator(tid('form-save')).click();
    const error = itemOf(dialog, 'root_profiles').locator('.ant-form-item-explain-error');
    await error.first().waitFor();
    const texts = await error.allInnerTexts();
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/не менее, чем 1 элемент/);
    expect(await dialog.locator(tid('schema-form')).count()).toBe(1);
    expect(await page.locator(tid('alert-success')).count()).toBe(0);
    expect(await usersNamed('Без Профиля')).toEqual([]);

    // a profile chosen: the error goes and the user is created
    await pick(page, profiles, 'Медсестра');
    await error.first().waitFor({ state: 'detached' });
    await dialog.locator(tid('form-save')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно создано' }).waitFor();
    await card(page, 'Без Профиля').waitFor();
  });

  it('the login is upper-cased as it is typed (x-transform) and the user is saved', async () => {
    const { page, dialog } = await openNewUser();
    const login = dialog.getByLabel('Логин', { exact: true });
    await fillUser(page, dialog, 'aud4low', 'Аудитор Строчный');
    expect(await login.inputValue()).toBe('AUD4LOW');
    // no pattern error under the login
    expect(await itemOf(dialog, 'root_login').locator('.ant-form-item-explain-error').count()).toBe(0);
    await pick(page, selectOf(dialog, 'root_profiles'), 'Лаборант');
    await dialog.locator(tid('form-save')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно создано' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card(page, 'Аудитор Строчный').waitFor();
    const [stored] = await usersNamed('Аудитор Строчный');
    expect(stored.login).toBe('AUD4LOW');
  });

  it("the change-password dialog: 'Подтвержденный пароль и новый пароль не совпадают', then success", async () => {
    await createUser(env.server, admin, 'PWDUSER', [{ permission: 'CASEMAN', canChange: false }], 'Start123');
    const userId = (await admin.post('/api/tbl/userws/query', { login: 'PWDUSER' })).body.list[0].id;
    expect((await admin.post(`/api/tbl/userws/${userId}`, { name: 'Пароль Меняющий' })).status).toBe(200);

    const page = await env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', USERS);
    const item = card(page, 'Пароль Меняющий');
    await item.click();
    await item.locator(tid('user-actions')).click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await menu.locator(tid('user-action-changepwd')).click();
    const dialog = page.locator(tid('user-password-dialog'));
    await dialog.waitFor();
    expect(await page.locator('.ant-modal-title').innerText()).toBe('Изменить пароль: Пароль Меняющий');
    for (const id of ['user-password-new', 'user-password-repeat']) {
      expect(await page.locator(tid(id)).getAttribute('type')).toBe('password');
    }

    await page.locator(tid('user-password-new')).fill('Changed123');
    await page.locator(tid('user-password-repeat')).fill('Changed124');
    await page.locator(tid('user-password-save')).click();
    const mismatch = dialog.locator('.ant-form-item').filter({ has: page.locator(tid('user-password-repeat')) }).locator('.ant-form-item-explain-error');
    await mismatch.waitFor();
    expect(await mismatch.innerText()).toBe('Подтвержденный пароль и новый пароль не совпадают');
    expect(await page.locator(tid('alert-success')).count()).toBe(0);
    // nothing was sent: the old password still works
    await env.server.login('PWDUSER', 'Start123');

    await page.locator(tid('user-password-repeat')).fill('Changed123');
    await mismatch.waitFor({ state: 'detached' });
    await page.locator(tid('user-password-save')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Пароль успешно изменён!' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await env.server.login('PWDUSER', 'Changed123');
    await expect(env.server.login('PWDUSER', 'Start123')).rejects.toThrow();
  });
});
