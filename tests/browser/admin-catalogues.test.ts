// Catalogue forms of the administrator in a real browser (spec 000 §2.9, §3.1, §4, §5, §6, §8): a
// regimen's table of medicine rows (at least one), a profile's permission tree with 'Может
// изменять?' only on changeable nodes, and a user blocked, unblocked and sent a new password.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { closeEnv, loginThroughUi, startEnv, tid, UI_TIMEOUT, type BrowserEnv } from './support.ts';

let env: BrowserEnv;
let admin: ApiClient;

beforeAll(async () => {
  env = await startEnv();
  admin = await env.server.login();
});

afterAll(async () => {
  await closeEnv(env);
});

const card = (page: Page, title: string) =>
  page.locator(tid('catalogue-item')).filter({ has: page.locator(tid('catalogue-item-title')).getByText(title, { exact: true }) });

/** The open select dropdown (antd keeps closed ones in the DOM, hidden). */
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/**
 * Chooses `label` in an antd select; with `search`, types the start of it first (long lists are
 * virtual: only the options in view are drawn). Waits for the dropdown to close.
 */
async function pick(page: Page, select: Locator, label: string, search = false): Promise<void> {
  await select.click();
  if (search) await page.keyboard.type(label.slice(0, 10));
  await openDropdown(page).locator(`.ant-select-item-option[title="${label}"]`).click();
  await openDropdown(page).waitFor({ state: 'detached' });
}

/** The select around the input with this id (rjsf gives the input the field's id). */
const selectOf = (scope: Locator, id: string) => scope.locator('.ant-select').filter({ has: scope.page().locator(`#${id}`) });
const selected = async (select: Locator) => (await select.locator('.ant-select-selection-item').innerText()).trim();

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
    await loginThroughUi(page, 'ADMIN', 'Admin123');
    await page.goto('/sys/admin/tables/regimens');
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
    await page.waitForTimeout(1000); console.log(await form.locator(tid('ref-root_medicines_0_medicineId')).evaluate((e) => e.outerHTML));
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
    const error = form.locator('.ant-form-item-explain-error');
    await error.first().waitFor();
    console.log(await form.innerText());
    expect(await error.allInnerTexts()).toContain('должно иметь не менее 1 элементов');
    expect(await form.count()).toBe(1);
    expect(await page.locator(tid('alert-success')).filter({ hasText: 'Успешно обновлено' }).count()).toBeLessThanOrEqual(1);
    await form.locator(tid('form-cancel')).click();
    await form.waitFor({ state: 'detached' });
    expect((await admin.get(`/api/tbl/regimen/${id}`)).body.medicines).toHaveLength(1);
  });
});
