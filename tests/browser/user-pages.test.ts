// The user's own pages in a real browser: change password (mismatch, success,
// cleared form) and user settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser } from '../helpers/users.ts';
import { closeEnv, signIn, startEnv, tid, type BrowserEnv } from './support.ts';

const LOGIN = 'SELFUSER';
const PASSWORD = 'Start123';
let env: BrowserEnv;
let page: Page;

beforeAll(async () => {
  env = await startEnv();
  const admin = await env.server.login();
  await createUser(env.server, admin, LOGIN, [{ permission: 'CASEMAN', canChange: false }], PASSWORD);
  page = await env.newPage();
  await signIn(page, LOGIN, PASSWORD);
});

afterAll(async () => {
  await closeEnv(env);
});

/** The message under a form field, as the DOM holds it (innerText would collapse double spaces). */
const fieldError = (testId: string) =>
  page.locator('.ant-form-item').filter({ has: page.locator(tid(testId)) }).locator('.ant-form-item-explain-error');

const openFromUserMenu = async (item: string) => {
  await page.locator(tid('toolbar-user-menu')).click();
  await page.locator(tid(item)).click();
};

describe('user pages in the browser', () => {
  it('a user without ADMIN has no administrator menu', async () => {
    await page.locator(tid('home-page')).waitFor();
    expect(await page.locator(tid('toolbar-user-name')).innerText()).toBe(LOGIN);
    expect(await page.locator(tid('toolbar-admin')).count()).toBe(0);
    expect(await page.locator(tid('home-link-tables')).count()).toBe(0);
  });

  it('changes the password: mismatch first, then success and a cleared form', async () => {
    await openFromUserMenu('user-menu-password');
    await page.waitForURL(/\/sys\/user\/changepassword$/);
    const card = page.locator(tid('change-password-page'));
    await card.waitFor();
    expect(await card.innerText()).toContain('Изменить пароль');
    for (const id of ['password-current', 'password-new', 'password-repeat']) {
      expect(await page.locator(tid(id)).getAttribute('type')).toBe('password'); // masked
    }
    expect(await card.getByRole('button', { name: /Отменить/ }).count()).toBe(0); // no cancel button

    await page.locator(tid('password-current')).fill(PASSWORD);
    await page.locator(tid('password-new')).fill('NewPass456');
    await page.locator(tid('password-repeat')).fill('NewPass457');
    await page.locator(tid('password-save')).click();
    await fieldError('password-repeat').waitFor();
    expect(await fieldError('password-repeat').textContent()).toBe('Подтвержденный  пароль  и новый пароль не совпадают');
    expect(await page.locator(tid('alert-success')).count()).toBe(0);
    // the old password still works: nothing was sent
    await env.server.login(LOGIN, PASSWORD);

    // a wrong current password: the server's message on its field, and (no message left over) in the error alert too
    await page.locator(tid('password-current')).fill('Wrong999x');
    await page.locator(tid('password-repeat')).fill('NewPass456');
    await page.locator(tid('password-save')).click();
    await fieldError('password-current').waitFor();
    expect(await fieldError('password-current').textContent()).toBe('Неверный текущий пароль');
    expect(await page.locator(tid('alert-error')).innerText()).toContain('Неверный текущий пароль');
    await page.locator(tid('password-current')).fill(PASSWORD);

    await page.locator(tid('password-repeat')).fill('NewPass456');
    await fieldError('password-repeat').waitFor({ state: 'detached' });
    await page.locator(tid('password-save')).click();
    const success = page.locator(tid('alert-success'));
    await success.waitFor();
    expect(await success.innerText()).toContain('Пароль успешно изменён!');
    for (const id of ['password-current', 'password-new', 'password-repeat']) {
      expect(await page.locator(tid(id)).inputValue()).toBe('');
    }
    await env.server.login(LOGIN, 'NewPass456');
    await expect(env.server.login(LOGIN, PASSWORD)).rejects.toThrow();
  });

  it('saves the user settings', async () => {
    await openFromUserMenu('user-menu-settings');
    await page.waitForURL(/\/sys\/user\/settings$/);
    const card = page.locator(tid('user-settings-page'));
    await card.waitFor();
    expect(await card.innerText()).toContain('Пользовательские настройки');
    const name = page.locator(tid('settings-name'));
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement | null)?.value === 'SELFUSER', tid('settings-name'));
    expect(await page.locator(tid('settings-email')).inputValue()).toBe('selfuser@example.org');
    expect(await card.getByRole('button', { name: /Отменить/ }).count()).toBe(0);

    // name is required
    await name.fill('');
    await page.locator(tid('settings-save')).click();
    await fieldError('settings-name').waitFor();
    expect(await fieldError('settings-name').innerText()).toBe('Обязательное поле');

    await name.fill('Пользователь Самостоятельный');
    await page.locator(tid('settings-mobile')).fill('+996 555 123 456');
    await page.locator(tid('settings-save')).click();
    const success = page.locator(tid('alert-success'));
    await success.waitFor();
    expect(await success.innerText()).toContain('Настройка пользователя было удачно обновлена');

    // the values were stored: a reload shows them
    await page.reload();
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement | null)?.value === 'Пользователь Самостоятельный', tid('settings-name'));
    expect(await page.locator(tid('settings-mobile')).inputValue()).toBe('+996 555 123 456');
  });
});
