// A follow-up exam type added as one schema file, with no code, in a real browser: on a
// copy of the schemas with `examsputum.json` (tests/helpers/sputum-schema.ts), the case's follow-up
// tab offers it in its add menu by the file's own label, its dialog is the file's form labelled from
// the file (the conditional 'Объём, мл' appears only for ENOUGH and is required then), the saved exam
// is a card by those labels; in English the dialog speaks English; and the side menu shows the
// summary declared by the new exam's variable with its count.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { startServerWithSputum } from '../helpers/sputum-schema.ts';
import { openAs, openInApp, pageSettled, pick, selectOf, signIn, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });
const ctx = useEnv({ server: () => startServerWithSputum('sputum-browser') });
let caseId: string;
let unitId: string;

beforeAll(async () => {
  const admin = await ctx.env.server.login();
  unitId = await unitNamed(admin, 'Бишкекский городской');
  const p = await newPatient(admin, { name: 'Марат', lastName: 'Мокротин', gender: 'MALE', birthDate: '1977-07-07' });
  caseId = await createCase(admin, p, unitId, { registrationDate: '2025-01-10' });
}, 240_000);

describe('a new follow-up exam type, one schema file', () => {
  let page: Page;
  const dialog = () => page.locator(tid('remote-form-dialog'));
  const title = () => page.locator('.ant-modal').filter({ has: dialog() }).locator('.ant-modal-title');
  const openDialog = async () => {
    await openInApp(page, `/sys/case?id=${caseId}&tab=followups`);
    await pageSettled(page);
    await page.locator(tid('followup-add')).click();
    await page.locator(tid('followup-add-examsputum')).click();
    await dialog().locator('#root_date').waitFor();
  };

  it('is in the add menu, its dialog labelled from the file, its condition kept, and saved as a card', async () => {
    page = await openAs(ctx.env, 'ADMIN', 'Admin123', `/sys/case?id=${caseId}&tab=followups`);
    await page.locator(tid('followup-add')).click();
    expect(await page.locator(tid('followup-add-examsputum')).innerText()).toBe('Объём мокроты');
    await page.locator(tid('followup-add-examsputum')).click();
    await dialog().locator('#root_date').waitFor();
    expect(await title().innerText()).toBe('Объём мокроты');
    const text = await dialog().innerText();
    expect(text).toContain('Объём');
    // the condition: no millilitres until ENOUGH is chosen
    expect(await dialog().locator('#root_millilitres').count()).toBe(0);
    const date = dialog().locator('#root_date');
    await date.click();
    await date.fill('2025-01-20');
    await title().click();
    await pick(page, selectOf(dialog(), 'root_volume'), 'Достаточно');
    await dialog().locator('#root_millilitres').waitFor();
    expect(await dialog().innerText()).toContain('Объём, мл');
    // required while shown
    await dialog().locator(tid('form-save')).click();
    await poll(() => dialog().innerText()).toContain('Обязательное поле');
    await dialog().locator('#root_millilitres').fill('5');
    await dialog().locator(tid('form-save')).click();
    await dialog().waitFor({ state: 'detached' });
    const card = page.locator(`${tid('followup-card')}[data-type="EXAM_SPUTUM"]`);
    expect(await card.locator(tid('followup-name')).innerText()).toBe('Объём мокроты');
    const shown = await card.innerText();
    expect(shown).toContain('Достаточно');
    expect(shown).toContain('Объём, мл');
  });

  it('speaks English in English', async () => {
    const en = await ctx.env.newPage();
    await en.goto('/login');
    await en.evaluate(() => localStorage.setItem('tb.language', 'en'));
    page = en;
    await signIn(page, 'ADMIN', 'Admin123');
    await openDialog();
    expect(await title().innerText()).toBe('Sputum volume');
    await pick(page, selectOf(dialog(), 'root_volume'), 'Enough');
    await dialog().locator('#root_millilitres').waitFor();
    const text = await dialog().innerText();
    expect(text).toContain('Volume, ml');
    expect(text).not.toContain('examsputum.');
  });

  it('the summary declared by its variable is in the side menu with its count and list', async () => {
    const admin = await ctx.env.server.login();
    expect((await admin.post('/api/tbl/examsputum', { caseId, date: '2025-01-25', volume: 'LOW' })).status).toBe(200);
    // the Russian page of the first test, the unit's cases opened in place (its summaries counted as it opens)
    page = await openAs(ctx.env, 'ADMIN', 'Admin123', `/sys/unit/cases?id=${unitId}`);
    const item = page.locator(`${tid('summary-item')}[data-id="lowsputum"]`);
    expect(await item.locator(tid('summary-name')).innerText()).toBe('Мало мокроты');
    expect(await item.locator(tid('summary-count')).innerText()).toBe('1');
    await item.click();
    await page.waitForURL(/cases\/summary\?/);
    await poll(() => page.locator(`${tid('summary-cases')} ${tid('case-row')}`).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')))).toEqual([caseId]);
  });
});
