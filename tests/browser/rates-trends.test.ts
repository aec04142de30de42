// Rates and trends on screen: the population catalogue filled from a CSV file (a bad
// row refused by its line, nothing written; then the file as it should be), and a saved report
// drawing the notification rate per 100,000 under each number, a trend over the last eight quarters
// as a line with every quarter in its table, and the treatment success share beside the outcome.
//
//  NTM cases: Бишкекский городской (area г. Бишкек) registered 2024-03-01 and 2024-06-01, Ошский
//  областной (г. Ош) 2024-05-05; population 2024 from the file: г. Бишкек 400 000, г. Ош 200 000
//  → 2 / 400 000 × 100 000 = 0.5 and 1 / 200 000 × 100 000 = 0.5, all 3 / 600 000 = 0.5.
//  TB cases (the trend): a man and a woman in the last whole quarter, a man three quarters back.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { kysely } from '../../server/db/kysely.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import type { ApiClient } from '../helpers/server.ts';
import { openInApp, pageSettled, pick, signIn, tid, UI_TIMEOUT, useEnv } from './support.ts';
import { clearWorkspaceCases } from '../helpers/workspace.ts';

const ctx = useEnv();
let admin: ApiClient;
let page: Page;
let bishkekCity: string, oshCity: string;

/** The first day of the quarter `back` quarters before today's, and its key. */
function quarter(back: number) {
  const now = new Date();
  const index = now.getFullYear() * 4 + Math.floor(now.getMonth() / 3) - back;
  const year = Math.floor(index / 4), q = (index % 4) + 1;
  return { date: `${year}-${String((q - 1) * 3 + 1).padStart(2, '0')}-01`, key: `${year}-Q${q}` };
}

async function open(path: string) {
  await openInApp(page, path);
  await pageSettled(page);
}

/** A CSV file in the temporary folder; its path. */
async function csvFile(name: string, text: string) {
  const path = join(tmpdir(), `${process.pid}-${name}`);
  await writeFile(path, text, 'utf8');
  return path;
}

beforeAll(async () => {
  admin = await ctx.env.server.login();
  const ws = (await admin.post('/api/sys/session')).body.workspaceId;
  await clearWorkspaceCases(ctx.env.server, ws);
  const signedIn = (async () => {
    page = await ctx.env.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
  })();
  const bishkek = await unitNamed(admin, 'Бишкекский городской');
  const osh = await unitNamed(admin, 'Ошский областной');
  bishkekCity = (await admin.post('/api/tbl/adminunit/query', { key: 'г. Бишкек' })).body.list[0].id;
  oshCity = (await admin.post('/api/tbl/adminunit/query', { key: 'г. Ош' })).body.list[0].id;
  const man = await newPatient(admin, { name: 'Экран', lastName: 'Первый', gender: 'MALE', birthDate: '1970-01-01' });
  const woman = await newPatient(admin, { name: 'Экран', lastName: 'Вторая', gender: 'FEMALE', birthDate: '1970-01-01' });
  const ntm = (patient: string, unit: string, date: string) => createCase(admin, patient, unit, { classification: 'NTM', registrationDate: date, diagnosisDate: date });
  await ntm(man, bishkek, '2024-03-01');
  await ntm(man, bishkek, '2024-06-01');
  await ntm(woman, osh, '2024-05-05');
  const tb = (patient: string, back: number) => createCase(admin, patient, bishkek, { registrationDate: quarter(back).date, diagnosisDate: quarter(back).date });
  await tb(man, 1);
  await tb(woman, 1);
  await tb(man, 3);
  await signedIn;
}, 180_000);

describe('rates and trends', () => {
  it('imports the population from a CSV file: a bad row refused by its line with nothing written, then the right file', async () => {
    await open('/sys/admin/tables/population');
    await page.locator(tid('population-import')).waitFor();
    await page.locator(tid('population-file')).setInputFiles(await csvFile('bad.csv', 'Территория;Год;Население\nKG-GB;2024;400 000\nНет такой;2024;5\n'));
    const error = page.locator(tid('alert-error'));
    await error.waitFor({ timeout: UI_TIMEOUT });
    expect(await error.innerText()).toContain('Строка 3: Территория «Нет такой» не найдена (код или название)');
    expect((await admin.post('/api/tbl/population/query', {})).body.count).toBe(0);

    await page.locator(tid('population-file')).setInputFiles(await csvFile('good.csv', 'Территория;Год;Население\nKG-GB;2024;400 000\nг. Ош;2024;200000\n'));
    await expect.poll(() => page.locator(tid('alert-success')).innerText(), { timeout: UI_TIMEOUT }).toContain('Добавлено: 2, изменено: 0');
    await expect.poll(() => page.locator(tid('catalogue-item')).count(), { timeout: UI_TIMEOUT }).toBe(2);
    const rows = (await admin.post('/api/tbl/population/query', {})).body.list.map((x: any) => [x.adminUnitId, x.year, x.population]);
    expect(rows.sort()).toEqual([[bishkekCity, 2024, 400000], [oshCity, 2024, 200000]].sort());
  }, 90_000);

  it('a saved report shows the rate under each number, a trend as a line over eight quarters, the success share beside the outcome', async () => {
    const saved = await admin.post('/api/cases/report/save', {
      title: 'Показатели на население',
      indicators: [
        { title: 'Заболеваемость НТМ', rowVariables: ['ownerUnitArea2'], columnVariables: ['gender'], filters: { classification: ['NTM'], registrationDate: { ini: '2024-01', end: '2024-12' } }, rate: true, display: 2 },
        { title: 'Тренд по полу', rowVariables: ['gender'], columnVariables: [], filters: { classification: ['TB'] }, trend: 'registrationDate', chart: 'line', display: 0 },
        { title: 'Успех лечения', rowVariables: ['gender'], columnVariables: ['outcome'], filters: { classification: ['NTM'] }, display: 2 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await open(`/sys/workspace/cases/report?rep=${saved.body.result}`);
    const cards = page.locator(tid('indicator-card'));
    await expect.poll(() => page.locator(`${tid('indicator-card')}[data-state="ready"]`).count(), { timeout: UI_TIMEOUT }).toBe(3);

    // the rates: г. Бишкек 2 men (0.5), г. Ош 1 woman (0.5); the men's column 2 / 600 000 = 0.3
    const rate = (row: number | 'total', column: number | 'total') => cards.nth(0).locator(`${tid('indicator-rate')}[data-row="${row}"][data-column="${column}"]`).innerText();
    expect(await cards.nth(0).locator(`${tid('indicator-row')}`).allInnerTexts()).toHaveLength(2);
    expect(await rate(0, 'total')).toBe('0,5');
    expect(await rate(1, 'total')).toBe('0,5');
    expect(await rate('total', 0)).toBe('0,3');
    expect(await rate('total', 'total')).toBe('0,5');

    // the trend: a line, eight quarters oldest first, the men and women of each
    const trend = cards.nth(1);
    await trend.locator(`${tid('indicator-chart')}[data-chart="line"]`).waitFor();
    const keys = [8, 7, 6, 5, 4, 3, 2, 1].map((b) => quarter(b).key);
    const lines = await trend.locator(tid('indicator-row')).allInnerTexts();
    expect(lines).toHaveLength(8);
    const cell = (r: number, c: number | 'total') => trend.locator(`${tid('indicator-cell')}[data-row="${r}"][data-column="${c}"]`).getAttribute('data-value');
    expect(await cell(keys.indexOf(quarter(1).key), 'total')).toBe('2');
    expect(await cell(keys.indexOf(quarter(3).key), 0)).toBe('1');
    expect(await cell(0, 'total')).toBe('0');

    // the success share: no NTM case has an outcome yet, so 0 % of each sex
    const success = cards.nth(2).locator(tid('indicator-success'));
    expect(await success.count()).toBe(3);
    expect(await cards.nth(2).locator('th', { hasText: 'Успех лечения, %' }).count()).toBe(1);
    expect(await success.allInnerTexts()).toEqual(['0', '0', '0']);

    // in the editor, the third becomes a trend by the registration date's quarters: no column
    // variables asked, no rate offered, drawn as a line once refreshed
    const quarterName = (await admin.post('/api/cases/report/init', {})).body.variables.flatMap((g: any) => g.variables).find((v: any) => v.id === 'registrationDate.quarter').name;
    await page.locator(tid('report-edit')).click();
    await page.locator(tid('report-editor')).waitFor();
    const third = page.locator(tid('indicator-editor')).nth(2);
    expect(await third.locator(tid('indicator-rate')).count()).toBe(1);
    await pick(page, third.locator(tid('indicator-trend')), quarterName);
    await third.locator(tid('indicator-trend-hint')).waitFor();
    expect(await third.locator(tid('vars-columns')).count()).toBe(0);
    expect(await third.locator(tid('indicator-rate')).count()).toBe(0);
    await third.locator(tid('indicator-refresh')).click();
    await expect.poll(() => third.locator(tid('indicator-row')).count(), { timeout: UI_TIMEOUT }).toBe(8);
    // a pie is no way to draw a trend: the chart type became a line (the card shows its table only)
    expect(await third.locator(tid('indicator-card')).getAttribute('data-chart')).toBe('line');
    // saved, the report keeps its trends and the first indicator's rate (the editor once refused to save a
    // trend, which has no column variable, and dropped the trend and the rate of what it saved)
    await page.locator(tid('report-save')).click();
    await page.locator(tid('report-editor')).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    const db = kysely(ctx.env.server.ctx.orm.em.fork());
    const { indicators } = await db.selectFrom('casereport').select('indicators').where('id', '=', saved.body.result).executeTakeFirstOrThrow() as { indicators: any[] };
    expect(indicators[0].rate).toBe(true);
    expect(indicators[1].trend).toBe('registrationDate');
    expect(indicators[2]).toMatchObject({ trend: 'registrationDate', chart: 'line' });
  }, 90_000);
});
