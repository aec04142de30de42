// The DHIS2 export screen in a real browser, sending to a STAND-IN for DHIS2
// (tests/helpers/dhis2-standin.ts, not DHIS2): the administrator sets the server (the password never
// shown again), chooses the Bishkek dispensary and 2025 Q1, sees its 73 values, can send only after a
// dry run, sees DHIS2's summary of each, and the sendings listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDhis2StandIn, type StandIn } from '../helpers/dhis2-standin.ts';
import { openDropdown, pick, selectOf, signIn, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT * 2 });
const mapping = JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/reports/dhis2/tb-quarterly.json'), 'utf8'));

describe('the DHIS2 export screen', () => {
  const ctx = useEnv();
  let page: Page;
  let dhis2: StandIn;

  beforeAll(async () => {
    dhis2 = await startDhis2StandIn({
      username: 'tbexport', password: 'S3cret-district', dataSet: { id: 'TbQrtRpt001', periodType: 'Quarterly' },
      dataElements: [...new Set<string>(mapping.values.map((v: any) => v.dataElement))],
      categoryOptionCombos: [...new Set<string>(mapping.values.map((v: any) => v.categoryOptionCombo))],
      orgUnits: ['KgOuBGPTD00'],
    });
    page = await ctx.env.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
  });
  afterAll(() => dhis2?.close());

  it('sets the server, previews a unit\'s quarter, dry-runs, sends and lists the sendings', async () => {
    await page.locator(tid('home-link-dhis2')).click();
    const screen = page.locator(tid('dhis2-page'));
    await screen.waitFor();
    expect(await page.locator('h1').textContent()).toBe('Выгрузка в DHIS2');

    // the server: its address and account; the password is never shown again
    await page.locator('#dhis2-url').fill(dhis2.url);
    await page.locator('#dhis2-username').fill('tbexport');
    await page.locator('#dhis2-password').fill('S3cret-district');
    await page.locator(tid('dhis2-server-save')).click();
    await page.locator(tid('dhis2-server-saved')).waitFor();
    expect(await page.locator('#dhis2-password').inputValue()).toBe('');
    await poll(() => page.locator(tid('dhis2-server')).textContent()).toContain('Пароль задан');

    // 2025 Q1, the Bishkek dispensary
    await page.locator('#dhis2-year').fill('2025');
    await page.locator('#dhis2-year').blur();
    await pick(page, selectOf(screen, 'dhis2-quarter'), '1 квартал');
    await pick(page, selectOf(screen, 'dhis2-scope'), 'Учреждение');
    await pick(page, selectOf(screen, 'dhis2-scope-id'), 'Бишкекский городской противотуберкулёзный диспансер', true);
    await page.locator(tid('dhis2-preview')).click();
    const values = page.locator(tid('dhis2-values'));
    await poll(() => values.locator('.ant-card-head-title').textContent()).toBe('Значения за 2025Q1: 73');

    // sending waits for a dry run
    expect(await page.locator(tid('dhis2-send')).isDisabled()).toBe(true);
    await page.locator(tid('dhis2-dryrun')).click();
    const summary = page.locator(tid('dhis2-summary'));
    await poll(() => summary.locator('.ant-card-head-title').textContent()).toBe('Пробная отправка за 2025Q1: сводка DHIS2');
    expect(await page.locator(tid('dhis2-status')).textContent()).toContain('Принято без ошибок');
    expect(await page.locator(tid('dhis2-counts')).textContent()).toContain('Добавлено73');
    expect(dhis2.stored.size).toBe(0);

    await poll(() => page.locator(tid('dhis2-send')).isDisabled()).toBe(false);
    await page.locator(tid('dhis2-send')).click();
    await poll(() => summary.locator('.ant-card-head-title').textContent()).toBe('Отправка за 2025Q1: сводка DHIS2');
    expect(dhis2.stored.size).toBe(73);

    // both sendings listed, newest first, with who and what DHIS2 said
    const rows = page.locator(`${tid('dhis2-sendings')} tbody tr.ant-table-row`);
    await poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('Отправка');
    expect(await rows.nth(1).textContent()).toContain('Пробная');
    expect(await rows.nth(1).textContent()).toContain('73 / 0 / 0 / 0');
    expect(await page.content()).not.toContain('S3cret-district');
  });

  it('offers the places of the scope chosen last: the units answering late do not replace the areas', async () => {
    const admin = await ctx.env.server.login();
    const areas = ((await admin.post('/api/opts/adminunit', {})).body as { label: string }[]).map((o) => o.label);
    const units = ((await admin.post('/api/opts/unit', {})).body as { label: string }[]).map((o) => o.label);
    expect(areas.length).toBeGreaterThan(0);
    expect(units).toContain('Бишкекский городской противотуберкулёзный диспансер');
    const p = await ctx.env.newPage();
    await signIn(p, 'ADMIN', 'Admin123');
    await p.locator(tid('home-link-dhis2')).click();
    const screen = p.locator(tid('dhis2-page'));
    await screen.waitFor();
    // the units answer 1.5 s late, as on a slow network when the user goes on to 'Административная единица' at once
    const isUnits = (r: Request) => r.url().endsWith('/api/opts/unit');
    await p.route('**/api/opts/unit', async (route) => {
      const answer = await route.fetch();
      await new Promise((r) => setTimeout(r, 1500));
      await route.fulfill({ response: answer }).catch(() => undefined); // the page may have cancelled it meanwhile
    });
    const late = new Promise<void>((resolve) => {
      const ended = (r: Request) => isUnits(r) && resolve();
      p.on('requestfinished', ended);
      p.on('requestfailed', ended);
    });
    await pick(p, selectOf(screen, 'dhis2-scope'), 'Учреждение');
    await pick(p, selectOf(screen, 'dhis2-scope'), 'Административная единица');
    await late;
    // two frames after the late answer came: any rendering of it has happened
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await selectOf(screen, 'dhis2-scope-id').click();
    const options = openDropdown(p).locator('.ant-select-item-option');
    await poll(() => options.count()).toBeGreaterThan(0);
    const shown = await options.evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
    expect(shown[0]).toBe(areas[0]);
    expect(shown.filter((x) => units.includes(x))).toEqual([]);
    await p.keyboard.press('Escape');
  });
});
