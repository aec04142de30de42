// Importing a register on the import screen in a real browser: the home page leads to it,
// a Windows-1251 CSV is chosen, its columns come mapped by their headers, the values the server did
// not recognise ('ж') and the values no column gives (diagnosis type, classification) are chosen,
// the check says what would be imported and lists the row with an impossible date beside its
// message, nothing written; the import writes the good row only, offers the error report, and a
// reload comes back to the finished import.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { kysely } from '../../server/db/kysely.ts';
import { csvOf } from '../helpers/import-files.ts';
import { pick, signIn, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT * 4 });

describe('the import screen', () => {
  const ctx = useEnv();
  let page: Page;
  const people = async (lastName: string) =>
    Number((await kysely(ctx.env.server.ctx.orm.em.fork()).selectFrom('patient as p').innerJoin('tbcase as c', 'c.patient_id', 'p.id').select((eb) => eb.fn.countAll().as('n')).where('p.last_name', '=', lastName).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    page = await ctx.env.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
  });

  it('uploads, maps, checks and imports a register, the row with a wrong date left out with why', async () => {
    await page.locator(tid('home-link-import')).click();
    const screen = page.locator(tid('import-page'));
    await poll(() => screen.getAttribute('data-state')).toBe('NONE');
    // a template per notification form, to fill and upload
    await poll(() => page.locator(`${tid('import-template')}[data-form="newnotif_tb"]`).getAttribute('href')).toBe('/api/import/template/newnotif_tb');

    const file = csvOf(
      [
        ['Фамилия', 'Имя', 'Пол', 'Дата рождения', 'Дата регистрации', 'Дата диагноза', 'Группа регистрации', 'Учреждение, ведущее случай'],
        ['Браузерова', 'Алия', 'ж', '02.02.1990', '01.03.2024', '28.02.2024', 'Новый случай', 'BGPTD'],
        ['Браузеров', 'Тимур', 'Мужской', '03.03.1985', '31.02.2024', '28.02.2024', 'Новый случай', 'BGPTD'],
      ],
      'windows-1251',
    );
    await page.locator(tid('import-file')).setInputFiles({ name: 'registr.csv', mimeType: 'text/csv', buffer: file });
    await poll(() => screen.getAttribute('data-state')).toBe('READY');
    await page.waitForURL(/\/sys\/import\?job=[0-9a-f-]{36}$/);

    // the headers named like fields come mapped; what no column gives is asked
    const column = (header: string) => page.locator(`${tid('import-column')}[data-column="${header}"] .ant-select-content`);
    expect(await column('Фамилия').getAttribute('title')).toContain('Фамилия');
    expect(await column('Учреждение, ведущее случай').getAttribute('title')).toContain('Учреждение, ведущее случай');
    const fixed = (field: string) => page.locator(`${tid('import-fixed-row')}[data-field="${field}"] .ant-select`);
    await pick(page, fixed('tbcase.diagnosisType'), 'Подтверждённый');
    await pick(page, fixed('tbcase.classification'), 'ТБ');
    // 'ж' is no code or label of the sex: the user says what it means
    const value = page.locator(`${tid('import-value')}[data-field="patient.gender"][data-text="ж"]`);
    await value.waitFor({ timeout: UI_TIMEOUT });
    await pick(page, value.locator('.ant-select'), 'Женский');

    await page.locator(tid('import-check')).click();
    await poll(() => screen.getAttribute('data-state')).toBe('CHECKED');
    const counts = page.locator(tid('import-counts'));
    expect([await counts.getAttribute('data-imported'), await counts.getAttribute('data-errors'), await counts.getAttribute('data-skipped')]).toEqual(['1', '1', '0']);
    const bad = page.locator(`${tid('import-row')}[data-row="3"]`);
    await poll(() => bad.locator(tid('import-row-message')).innerText()).toBe('Дата регистрации: Нет такой даты: 31.02.2024');
    expect(await bad.getAttribute('data-status')).toBe('ERROR');
    expect([await people('Браузерова'), await people('Браузеров')]).toEqual([0, 0]);

    await page.locator(tid('import-run')).click();
    await poll(() => screen.getAttribute('data-state')).toBe('DONE');
    expect(await counts.getAttribute('data-imported')).toBe('1');
    expect([await people('Браузерова'), await people('Браузеров')]).toEqual([1, 0]);
    expect(await page.locator(tid('import-report')).getAttribute('href')).toMatch(/^\/api\/import\/[0-9a-f-]{36}\/report$/);

    // the address keeps the import: a reload shows it as it ended
    await page.reload();
    await poll(() => screen.getAttribute('data-state')).toBe('DONE');
    await poll(() => page.locator(`${tid('import-row')}[data-row="3"]`).getAttribute('data-status')).toBe('ERROR');
  });

  it('saves a mapping under a name and starts the next file of that layout from it', async () => {
    const screen = page.locator(tid('import-page'));
    const file = (lastName: string) => csvOf([['Фамилия', 'Имя', 'Пол', 'Дата рождения', 'Дата регистрации', 'Дата диагноза', 'Группа регистрации', 'Учреждение, ведущее случай'], [lastName, 'Алия', 'ж', '02.02.1991', '01.03.2024', '28.02.2024', 'Новый случай', 'BGPTD']], 'windows-1251');
    const fixed = (field: string) => page.locator(`${tid('import-fixed-row')}[data-field="${field}"] .ant-select`);
    await page.locator(tid('import-new')).click();
    await page.locator(tid('import-file')).setInputFiles({ name: 'month.csv', mimeType: 'text/csv', buffer: file('Сохранова') });
    await poll(() => screen.getAttribute('data-state')).toBe('READY');
    await pick(page, fixed('tbcase.diagnosisType'), 'Подтверждённый');
    await pick(page, fixed('tbcase.classification'), 'ТБ');
    const value = page.locator(`${tid('import-value')}[data-field="patient.gender"][data-text="ж"]`);
    await value.waitFor({ timeout: UI_TIMEOUT });
    await pick(page, value.locator('.ant-select'), 'Женский');
    await page.locator(`${tid('import-save-as')}`).fill('Регистр района');
    await page.locator(tid('import-check')).click();
    await poll(() => screen.getAttribute('data-state')).toBe('CHECKED');

    // the next month: the saved mapping chosen before the file, its fixed values and matches already there
    await page.locator(tid('import-new')).click();
    await pick(page, page.locator('.ant-select').filter({ has: page.locator('#import-saved-mapping') }), 'Регистр района');
    await page.locator(tid('import-file')).setInputFiles({ name: 'month.csv', mimeType: 'text/csv', buffer: file('Повторова') });
    await poll(() => screen.getAttribute('data-state')).toBe('READY');
    await poll(async () => (await fixed('tbcase.diagnosisType').locator('.ant-select-content').getAttribute('title')) ?? '').toBe('Подтверждённый');
    await page.locator(tid('import-check')).click();
    await poll(() => screen.getAttribute('data-state')).toBe('CHECKED');
    expect(await page.locator(tid('import-counts')).getAttribute('data-imported')).toBe('1');
  });
});
