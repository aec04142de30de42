// Issue 25 in the browser: the unit's stock tab shows its stock on hand by batch and warns of a batch
// expiring within the workspace's months; the ledger's form opens from it; a case lists its dispensings;
// the workspace dashboard names the unit with a warning and opens its stock; a user without INVENTORY
// is not offered the tab.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { day, moved, stockPatientCase, stockPlaces, type StockPlaces } from '../helpers/stock.ts';
import { loginThroughUi, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });

describe('the unit’s stock tab', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let page: Page;
  let p: StockPlaces;

  beforeAll(async () => {
    admin = await ctx.env.server.login();
    p = await stockPlaces(admin);
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, quantity: 40, productId: p.hrze, sourceId: p.gf, batchNumber: 'BR-SOON', manufacturer: 'Lupin', expiryDate: day(30) });
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, quantity: 500, productId: p.hr, sourceId: p.budget, batchNumber: 'BR-LATER', manufacturer: 'Macleods', expiryDate: day(700) });
    page = await ctx.env.newPage();
    await loginThroughUi(page, 'ADMIN', 'Admin123');
  }, 120_000);

  it('shows the stock by batch and the expiry warning, and opens the ledger’s form', async () => {
    await page.goto(`/sys/unit/general?id=${p.bishkek}`);
    await page.locator(tid('unit-tab-stock')).click();
    await page.waitForURL(/\/sys\/unit\/stock\?id=/);
    const soon = page.locator(tid('stock-row-BR-SOON'));
    await poll(() => soon.innerText()).toContain('40');
    const [y, m, d] = day(30).split('-');
    expect(await soon.innerText()).toContain(`${d}.${m}.${y}`);
    expect(await page.locator(tid('stock-row-BR-LATER')).innerText()).toContain('500');
    const warning = await page.locator(tid('stock-expiring-BR-SOON')).innerText();
    expect(warning).toContain(`партия BR-SOON: срок годности истекает ${d}.${m}.${y} (остаток 40)`);
    expect(await page.locator(tid('stock-expiring-BR-LATER')).count()).toBe(0);
    await page.locator(tid('stock-add-movement')).click();
    await poll(() => page.locator('.ant-modal-title').innerText()).toContain('Движение запасов');
  });

  it('the case lists its dispensings; the workspace dashboard names the unit with its warning', async () => {
    const caseId = await stockPatientCase(admin, p.bishkek, 'Выдачин');
    const batchId = (await admin.post('/api/tbl/stockbatch/query', { unitId: p.bishkek })).body.list.find((b: any) => b.batchNumber === 'BR-LATER').id;
    const r = await admin.post('/api/stock/dispense', { unitId: p.bishkek, caseId, productId: p.hr, quantity: 12, date: day(), batchId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await page.goto(`/sys/case?id=${caseId}`);
    const row = page.locator(tid('case-dispensing-BR-LATER'));
    await poll(() => row.innerText()).toContain('12');
    expect(await page.locator(tid('case-dispensings')).locator('.ant-card-head').innerText()).toContain('Выдача препаратов');
    await page.goto('/sys/workspace/general/dashboard');
    const unitRow = page.locator(tid(`stock-warnings-${p.bishkek}`));
    await poll(() => unitRow.innerText()).toContain('Бишкекский');
    await unitRow.locator('a').click();
    await page.waitForURL(/\/sys\/unit\/stock\?id=/);
    await poll(() => page.locator(tid('stock-row-BR-LATER')).innerText()).toContain('488');
  });

  it('is not offered to a user without INVENTORY', async () => {
    await createUser(ctx.env.server, admin, 'NOSTOCKUI', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: p.bishkek, view: 'UNIT' });
    const other = await ctx.env.newPage();
    await loginThroughUi(other, 'NOSTOCKUI', 'Passw0rd');
    await other.goto(`/sys/unit/general?id=${p.bishkek}`);
    await poll(() => other.locator(tid('unit-tab-general')).count()).toBe(1);
    expect(await other.locator(tid('unit-tab-stock')).count()).toBe(0);
  });
});
