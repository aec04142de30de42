// WHO's TB indicators in a real browser: a unit's 'Индикаторы ВОЗ' tab for 2025 lists the
// 51 indicators by process, an indicator the data cannot support says what is missing instead of a
// number, a number opens its cases, an indicator opens its breakdown by sex, and the year exports as
// one XLSX workbook (the indicators, then a sheet per disaggregation; a sheet's name has no '/'); an
// area's TB.IND.9 gives the new episodes per 100,000 once its population for the year is entered.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../helpers/axe.ts';
import { unitNamed } from '../helpers/cases.ts';
import { writeWhoCases } from '../helpers/who-cases.ts';
import { signIn, tid, UI_TIMEOUT, useEnv } from './support.ts';

const ctx = useEnv();
let page: Page;
let unit: string;
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });
const row = (code: string) => page.locator(`[data-testid="dak-row"][data-code="${code}"]`);

beforeAll(async () => {
  const { server } = ctx.env;
  const admin = await server.login();
  unit = await unitNamed(admin, 'Бишкекский городской');
  const ws = (await admin.post('/api/sys/session')).body.workspaceId;
  await writeWhoCases(server, ws, [
    { key: 'I-1', unit, registered: '2025-01-15', sex: 'MALE' }, // new, pulmonary, bacteriologically confirmed, on treatment
    { key: 'I-2', unit, registered: '2025-03-31', sex: 'FEMALE' }, // the same
    { key: 'I-3', unit, registered: '2025-02-01', sex: 'FEMALE', basis: 'CLINICAL', treated: false }, // clinically diagnosed, not treated
  ]);
  page = await ctx.env.newPage();
  await signIn(page, 'ADMIN', 'Admin123');
});

describe('the indicators of a unit', () => {
  it('lists the 51 by process, with what is missing for those the data cannot support', async () => {
    await page.goto(`/sys/unit/indicators?id=${unit}&year=2025`);
    await poll(() => page.locator(tid('dak-row')).count()).toBe(51);
    expect(await row('TB.IND.1').locator(tid('dak-unsupported')).innerText()).toBe('Нет данных: Систематический скрининг на ТБ не регистрируется: нет регистра лиц, подлежащих скринингу, и его результатов');
    expect(await row('TB.IND.1').locator(tid('dak-numerator')).count()).toBe(0);
    // 9: the new episodes I-1, I-2, I-3; a unit has no population
    expect(await row('TB.IND.9').locator(tid('dak-numerator')).innerText()).toBe('3');
    expect(await row('TB.IND.9').locator(tid('dak-rate-missing')).innerText()).toBe('Численность населения ведётся по территориям, не по учреждениям: откройте территорию');
    // 11: the pulmonary new episodes I-1, I-2, I-3; bacteriologically confirmed I-1, I-2
    expect(await row('TB.IND.11').locator(tid('dak-numerator')).innerText()).toBe('2');
    expect(await row('TB.IND.11').locator(tid('dak-denominator')).innerText()).toBe('3');
    expect(await row('TB.IND.11').locator(tid('dak-percent')).innerText()).toBe('66,7 %');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('opens the cases behind a number', async () => {
    // 32: started treatment of those registered: I-1, I-2 of 3
    await row('TB.IND.32').locator(tid('dak-numerator')).click();
    const dialog = page.locator(tid('dak-rows-dialog'));
    await poll(() => dialog.locator('tbody tr').count()).toBe(2);
    expect(await dialog.innerText()).toContain('I-1');
    expect(await dialog.innerText()).not.toContain('I-3');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('breaks an indicator down by sex', async () => {
    await row('TB.IND.8').locator('.ant-table-row-expand-icon').click();
    const breakdown = page.locator('[data-testid="dak-breakdown"][data-code="TB.IND.8"]');
    await poll(() => breakdown.locator('[data-testid="dak-breakdown-row"][data-key="FEMALE"]').innerText()).toContain('2');
    expect(await breakdown.locator('[data-testid="dak-breakdown-row"][data-key="MALE"]').innerText()).toContain('1');
  });

  it('exports the year as one workbook: the indicators, then a sheet per disaggregation', async () => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator(tid('dak-xlsx')).click()]);
    expect(file.suggestedFilename()).toBe('indicators-2025.xlsx');
    const wb = new ExcelJS.Workbook();
    const bytes = await readFile((await file.path())!);
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Индикаторы', 'Пол', 'Возраст', 'До 5 лет _ 5 лет и старше', 'Территория', 'Тип схемы', 'История лечения', 'ВИЧ-статус']);
    const first = wb.worksheets[0];
    const values = (first.getSheetValues() as unknown[]).filter(Array.isArray).map((r) => (r as unknown[]).slice(1));
    expect(values.find((r) => r[0] === 'TB.IND.11')).toEqual(['TB.IND.11', expect.any(String), 2, 3, 66.7, '']);
    expect(String(values.find((r) => r[0] === 'TB.IND.1')?.[5])).toContain('Систематический скрининг');
    expect(values.find((r) => r[0] === 'TB.IND.9')).toEqual(['TB.IND.9', expect.any(String), 3, '', '', 'Численность населения ведётся по территориям, не по учреждениям: откройте территорию']);
  });

  it('gives an area its rate per 100,000 once its population for the year is entered', async () => {
    const admin = await ctx.env.server.login();
    const area = (await admin.post('/api/tbl/adminunit/query', { key: 'г. Бишкек' })).body.list[0].id;
    expect((await admin.post('/api/population/import', { rows: [{ area: 'KG-GB', year: 2025, population: 150000 }] })).status).toBe(200);
    await page.goto(`/sys/adminunit/indicators?id=${area}&year=2025`);
    await poll(() => row('TB.IND.9').locator(tid('dak-rate')).innerText()).toBe('2,0 на 100\u00a0000');
    // 3 new episodes of 150 000 people
    expect(await row('TB.IND.9').locator(tid('dak-numerator')).innerText()).toBe('3');
    expect(await row('TB.IND.9').locator(tid('dak-population')).innerText()).toBe('Население: 150\u00a0000');
  });
});
