// Catalogue forms of the administrator in a real browser: a
// regimen's table of medicine rows (at least one), a profile's permission tree with 'Может
// изменять?' only on changeable nodes, and a user blocked, unblocked and sent a new password.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { card, closeEnv, pick, selected, selectOf, signInAt, startEnv, tid, type BrowserEnv, UI_TIMEOUT } from './support.ts';

let env: BrowserEnv;
let admin: ApiClient;

beforeAll(async () => {
  env = await startEnv();
  admin = await env.server.login();
});

afterAll(async () => {
  await closeEnv(env);
});
/** Expands a card and opens its edit form. */
async function openEdit(page: Page, title: string): Promise<Locator> {
  const item = card(page, title);
  await item.click();
  await item.locator(tid('catalogue-edit')).click();
  const dialog = page.locator(tid('form-dialog'));
  await dialog.locator(tid('schema-form')).waitFor();
  return dialog;
}

describe('catalogue forms of the administrator', () => {
  it('a regimen keeps its table of medicine rows: add two, reopen, remove one, and never none', async () => {
    const page = await env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', '/sys/admin/tables/regimens');
    await card(page, '2HRZE/4HR').waitFor();

    await page.locator(tid('catalogue-add')).click();
    const dialog = page.locator(tid('form-dialog'));
    await dialog.waitFor();
    await dialog.getByLabel('Наименование', { exact: true }).fill('2HE/4H (проверка)');
    await pick(page, selectOf(dialog, 'root_classification'), 'ТБ');
    // a new regimen starts with one row (at least one is required)
    expect(await dialog.locator('[id^="root_medicines_"][id$="__remove"]').count()).toBe(1);
    const fillRow = async (i: number, medicine: string, dose: number, iniDay: number, days: number) => {
      await pick(page, dialog.locator(tid(`ref-root_medicines_${i}_medicineId`)), medicine, true);
      await dialog.locator(`#root_medicines_${i}_defaultDoseUnit`).fill(String(dose));
      await dialog.locator(`#root_medicines_${i}_iniDay`).fill(String(iniDay));
      await dialog.locator(`#root_medicines_${i}_days`).fill(String(days));
    };
    await fillRow(0, 'Изониазид + Рифампицин, таблетки 75/150 мг', 3, 0, 60);
    await dialog.locator('#root_medicines__add').click();
    await dialog.locator('#root_medicines_1_days').waitFor();
    await fillRow(1, 'Этамбутол, таблетки 400 мг', 2, 0, 60);
    await pick(page, selectOf(dialog, 'root_medicines_1_defaultFrequency'), '5/7');
    await dialog.locator(tid('form-save')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно создано' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card(page, '2HE/4H (проверка)').waitFor();

    // reopened: both rows as entered
    let form = await openEdit(page, '2HE/4H (проверка)');
    await form.locator('#root_medicines_1_days').waitFor();
    expect(await form.locator('[id^="root_medicines_"][id$="__remove"]').count()).toBe(2);
    await expect.poll(() => selected(form.locator(tid('ref-root_medicines_0_medicineId'))), { timeout: UI_TIMEOUT }).toBe('Изониазид + Рифампицин, таблетки 75/150 мг');
    await expect.poll(() => selected(form.locator(tid('ref-root_medicines_1_medicineId'))), { timeout: UI_TIMEOUT }).toBe('Этамбутол, таблетки 400 мг');
    expect(await form.locator('#root_medicines_0_defaultDoseUnit').inputValue()).toBe('3');
    expect(await form.locator('#root_medicines_1_defaultDoseUnit').inputValue()).toBe('2');
    expect(await selected(selectOf(form, 'root_medicines_0_defaultFrequency'))).toBe('7/7');
    expect(await selected(selectOf(form, 'root_medicines_1_defaultFrequency'))).toBe('5/7');
    expect(await form.locator('#root_medicines_1_days').inputValue()).toBe('60');

    // remove the first row and save: the other one is left
    await form.locator('#root_medicines_0__remove').click();
    await form.locator('#root_medicines_1_days').waitFor({ state: 'detached' });
    await expect.poll(() => selected(form.locator(tid('ref-root_medicines_0_medicineId'))), { timeout: UI_TIMEOUT }).toBe('Этамбутол, таблетки 400 мг');
    await form.locator(tid('form-save')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно обновлено' }).waitFor();
    await form.waitFor({ state: 'detached' });
    const id = await card(page, '2HE/4H (проверка)').getAttribute('data-id');
    const stored = (await admin.get(`/api/tbl/regimen/${id}`)).body;
    expect(stored.medicines).toMatchObject([{ defaultDoseUnit: 2, defaultFrequency: 5, iniDay: 0, days: 60 }]);

    // removing the last row: the rule 'at least one row' stops the save
    form = await openEdit(page, '2HE/4H (проверка)');
    await form.locator('#root_medicines_0_days').waitFor();
    expect(await form.locator('[id^="root_medicines_"][id$="__remove"]').count()).toBe(1);
    await form.locator('#root_medicines_0__remove').click();
    await form.locator('#root_medicines_0_days').waitFor({ state: 'detached' });
    await form.locator(tid('form-save')).click();
    // the error sits under the table's own field, in Russian; the dialog stays, nothing is sent
    const error = form.locator('.ant-form-item').filter({ has: page.locator('#root_medicines') }).locator('.ant-form-item-explain-error');
    await error.first().waitFor();
    expect(await error.allInnerTexts()).toEqual(['Препараты схемы: должно иметь не менее, чем 1 элемент']);
    expect(await form.locator(tid('schema-form')).count()).toBe(1);
    await form.locator(tid('form-cancel')).click();
    await form.waitFor({ state: 'detached' });
    expect((await admin.get(`/api/tbl/regimen/${id}`)).body.medicines).toHaveLength(1);
  });

  it("a profile's permission tree: a ticked node is saved, 'Может изменять?' only on changeable nodes", async () => {
    const created = await admin.post('/api/tbl/userprofile', { name: 'Проверка прав', permissions: [] });
    expect(created.status).toBe(200);
    const page = await env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', '/sys/admin/tables/groups');
    let form = await openEdit(page, 'Проверка прав');
    const tree = form.locator(tid('perm-tree'));
    await tree.locator(tid('perm-SOURCES')).waitFor();
    const row = (id: string) => tree.locator('.ant-tree-treenode').filter({ has: page.locator(tid(`perm-${id}`)) });
    const box = (id: string) => row(id).locator('.ant-tree-checkbox');
      /** The 'Может изменять?' checkbox (antd puts the test id on its input). */
    const canChange = (id: string) => tree.locator(tid(`perm-canchange-${id}`));
    const isChecked = async (id: string) => (await box(id).getAttribute('class'))!.includes('ant-tree-checkbox-checked');
    expect(await tree.locator('.ant-tree-checkbox-checked').count()).toBe(0);
    expect(await canChange('SOURCES').count()).toBe(0); // offered once the node is ticked

    // a changeable catalogue node offers 'Может изменять?'; a case node and the parents do not
    await box('SOURCES').click();
    await canChange('SOURCES').waitFor();
    expect(await tree.locator('label').filter({ has: page.locator(tid('perm-canchange-SOURCES')) }).innerText()).toBe('Может изменять?');
    expect(await canChange('SOURCES').isChecked()).toBe(false);
    await box('CASE_TREAT').click();
    await expect.poll(() => isChecked('CASE_TREAT'), { timeout: UI_TIMEOUT }).toBe(true);
    expect(await canChange('CASE_TREAT').count()).toBe(0);
    expect(await box('ADMIN').getAttribute('class')).toContain('ant-tree-checkbox-indeterminate');
    expect(await canChange('ADMIN').count()).toBe(0);
    expect(await canChange('TABLES').count()).toBe(0);
    // only the ticked nodes: UNITS, changeable too, is not offered
    expect(await canChange('UNITS').count()).toBe(0);
    expect(await tree.locator('[data-testid^="perm-canchange-"]').count()).toBe(1);
    await canChange('SOURCES').check();
    await form.locator(tid('form-save')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно обновлено' }).waitFor();
    await form.waitFor({ state: 'detached' });

    const stored = (await admin.get(`/api/tbl/userprofile/${created.body.result}`)).body.permissions as { permission: string; canChange: boolean }[];
    expect(stored.find((p) => p.permission === 'SOURCES')).toMatchObject({ canChange: true });
    expect(stored.find((p) => p.permission === 'CASE_TREAT')).toMatchObject({ canChange: false });
    expect(stored.find((p) => p.permission === 'UNITS')).toBeUndefined();

    // reopened: the same ticks
    form = await openEdit(page, 'Проверка прав');
    await tree.locator(tid('perm-SOURCES')).waitFor();
    expect(await isChecked('SOURCES')).toBe(true);
    expect(await isChecked('CASE_TREAT')).toBe(true);
    expect(await isChecked('UNITS')).toBe(false);
    expect(await canChange('SOURCES').isChecked()).toBe(true);
    expect(await canChange('CASE_TREAT').count()).toBe(0);
    await form.locator(tid('form-cancel')).click();
    await form.waitFor({ state: 'detached' });
  });

  it('a user is blocked and unblocked (the Blocked badge follows), and is sent a new password by e-mail', async () => {
    await createUser(env.server, admin, 'BLOCKME', [{ permission: 'CASEMAN', canChange: false }], 'Block123');
    const userId = (await admin.post('/api/tbl/userws/query', { login: 'BLOCKME' })).body.list[0].id;
    expect((await admin.post(`/api/tbl/userws/${userId}`, { name: 'Бекова Бермет' })).status).toBe(200);

    const page = await env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', '/sys/admin/tables/users');
    const item = card(page, 'Бекова Бермет');
    await item.waitFor();
    const blocked = item.locator('.ant-tag', { hasText: 'Заблокирован' });
    expect(await blocked.count()).toBe(0);

    const openMenu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    /** Picks an action of the card's extra menu (and waits for the menu to close). */
    const action = async (name: string) => {
      if (!(await item.locator(tid('user-actions')).isVisible())) await item.click();
      await item.locator(tid('user-actions')).click();
      await openMenu.locator(tid(`user-action-${name}`)).click();
      await openMenu.waitFor({ state: 'detached' });
    };

    await item.click();
    await action('block');
    await blocked.waitFor();
    expect((await admin.get(`/api/tbl/userws/${userId}`)).body.active).toBe(false);
    await expect(env.server.login('BLOCKME', 'Block123')).rejects.toThrow();

    await action('unblock');
    await blocked.waitFor({ state: 'detached' });
    expect((await admin.get(`/api/tbl/userws/${userId}`)).body.active).toBe(true);
    await env.server.login('BLOCKME', 'Block123');

    // a new password: the success text names the user, the mail goes to their address
    const outbox = env.server.ctx.config.outboxDir;
    const before = new Set(await readdir(outbox).catch(() => [] as string[]));
    const newFilesNow = async () => (await readdir(outbox).catch(() => [] as string[])).filter((f) => !before.has(f));
    await action('resetpwd');
    // asked first: the old password stops working
    const question = page.locator(tid('confirm-dialog'));
    await question.waitFor();
    expect(await question.innerText()).toContain('Выслать новый пароль пользователю Бекова Бермет? Прежний пароль перестанет действовать.');
    expect(await newFilesNow()).toEqual([]);
    await page.locator(tid('confirm-yes')).click();
    const success = page.locator(tid('alert-success')).filter({ hasText: 'Новый пароль эл.почты был удачно послан (кому) Бекова Бермет' });
    await success.waitFor();
    const newFiles = async () => (await readdir(outbox).catch(() => [] as string[])).filter((f) => !before.has(f));
    await expect.poll(async () => (await newFiles()).length, { timeout: UI_TIMEOUT }).toBe(1);
    const mail = JSON.parse(await readFile(join(outbox, (await newFiles())[0]), 'utf8'));
    expect(mail.to.map((t: { address: string }) => t.address)).toEqual(['blockme@example.org']);
    const password = /Пароль: (\S+)/.exec(mail.text)?.[1];
    expect(password).toMatch(/^\S{6,}$/);
    // the mailed password is the user's now
    await env.server.login('BLOCKME', password);
    await expect(env.server.login('BLOCKME', 'Block123')).rejects.toThrow();
  });
});
