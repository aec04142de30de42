// A modal form with unsaved input asks before Escape or its close button throw it away;
// an untouched one closes at once, and a click outside never closes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card, closeEnv, onSlowTablet, signInAt, startEnv, tid, type BrowserEnv } from './support.ts';

let env: BrowserEnv;

beforeAll(async () => {
  env = await startEnv();
});

afterAll(async () => {
  await closeEnv(env);
});

describe('unsaved changes', () => {
  it('Escape on a changed form asks; "Нет" keeps the input, "Да" closes; untouched closes at once', async () => {
    const page = await env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', '/sys/admin/tables/regimens');
    await card(page, '2HRZE/4HR').waitFor();
    const dialog = page.locator(tid('form-dialog'));
    const confirm = page.locator(tid('confirm-dialog'));

    // untouched: Escape closes without a question
    await page.locator(tid('catalogue-add')).click();
    await dialog.locator(tid('schema-form')).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await confirm.isVisible()).toBe(false);

    // typed: Escape asks
    await page.locator(tid('catalogue-add')).click();
    const name = dialog.getByLabel('Наименование', { exact: true });
    await name.fill('Не потерять');
    // a click outside the dialog does nothing
    await page.mouse.click(5, 400);
    expect(await dialog.isVisible()).toBe(true);
    await name.focus();
    await page.keyboard.press('Escape');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Закрыть без сохранения? Внесённые изменения будут потеряны.');
    await page.locator(tid('confirm-no')).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await name.inputValue()).toBe('Не потерять');

    // the close button asks too; "Да" closes and nothing is saved
    await page.locator('.ant-modal-close').first().click();
    await confirm.waitFor();
    await page.locator(tid('confirm-yes')).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await card(page, 'Не потерять').count()).toBe(0);
  });

  it('Escape pressed straight after the first keys asks, on a slow tablet too', async () => {
    const page = await env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', '/sys/admin/tables/regimens');
    await card(page, '2HRZE/4HR').waitFor();
    const dialog = page.locator(tid('form-dialog'));
    await page.locator(tid('catalogue-add')).click();
    await dialog.getByLabel('Наименование', { exact: true }).click();
    await onSlowTablet(page, async () => {
      await page.keyboard.type('Не');
      await page.keyboard.press('Escape');
      await page.locator(tid('confirm-dialog')).waitFor();
    });
    await page.locator(tid('confirm-no')).click();
    expect(await dialog.getByLabel('Наименование', { exact: true }).inputValue()).toBe('Не');
  });
});
