// The WHO quarterly forms in a real browser: an area's 'Формы ВОЗ' tab for 2025 Q1 shows
// TB 07 with the numbers of a hand-built register, the forms export as one XLSX workbook, a number
// opens its cases, the excluded case is listed with its reason and a link, and the print preview is
// one A4 page per form.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ruleViolations, seriousViolations } from '../helpers/axe.ts';
import { screenshot } from '../helpers/browser.ts';
import { unitNamed } from '../helpers/cases.ts';
import { writeWhoCases } from '../helpers/who-cases.ts';
import { kysely } from '../../server/db/kysely.ts';
import { signIn, tid, UI_TIMEOUT, useEnv } from './support.ts';

const ctx = useEnv();
let page: Page;
let areaId: string;
let ids: Record<string, string>;
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });

beforeAll(async () => {
  const { server } = ctx.env;
  const admin = await server.login();
  const unit = await unitNamed(admin, 'Бишкекский городской');
  areaId = (await kysely(server.ctx.orm.em.fork()).selectFrom('unit').select('address_admin_unit_id').where('id', '=', unit).executeTakeFirstOrThrow()).address_admin_unit_id as string;
  const ws = (await admin.post('/api/sys/session')).body.workspaceId;
  ids = await writeWhoCases(server, ws, [
    { key: 'W-1', unit, registered: '2025-01-15' }, // new, pulmonary, bacteriologically confirmed
    { key: 'W-2', unit, registered: '2025-03-31', sex: 'FEMALE' }, // the same, on the quarter's last day
    { key: 'W-3', unit, registered: '2025-02-01', group: 'RELAPSE', site: 'EXTRAPULMONARY' },
    { key: 'W-4', unit, registered: '2025-02-02', site: null, basis: null }, // no site: excluded
  ]);
  page = await ctx.env.newPage();
  await signIn(page, 'ADMIN', 'Admin123');
});

describe('WHO forms of an area', () => {
  it('shows TB 07 of the quarter and drills a number through to its cases', async () => {
    await page.goto(`/sys/adminunit/who?id=${areaId}&year=2025&quarter=1`);
    const tb07 = page.locator(`${tid('who-form')}[data-form="tb07"]`);
    await poll(() => tb07.locator(tid('who-form-title')).innerText()).toBe('ТБ 07. Отчёт о регистрации случаев туберкулёза за квартал');
    expect(await tb07.locator(tid('who-form-period')).innerText()).toContain('01.01.2025 – 31.03.2025');
    const cell = (table: string, row: string, column: string) => tb07.locator(`[data-table="${table}"] tr[data-row="${row}"] td[data-column="${column}"]`);
    expect(await cell('byGroup', 'new', 'pulmonaryBc').innerText()).toBe('2');
    expect(await cell('byGroup', 'relapse', 'extrapulmonary').innerText()).toBe('1');
    expect(await cell('byGroup', 'total', 'total').innerText()).toBe('3');
    // block 2 as on paper: the age bands across the columns, the sexes down the rows; W-4 (no site) counted by age and sex
    expect(await tb07.locator('[data-table="ageSex"] thead th').allInnerTexts()).toEqual(['0–4', '5–9', '10–14', '15–19', '20–24', '25–34', '35–44', '45–54', '55–64', '65+', 'Всего']);
    expect(await cell('ageSex', 'female', 'total').innerText()).toBe('1');
    expect(await cell('ageSex', 'male', 'age45').innerText()).toBe('3');
    // the case without a site of disease, with its reason and a link to it
    const excluded = tb07.locator(tid('who-excluded-row'));
    expect(await excluded.count()).toBe(1);
    expect(await excluded.getAttribute('data-id')).toBe(ids['W-4']);
    expect(await excluded.locator(tid('who-excluded-reason')).innerText()).toBe('Не указана локализация (лёгочный / внелёгочный)');
    expect(await excluded.locator(tid('who-excluded-where')).innerText()).toBe('Раздел 1. Все случаи ТБ, зарегистрированные за квартал');
    expect(await excluded.locator(tid('who-excluded-link')).getAttribute('href')).toBe(`/sys/case?id=${ids['W-4']}`);
    await screenshot(page, 'who-forms');
    expect(await seriousViolations(page)).toEqual([]);
    // No table header without text, no heading level skipped (rules axe rates minor and moderate)
    expect(await ruleViolations(page, ['empty-table-header', 'heading-order'])).toEqual([]);

    // the quarter's forms as one workbook: TB 07's first table on the first sheet
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator(tid('who-xlsx')).click()]);
    expect(file.suggestedFilename()).toBe('who-forms-2025-Q1.xlsx');
    const wb = new ExcelJS.Workbook();
    const bytes = await readFile((await file.path())!);
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    // what it counts first: the place, the period, the filters, the WHO definitions, when it was made
    const first = wb.worksheets[0];
    expect([2, 3, 4, 5].map((r) => first.getRow(r).values)).toEqual([
      [undefined, 'Место', 'Ленинский район'],
      [undefined, 'Период', '1 квартал 2025 г.; случаи: 01.01.2025 – 31.03.2025'],
      [undefined, 'Фильтры', 'Нет'],
      [undefined, 'Определения ВОЗ', 'ВОЗ, обновление 2021 г.'],
    ]);
    expect(String(first.getRow(6).values)).toMatch(/^,Создано,\d\d\.\d\d\.\d{4} \d{1,2}:\d\d$/);
    expect(first.getRow(9).values).toEqual([undefined, 'Новые случаи', 2, 0, 0, 2]);
    // TB 07's four tables, one for each other form, then the cases left out; no sheet name cut mid-word
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'ТБ 07. Раздел 1. Все случаи ТБ', 'ТБ 07. Раздел 2. Новые случаи', 'ТБ 07. Раздел 3. ТБ_ВИЧ среди', 'ТБ 07. Раздел 4. Лабораторная',
      'ТБ 08. Результаты лечения', 'ТБ 07-МЛУ. Выявлено за квартал', 'ТБ 07-МЛУ (лечение). Начато', 'ТБ 08-МЛУ (6 мес.). Результаты', 'ТБ 08-МЛУ. Результаты лечения', 'Не учтённые случаи',
    ]);
    const left = wb.worksheets[9];
    expect(left.getRow(9).values).toEqual([undefined, 'ТБ 07', 'W-4', 'ВОЗ W-4', 'Бишкекский городской противотуберкулёзный диспансер', '02.02.2025', 'Не указана локализация (лёгочный / внелёгочный)', 'Раздел 1. Все случаи ТБ, зарегистрированные за квартал']);

    await cell('byGroup', 'new', 'pulmonaryBc').locator('a').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator(tid('who-cell-cases')) });
    await poll(() => dialog.locator(tid('case-row-link')).count()).toBe(2);
    expect(await dialog.locator('.ant-modal-title').innerText()).toBe('ТБ 07: Новые случаи — Лёгочный, бактериологически подтверждённый');
    await dialog.locator(tid('case-row-link')).first().click();
    await page.waitForURL(/\/sys\/case\?id=/);
    expect([ids['W-1'], ids['W-2']]).toContain(new URL(page.url()).searchParams.get('id'));
  });

  it('prints one A4 page per form', async () => {
    await page.goto(`/sys/adminunit/who?id=${areaId}&year=2025&quarter=1`);
    const forms = page.locator(tid('who-form'));
    await poll(() => forms.count()).toBe(6);
    const count = await forms.count();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator(tid('toolbar')).isVisible()).toBe(false);
    expect(await page.locator(tid('who-print')).isVisible()).toBe(false);
    expect(await page.locator(tid('adminunit-tabs')).isVisible()).toBe(false);
    const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const pages = [...pdf.matchAll(/\/Type\s*\/Page[^s]/g)].length;
    expect(pages).toBe(count);
    // A4 is 210 × 297 mm = 595 × 842 points
    for (const [w, h] of boxes) {
      expect(Math.abs(w - 595.3)).toBeLessThan(2);
      expect(Math.abs(h - 841.9)).toBeLessThan(2);
    }
    // each form ends with the signature block of the paper form, and no printed text is under 8 pt (10.67 px)
    const tb07 = page.locator(`${tid('who-form')}[data-form="tb07"]`);
    expect(await tb07.locator(tid('who-signature')).innerText()).toMatch(/Ответственный \(Ф\. И\. О\.\)\s*Дата\s*Подпись/);
    const smallest = await page.evaluate(() => {
      let min = Infinity;
      for (const el of document.querySelectorAll('.who-form *')) {
        const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
        if (!own || !(el as HTMLElement).offsetParent) continue;
        min = Math.min(min, parseFloat(getComputedStyle(el).fontSize));
      }
      return min;
    });
    expect(smallest).toBeGreaterThanOrEqual((8 * 96) / 72 - 0.01);
    await page.emulateMedia({ media: 'screen' });
  });
});
