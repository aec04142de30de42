// Table fields drawn by the generic renderer: a regimen's medicines one row a line under
// column headers named by the fields' titles, a labelled 'Добавить' button, rows moved and
// deleted, the row-count rule as the table's own error; and numbers never rewritten: an
// out-of-range or non-integer entry stays as typed and is refused with a message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { screenshot } from '../helpers/browser.ts';
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

async function newRegimen(page: Page) {
  await signInAt(page, 'ADMIN', 'Admin123', '/sys/admin/tables/regimens');
  await card(page, '2HRZE/4HR').waitFor();
  await page.locator(tid('catalogue-add')).click();
  const dialog = page.locator(tid('form-dialog'));
  await dialog.locator(tid('schema-form')).waitFor();
  return dialog;
}

describe('table fields', () => {
  it("a regimen's medicines: column headers, one row a line, 'Добавить', move and delete rows", async () => {
    const page = await env.newPage();
    const dialog = await newRegimen(page);
    const table = dialog.locator(tid('table-root_medicines'));
    // the headers are the row fields' titles, required ones marked
    expect(await table.locator('[role="columnheader"]').allInnerTexts()).toEqual([
      '*Препарат', '*Доза, ед.', '*Кратность приёма в неделю', '*С дня лечения', '*Продолжительность, дней',
    ]);
    const rows = table.locator(tid('table-row'));
    expect(await rows.count()).toBe(1);
    // no per-row title ('Препараты схемы-1') and no per-cell labels drawn: the header names the columns,
    // and a screen reader hears the column's title as each control's label (drawn nowhere, 1 px)
    expect(await table.getByText('Препараты схемы-1').count()).toBe(0);
    expect(await rows.first().locator('label:not(.tb-visually-hidden)').count()).toBe(0);
    expect(await rows.first().locator('label.tb-visually-hidden').allTextContents()).toEqual([
      'Препарат', 'Доза, ед.', 'Кратность приёма в неделю', 'С дня лечения', 'Продолжительность, дней',
    ]);
    expect(await rows.first().getByLabel('Доза, ед.', { exact: true }).getAttribute('id')).toBe('root_medicines_0_defaultDoseUnit');
    expect(await rows.first().locator('label.tb-visually-hidden').first().evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    expect(await table.locator('[role="table"]').getAttribute('aria-labelledby')).toBe('root_medicines__title');
    const add = table.locator(tid('table-add-root_medicines'));
    expect((await add.innerText()).trim()).toBe('Добавить');

    await dialog.getByLabel('Наименование', { exact: true }).fill('Схема из таблицы');
    await pick(page, selectOf(dialog, 'root_classification'), 'ТБ');
    const fill = async (i: number, medicine: string, days: number) => {
      await pick(page, dialog.locator(tid(`ref-root_medicines_${i}_medicineId`)), medicine, true);
      await dialog.locator(`#root_medicines_${i}_defaultDoseUnit`).fill('1');
      await dialog.locator(`#root_medicines_${i}_days`).fill(String(days));
    };
    await fill(0, 'Этамбутол, таблетки 400 мг', 10);
    await add.click();
    await add.click();
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT }).toBe(3);
    // each row is one line: its cells share a top edge with its delete button
    const box = async (sel: string) => (await dialog.locator(sel).boundingBox())!;
    const rowTop = (await box('#root_medicines_1_medicineId')).y;
    expect(Math.abs((await box('#root_medicines_1_days')).y - rowTop)).toBeLessThan(8);
    expect(Math.abs((await box('#root_medicines_1__remove')).y - rowTop)).toBeLessThan(16);
    expect((await box('#root_medicines_2_days')).y).toBeGreaterThan(rowTop + 20);
    await fill(1, 'Изониазид + Рифампицин, таблетки 75/150 мг', 20);
    await fill(2, 'Пиразинамид, таблетки 500 мг', 30);
    await page.mouse.move(0, 0);
    await screenshot(page, 'regimen-editor');

    // the third row moved up, then the first row deleted: Пиразинамид, Изониазид + Рифампицин
    await dialog.locator('#root_medicines_2__moveUp').click();
    await expect.poll(() => dialog.locator('#root_medicines_1_days').inputValue(), { timeout: UI_TIMEOUT }).toBe('30');
    await dialog.locator('#root_medicines_0__remove').click();
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT }).toBe(2);
    // the row's select names its medicine once its options are there (till then it holds the id)
    await expect.poll(() => selected(dialog.locator(tid('ref-root_medicines_0_medicineId'))), { timeout: UI_TIMEOUT }).toBe('Пиразинамид, таблетки 500 мг');
    await dialog.locator(tid('form-save')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно создано' }).waitFor();
    const id = await card(page, 'Схема из таблицы').getAttribute('data-id');
    const stored = (await admin.get(`/api/tbl/regimen/${id}`)).body;
    expect(stored.medicines.map((m: { days: number }) => m.days)).toEqual([30, 20]);
  });

  it('deleting every row leaves a line saying so, and the row-count rule is the table\'s error', async () => {
    const page = await env.newPage();
    const dialog = await newRegimen(page);
    const table = dialog.locator(tid('table-root_medicines'));
    await dialog.locator('#root_medicines_0__remove').click();
    await table.locator(tid('table-empty')).waitFor();
    expect(await table.locator(tid('table-empty')).innerText()).toBe('Строк пока нет: добавьте их кнопкой «Добавить».');
    await dialog.getByLabel('Наименование', { exact: true }).fill('Без строк');
    await pick(page, selectOf(dialog, 'root_classification'), 'ТБ');
    await dialog.locator(tid('form-save')).click();
    const error = dialog.locator('.ant-form-item').filter({ has: page.locator('#root_medicines') }).locator('.ant-form-item-explain-error');
    await error.first().waitFor();
    expect(await error.allInnerTexts()).toEqual(['Препараты схемы: должно иметь не менее, чем 1 элемент']);
  });
});

describe('numbers are kept as typed', () => {
  it('a dose of 15 and −3 days stay and are refused with their messages; nothing is saved', async () => {
    const page = await env.newPage();
    const dialog = await newRegimen(page);
    await dialog.getByLabel('Наименование', { exact: true }).fill('Слишком большая доза');
    await pick(page, selectOf(dialog, 'root_classification'), 'ТБ');
    await pick(page, dialog.locator(tid('ref-root_medicines_0_medicineId')), 'Этамбутол, таблетки 400 мг', true);
    const dose = dialog.locator('#root_medicines_0_defaultDoseUnit');
    const days = dialog.locator('#root_medicines_0_days');
    await dose.fill('15');
    await days.fill('-3');
    await dialog.getByLabel('Наименование', { exact: true }).click(); // leave the fields
    expect(await dose.inputValue()).toBe('15');
    expect(await days.inputValue()).toBe('-3');
    await dialog.locator(tid('form-save')).click();
    const cellError = (field: string) =>
      dialog.locator(`[role="cell"][data-column="${field}"]`).first().locator('.ant-form-item-explain-error');
    await cellError('defaultDoseUnit').first().waitFor();
    expect(await cellError('defaultDoseUnit').allInnerTexts()).toEqual(['Доза, ед.: должно быть <= 10']);
    expect(await cellError('days').allInnerTexts()).toEqual(['Продолжительность, дней: должно быть >= 1']);
    expect(await dose.inputValue()).toBe('15');
    expect(await days.inputValue()).toBe('-3');
    expect((await admin.post('/api/tbl/regimen/query', {})).body.list.some((r: { name: string }) => r.name === 'Слишком большая доза')).toBe(false);
  });

  it('an age of 1.5 stays 1.5 and is refused as not an integer', async () => {
    const page = await env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', '/sys/admin/tables/ageranges');
    await page.locator(tid('catalogue-add')).click();
    const form = page.locator(tid('catalogue-form'));
    await form.locator(tid('schema-form')).waitFor();
    await form.locator('#root_iniAge').fill('1.5');
    await form.locator('#root_endAge').fill('4');
    await form.locator('#root_endAge').blur();
    expect(await form.locator('#root_iniAge').inputValue()).toBe('1.5');
    await form.locator(tid('form-save')).click();
    const error = form.locator('.ant-form-item').filter({ has: page.locator('#root_iniAge') }).locator('.ant-form-item-explain-error');
    await error.first().waitFor();
    expect((await error.allInnerTexts())[0]).toMatch(/: должно быть целым числом$/);
    expect(await form.locator('#root_iniAge').inputValue()).toBe('1.5');
  });
});
