// The workspace area's TB institutions in a real browser: reached from the
// home page through the sidebar, 50 a page with a counter and page buttons, laboratories left out,
// each unit with its area, and a click on a unit opens that unit's cases page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { closeEnv, signIn, startEnv, tid, UI_TIMEOUT, type BrowserEnv } from './support.ts';

const OSH = 'Ошский областной противотуберкулёзный диспансер';
let env: BrowserEnv;
let admin: ApiClient;
/** Every TB unit of the workspace: id → name. */
let tbUnits: Map<string, string>;
let labNames: string[];

beforeAll(async () => {
  env = await startEnv();
  admin = await env.server.login();
  const all = (await admin.post('/api/tbl/unit/query', { page: 1, pageSize: 500 })).body.list as any[];
  const before = all.filter((u) => u.type === 'TBUNIT').length;
  labNames = all.filter((u) => u.type === 'LAB').map((u) => u.name);
  expect(labNames.length).toBeGreaterThan(0);
  const adminUnitId = all[0].address.adminUnitId;
  for (let i = before; i < 60; i++) {
    const r = await admin.post('/api/tbl/unit', { type: 'TBUNIT', name: `Районный диспансер № ${String(i).padStart(2, '0')}`, active: true, address: { adminUnitId } });
    expect(r.status).toBe(200);
  }
  const units = (await admin.post('/api/tbl/unit/query', { type: 'TBUNIT', page: 1, pageSize: 500 })).body.list as any[];
  tbUnits = new Map(units.map((u) => [u.id, u.name]));
  expect(tbUnits.size).toBe(60);
});

afterAll(async () => {
  await closeEnv(env);
});

const cards = (page: Page) => page.locator(tid('workspace-unit'));
const idsShown = (page: Page) => cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-id') ?? ''));
const namesShown = (page: Page) => page.locator(tid('workspace-unit-name')).allInnerTexts();

describe('workspace area: TB institutions', () => {
  it('lists the TB units 50 a page with a counter and pages, and a click opens the unit', async () => {
    const page = await env.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
    await page.locator(tid('home-link-workspace')).click();
    await page.locator(tid('workspace-page')).waitFor();
    expect(await page.locator(tid('workspace-title')).innerText()).toBe('Демонстрационная');
    await page.locator(tid('workspace-entry-units')).click();
    await page.waitForURL(/\/sys\/workspace\/general\/units$/);
    const list = page.locator(tid('workspace-units'));
    await list.locator(tid('pager')).waitFor();

    // page 1: the counter of all 60, 50 units, the page buttons of two pages
    expect(await list.locator(tid('list-count')).innerText()).toBe('Всего записей: 60');
    await expect.poll(() => cards(page).count(), { timeout: UI_TIMEOUT }).toBe(50);
    expect(await list.locator(tid('pager-page-1')).getAttribute('aria-current')).toBe('page');
    expect(await list.locator(tid('pager-page-2')).count()).toBe(1);
    expect(await list.locator(tid('pager-page-3')).count()).toBe(0);
    const page1 = await idsShown(page);
    const names1 = await namesShown(page);
    // only TB units, the server's first page of them (by name); no laboratory
    for (const id of page1) expect(tbUnits.has(id)).toBe(true);
    for (const lab of labNames) expect(names1).not.toContain(lab);
    const first50 = (await admin.post('/api/tbl/unit/query', { type: 'TBUNIT', page: 1, pageSize: 50 })).body.list as any[];
    expect(page1).toEqual(first50.map((u) => u.id));
    expect(names1).toEqual(first50.map((u) => u.name));

    // each unit shows its area
    const osh = cards(page).filter({ has: page.locator(tid('workspace-unit-name')).getByText(OSH, { exact: true }) });
    const oshUnit = (await admin.post('/api/tbl/unit/query', { name: OSH })).body.list[0];
    const area = (await admin.get(`/api/tbl/adminunit/${oshUnit.address.adminUnitId}`)).body.name as string;
    await expect.poll(async () => (await osh.locator(tid('workspace-unit-area')).innerText()).trim(), { timeout: UI_TIMEOUT }).toBe(area);

    // page 2: the other 10, none of page 1
    await list.locator(tid('pager-page-2')).click();
    await list.locator(`${tid('pager-page-2')}[aria-current="page"]`).waitFor();
    await expect.poll(() => cards(page).count(), { timeout: UI_TIMEOUT }).toBe(10);
    const page2 = await idsShown(page);
    expect(page2.filter((id) => page1.includes(id))).toEqual([]);
    expect(new Set([...page1, ...page2])).toEqual(new Set(tbUnits.keys()));
    expect(await list.locator(tid('list-count')).innerText()).toBe('Всего записей: 60');

    // a unit opens its cases page
    const target = cards(page).nth(3);
    const id = (await target.getAttribute('data-id'))!;
    await target.click();
    await page.waitForURL((u) => u.pathname === '/sys/unit/cases' && u.searchParams.get('id') === id);
    await page.locator(`${tid('unit-page')}[data-id="${id}"] ${tid('active-cases')}`).waitFor();

    // back to the list: it starts at page 1 again
    await page.goBack();
    await list.locator(tid('pager')).waitFor();
    await expect.poll(() => idsShown(page), { timeout: UI_TIMEOUT }).toEqual(page1);
  });
});
