// The drug supply in the browser: the unit's stock tab shows its stock on hand by batch and warns of a batch
// expiring within the workspace's months; a case lists its dispensings; the workspace dashboard names the
// unit with a warning and opens its stock; a user without INVENTORY is not offered the tab. Then, typed
// into the forms as a pharmacist does: an initial inventory and a receipt, a dispensing for a patient on
// treatment, an order placed, authorised, sent and received, a transfer to another unit received there,
// and the reports REP_MOVEMENTS and REP_ORDER_LEADTIME over them.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { typeDate, ruDate } from '../helpers/form-typing.ts';
import { day, moved, newSupplyUnit, stockPatientCase, stockPlaces, stockTreatedCase, STOCK_NAMES, type StockPlaces } from '../helpers/stock.ts';
import { loginThroughUi, openDropdown, pick, selected, selectOf, signIn, tid, UI_TIMEOUT, useEnv } from './support.ts';

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
    expect(await soon.innerText()).toContain(ruDate(day(30)));
    expect(await page.locator(tid('stock-row-BR-LATER')).innerText()).toContain('500');
    const warning = await page.locator(tid('stock-expiring-BR-SOON')).innerText();
    expect(warning).toContain(`партия BR-SOON: срок годности истекает ${ruDate(day(30))} (остаток 40)`);
    expect(await page.locator(tid('stock-expiring-BR-LATER')).count()).toBe(0);
    await page.locator(tid('stock-add-movement')).click();
    await poll(() => page.locator('.ant-modal-title').innerText()).toContain('Движение запасов');
  });

  it('the case lists its dispensings; the workspace dashboard names the unit with its warning and the day its patients run out of HRZE', async () => {
    const caseId = await stockPatientCase(admin, p.bishkek, 'Выдачин');
    // 2HRZE/4HR from 5 days ago: HRZE 4 units a day; the unit's 40 cover days 0…9, so it runs out on day 10
    const regimenId = (await admin.post('/api/tbl/regimen/query', { pageSize: 50 })).body.list.find((x: any) => x.name === '2HRZE/4HR').id;
    expect((await admin.post('/api/cases/case/treatment/start', { caseId, unitId: p.bishkek, iniDate: day(-5), regimenId })).status).toBe(200);
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
    expect(await unitRow.locator(tid('stock-warnings-out')).first().innerText()).toContain(ruDate(day(10))); // soonest first
    await unitRow.locator('a').click();
    await page.waitForURL(/\/sys\/unit\/stock\?id=/);
    await poll(() => page.locator(tid('stock-row-BR-LATER')).innerText()).toContain('488');
  });

  it('at 1400 and 768 px (a tablet) the dashboard’s stock warnings show every column of a unit — its run-out date and medicine too — inside the card', async () => {
    for (const width of [1400, 768]) await warningsAt(width);
  });
  async function warningsAt(width: number) {
    const tablet = await ctx.env.newPage();
    try {
      await tablet.setViewportSize({ width, height: 1024 });
      await signIn(tablet, 'ADMIN', 'Admin123');
      await tablet.goto('/sys/workspace/general/dashboard');
      const card = tablet.locator(tid('stock-warnings'));
      const unit = card.locator(tid(`stock-warnings-${p.bishkek}`));
      await poll(() => unit.innerText()).toContain('Бишкекский');
      // each field of the unit named and read on screen: the unit, the three counts, the day HRZE runs out and the medicine
      const out = unit.locator(tid('stock-warnings-out')).first();
      expect(await out.innerText()).toContain(ruDate(day(10)));
      expect(await out.innerText()).toContain('Изониазид + Рифампицин + Пиразинамид + Этамбутол');
      for (const label of ['Истекает срок годности', 'Ниже минимума', 'Выше максимума', 'Запас закончится']) expect(await card.innerText(), label).toContain(label);
      // nothing of it outside the card, nor hidden under a scroll
      const hidden = await card.evaluate((c) => {
        const box = c.getBoundingClientRect();
        return [...c.querySelectorAll('[data-testid^="stock-warnings-"] *')]
          .filter((e) => e.children.length === 0 && (e.textContent ?? '').trim())
          .filter((e) => {
            const r = e.getBoundingClientRect();
            const at = document.elementFromPoint(r.left + Math.min(r.width / 2, 4), r.top + r.height / 2);
            return r.right > box.right + 0.5 || r.left < box.left - 0.5 || !(at && (at === e || e.contains(at) || at.contains(e)));
          })
          .map((e) => e.textContent);
      });
      expect(hidden, `${width} px`).toEqual([]);
      expect(await tablet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } finally {
      await tablet.close();
    }
  }

  it('is not offered to a user without INVENTORY', async () => {
    await createUser(ctx.env.server, admin, 'NOSTOCKUI', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: p.bishkek, view: 'UNIT' });
    const other = await ctx.env.newPage();
    await loginThroughUi(other, 'NOSTOCKUI', 'Passw0rd');
    await other.goto(`/sys/unit/general?id=${p.bishkek}`);
    await poll(() => other.locator(tid('unit-tab-general')).count()).toBe(1);
    expect(await other.locator(tid('unit-tab-stock')).count()).toBe(0);
  });
  const { HR, HRZE, GF } = STOCK_NAMES;
  const openStock = async (unitId: string) => {
    await page.goto(`/sys/unit/stock?id=${unitId}`);
    await page.locator(tid('stock-on-hand')).waitFor();
  };
  /** The open dialog's form saved; waits for the dialog to close. */
  const save = async (dialog: Locator) => {
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
  };
  const stockRow = (batch: string) => page.locator(tid(`stock-row-${batch}`));
  let orderId = '';

  it('an initial inventory and a receipt typed into the ledger’s form: the stock and the expiry warning show', async () => {
    await openStock(p.chui);
    /** The types the ledger's form offers (the dialog opened and closed again), after checking it shows no server-only field. */
    const movementTypes = async () => {
      await page.locator(tid('stock-add-movement')).click();
      const dialog = page.locator(tid('remote-form-dialog'));
      await dialog.locator('#root_batchNumber').waitFor();
      for (const f of ['balance', 'batchId', 'transferId', 'orderId', 'caseId', 'reason']) expect(await dialog.locator(`#root_${f}`).count(), f).toBe(0);
      await selectOf(dialog, 'root_type').click();
      const options = await openDropdown(page).locator('.ant-select-item-option').evaluateAll((els) => els.map((e) => e.getAttribute('title')));
      await page.keyboard.press('Escape');
      await page.locator('.ant-modal').filter({ has: dialog }).locator('.ant-modal-close').click();
      await dialog.waitFor({ state: 'detached' });
      return options;
    };
    const movement = async (type: string, batch: string, expiry: string, quantity: number) => {
      await page.locator(tid('stock-add-movement')).click();
      const dialog = page.locator(tid('remote-form-dialog'));
      await dialog.locator('#root_batchNumber').waitFor();
      await pick(page, selectOf(dialog, 'root_type'), type);
      await poll(() => selected(selectOf(dialog, 'root_type'))).toBe(type);
      await typeDate(dialog, 'root_date', day());
      await pick(page, dialog.locator(tid('ref-root_productId')), HR, true);
      await pick(page, dialog.locator(tid('ref-root_sourceId')), GF, true);
      await dialog.locator('#root_batchNumber').fill(batch);
      await dialog.locator('#root_manufacturer').fill('Macleods');
      await typeDate(dialog, 'root_expiryDate', expiry);
      await dialog.locator('#root_quantity').fill(String(quantity));
      await save(page.locator('.ant-modal').filter({ has: dialog }));
    };
    // the form offers only the types it takes here, and none of the fields the server fills
    expect(await movementTypes()).toEqual(['Начальный остаток', 'Поступление']);
    await movement('Начальный остаток', 'CH-INIT', day(400), 200);
    await poll(() => stockRow('CH-INIT').innerText()).toContain('200');
    await movement('Поступление', 'CH-SOON', day(40), 60);
    expect(await movementTypes()).toEqual(['Поступление']);
    await poll(() => stockRow('CH-SOON').innerText()).toContain('60');
    expect(await stockRow('CH-SOON').innerText()).toContain(ruDate(day(40)));
    expect(await page.locator(tid('stock-expiring-CH-SOON')).innerText()).toContain(`партия CH-SOON: срок годности истекает ${ruDate(day(40))} (остаток 60)`);
    expect(await page.locator(tid('stock-expiring-CH-INIT')).count()).toBe(0);
  });

  it('an adjustment picks the batch from the unit’s list instead of retyping it; each medicine shows its total; a batch’s card its running balance', async () => {
    await openStock(p.chui);
    // HR at Чуй: CH-INIT 200 and CH-SOON 60
    await poll(() => page.locator(tid(`stock-total-${p.hr}`)).innerText()).toBe('260');
    await page.locator(tid('stock-adjust')).click();
    const dialog = page.locator(tid('stock-adjust-dialog'));
    await dialog.locator('#root_quantity').waitFor();
    expect(await dialog.locator('#root_batchNumber').count()).toBe(0);
    await pick(page, dialog.locator(tid('ref-root_batchId')), `HR 75/150 · CH-INIT · Macleods · до ${ruDate(day(400))} · остаток 200`);
    await pick(page, selectOf(dialog, 'root_reason'), 'Повреждено');
    await dialog.locator('#root_quantity').fill('-5');
    await save(page.locator('.ant-modal').filter({ has: dialog }));
    await poll(() => stockRow('CH-INIT').innerText()).toContain('195');
    await poll(() => page.locator(tid(`stock-total-${p.hr}`)).innerText()).toBe('255');
    // the batch's stock card: its movements by date with the running balance
    await page.locator(tid('stock-card-CH-INIT')).click();
    const card = page.locator(tid('stock-card'));
    await poll(() => card.locator(tid('stock-card-line')).count()).toBe(2);
    const cells = await card.locator(tid('stock-card-line')).evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
    expect(cells).toEqual([
      [ruDate(day()), 'Начальный остаток', '200', '', '200'],
      [ruDate(day()), 'Корректировка · Повреждено', '', '5', '195'],
    ]);
    expect(await card.locator(tid('stock-card-on-hand')).innerText()).toBe('195');
    await page.locator('.ant-modal').filter({ has: card }).locator('.ant-modal-close').click();
    await card.waitFor({ state: 'detached' });
  });

  it('dispenses for a patient on treatment the doses taken, first expiry first out', async () => {
    // 3, 4 and 5 August taken: 3 × 4 HRZE = 12 units, from BR-SOON (the first to expire)
    const caseId = await stockTreatedCase(admin, p.bishkek, 'Лечёнов', [3, 4, 5]);
    await page.goto(`/sys/case?id=${caseId}`);
    await page.locator(tid('case-dispense')).click();
    const dialog = page.locator(tid('case-dispense-dialog'));
    // the form starts with what is due: HRZE, 12
    await poll(() => dialog.locator('#root_items_0_quantity').inputValue()).toBe('12');
    await poll(() => dialog.locator(tid('ref-root_items_0_productId')).innerText()).toContain(HRZE);
    await save(page.locator('.ant-modal').filter({ has: dialog }));
    await poll(() => page.locator(tid('case-dispensing-BR-SOON')).innerText()).toContain('12');
    expect((await page.locator(tid(`case-due-${p.hrze}`)).innerText()).split(/\s+/).slice(-3)).toEqual(['12', '12', '0']);
    await openStock(p.bishkek);
    await poll(() => stockRow('BR-SOON').innerText()).toContain('28');
  });

  it('dispenses the medicines and quantities chosen, each as far as the stock goes, and names what it could not give', async () => {
    // at Чуй: HR in stock (CH-SOON first to expire), no HRZE; the patient's 12 HRZE are due
    const caseId = await stockTreatedCase(admin, p.chui, 'Выборов', [3, 4, 5]);
    await page.goto(`/sys/case?id=${caseId}`);
    await page.locator(tid('case-dispense')).click();
    const dialog = page.locator(tid('case-dispense-dialog'));
    await poll(() => dialog.locator('#root_items_0_quantity').inputValue()).toBe('12');
    await dialog.locator(tid('table-add-root_items')).click();
    await pick(page, dialog.locator(tid('ref-root_items_1_productId')), HR, true);
    await dialog.locator('#root_items_1_quantity').fill('8');
    await save(page.locator('.ant-modal').filter({ has: dialog }));
    await poll(() => page.locator(tid('case-not-given')).innerText()).toContain(`${HRZE}: выдано 0 из 12 — недостаточно остатка`);
    await poll(() => page.locator(tid('case-dispensing-CH-SOON')).innerText()).toContain('8');
    expect((await page.locator(tid(`case-due-${p.hrze}`)).innerText()).split(/\s+/).slice(-3)).toEqual(['12', '0', '12']);
    await openStock(p.chui);
    await poll(() => stockRow('CH-SOON').innerText()).toContain('52');
  });

  it('an order placed by the unit, authorised and sent by its supplier, received by the unit', async () => {
    await moved(admin, { type: 'RECEIPT', unitId: p.ncf, quantity: 300, productId: p.hr, sourceId: p.gf, batchNumber: 'NC-1', manufacturer: 'Lupin', expiryDate: day(500) });
    await openStock(p.bishkek);
    await page.locator(tid('stock-new-order')).click();
    let dialog = page.locator(tid('remote-form-dialog'));
    await dialog.locator('#root_items_0_quantity').waitFor();
    await typeDate(dialog, 'root_date', day());
    // the form starts from the unit's proposal (the test below): this order is HR 100 alone
    while ((await dialog.locator('#root_items_1_quantity').count()) > 0) await dialog.locator('#root_items_1__remove').click();
    await pick(page, dialog.locator(tid('ref-root_items_0_productId')), HR, true);
    await dialog.locator('#root_items_0_quantity').fill('100');
    await save(page.locator('.ant-modal').filter({ has: dialog }));
    orderId = (await admin.post('/api/tbl/stockorder/query', { unitId: p.bishkek })).body.list[0].id as string;
    const state = () => page.locator(tid(`stock-order-${orderId}`)).locator(tid('stock-order-state')).innerText();
    await poll(state).toBe('Новый');
    // the ordering unit has no step to take on a new order but to cancel it
    expect(await page.locator(tid(`stockorder-authorize-${orderId}`)).count()).toBe(0);

    const step = async (action: string, fill?: (d: Locator) => Promise<void>) => {
      await page.locator(tid(`stockorder-${action}-${orderId}`)).click();
      const d = page.locator(tid(`stockorder-${action}-dialog`));
      await d.locator('#root_date').waitFor();
      await fill?.(d);
      await save(page.locator('.ant-modal').filter({ has: d }));
    };
    await openStock(p.ncf);
    await step('authorize');
    await poll(state).toBe('Утверждён');
    await step('send', async (d) => {
      await pick(page, d.locator(tid('ref-root_shipped_0_batchId')), 'NC-1');
      await d.locator('#root_shipped_0_quantity').fill('100');
    });
    await poll(state).toBe('Отправлен');
    await poll(() => stockRow('NC-1').innerText()).toContain('200');
    await openStock(p.bishkek);
    await step('receiveOrder');
    await poll(state).toBe('Получен');
    await poll(() => stockRow('NC-1').innerText()).toContain('100');
  });

  it('an order’s row opened shows what was ordered and shipped, and leads to its printable requisition and delivery note', async () => {
    // the order above: HR 100 ordered by Бишкек from the national centre, batch NC-1 (Lupin) sent and received
    await openStock(p.bishkek);
    const row = page.locator(tid(`stock-order-${orderId}`));
    await row.locator('.ant-table-row-expand-icon').click();
    const items = page.locator(tid(`stock-order-items-${orderId}`));
    await poll(() => items.locator(tid('stock-order-item')).allInnerTexts()).toEqual(['Заказано: 100']);
    expect(await items.innerText()).toContain(HR);
    expect(await items.locator(tid('stock-order-shipped')).allInnerTexts()).toEqual([`NC-1 · Lupin · ${ruDate(day(500))} · Отпущено: 100`]);
    await items.locator(tid(`stock-order-document-${orderId}`)).click();
    await page.waitForURL(/\/sys\/stock\/order\?id=/);
    const doc = page.locator(tid('order-document'));
    await poll(() => doc.locator(tid('order-document-title')).innerText()).toBe(`Требование (заказ) на лекарственные препараты от ${ruDate(day())}`);
    const facts = await doc.locator(tid('order-document-facts')).innerText();
    for (const f of ['Бишкекский городской противотуберкулёзный диспансер', 'Национальный центр фтизиатрии', 'Получен']) expect(facts).toContain(f);
    const cells = (l: Locator) => l.locator('td').allInnerTexts();
    expect(await cells(doc.locator(tid('order-document-item')))).toEqual(['1', HR, '100']);
    expect(await cells(doc.locator(tid('order-document-shipped')))).toEqual(['1', HR, 'NC-1', 'Lupin', ruDate(day(500)), 'Глобальный фонд', '100']);
    expect(await cells(doc.locator(tid('order-document-shipped-total')))).toEqual(['Итого единиц', '100']);
    expect((await doc.locator(tid('order-requisition-sign')).innerText()).split('\n').map((l) => l.split('\t')[0])).toEqual(['Заказал', 'Утвердил']);
    expect((await doc.locator(tid('order-delivery-sign')).innerText()).split('\n').map((l) => l.split('\t')[0])).toEqual(['Отпустил', 'Получил']);
    // the print leaves out the page's buttons
    await page.emulateMedia({ media: 'print' });
    expect(await doc.locator(tid('order-print')).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });

  it('a transfer to another unit leaves at once and arrives when that unit receives it', async () => {
    await openStock(p.bishkek);
    await page.locator(tid('stock-new-transfer')).click();
    const dialog = page.locator(tid('remote-form-dialog'));
    await dialog.locator('#root_items_0_quantity').waitFor();
    await pick(page, dialog.locator(tid('ref-root_unitToId')), 'Чуйский областной противотуберкулёзный диспансер', true);
    await typeDate(dialog, 'root_date', day());
    await pick(page, dialog.locator(tid('ref-root_items_0_batchId')), 'BR-LATER');
    await dialog.locator('#root_items_0_quantity').fill('50');
    await save(page.locator('.ant-modal').filter({ has: dialog }));
    await poll(() => stockRow('BR-LATER').innerText()).toContain('438');
    const transferId = (await admin.post('/api/tbl/stocktransfer/query', { unitFromId: p.bishkek })).body.list[0].id as string;
    const row = page.locator(tid(`stock-transfer-${transferId}`));
    expect(await row.innerText()).toContain('Отправлена');
    await openStock(p.chui);
    await page.locator(tid(`stocktransfer-receive-${transferId}`)).click();
    const d = page.locator(tid('stocktransfer-receive-dialog'));
    await d.locator('#root_date').waitFor();
    await save(page.locator('.ant-modal').filter({ has: d }));
    await poll(() => row.innerText()).toContain('Получена');
    await poll(() => stockRow('BR-LATER').innerText()).toContain('50');
  });
  it('the reports hub shows the movements by medicine and type, and the order received with its lead time', async () => {
    await page.goto('/sys/admin/reports/stockmovements');
    const form = page.locator(tid('stock_report_movements-form'));
    await pick(page, selectOf(form, 'root_scope'), 'Учреждение');
    await pick(page, form.locator(tid('ref-root_scopeId')), 'Чуйский областной противотуберкулёзный диспансер', true);
    await form.locator(tid('form-save')).click();
    // Чуй this month: HR 200 initial, 60 received, 8 dispensed, 5 damaged, 50 from Бишкек's transfer — 297
    const cells = page.locator(tid('stock_report_movements-result')).locator(`${tid('indicator-cell')}[data-row="0"]`);
    await poll(() => cells.count()).toBe(8);
    expect(await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-value')))).toEqual(['200', '60', '-8', '-5', '0', '0', '50', '297']);
    expect(await page.locator(tid('stock_report_movements-result')).innerText()).toContain(HR);

    await page.goto('/sys/admin/reports/orderleadtime');
    await page.locator(tid('stock_report_leadtime-form')).locator(tid('form-save')).click();
    // placed, authorised, sent and received today: 0 days each
    await poll(() => page.locator(tid(`leadtime-order-${orderId}`)).innerText()).toContain('Бишкекский');
    expect((await page.locator(tid('leadtime-average')).innerText()).replace(/\s+/g, ' ')).toBe('Среднее (1) 0 0 0 0');
  });
  it('a stock count of every batch of the unit: the difference shown as typed, adjusted on saving, the count’s date beside the stock', async () => {
    // last: no movement of Чуй may be dated before its count afterwards
    await openStock(p.chui);
    await page.locator(tid('stock-count-open')).click();
    const dialog = page.locator(tid('stock-count'));
    await poll(() => dialog.locator(tid('stock-count-input-CH-SOON')).inputValue()).toBe('52');
    expect(await dialog.locator('[data-testid^="stock-count-input-"]').count()).toBe(3); // CH-INIT, CH-SOON, BR-LATER
    await dialog.locator(tid('stock-count-input-CH-SOON')).fill('50');
    await poll(() => dialog.locator(tid('stock-count-difference-CH-SOON')).innerText()).toBe('-2');
    expect(await dialog.locator(tid('stock-count-difference-CH-INIT')).innerText()).toBe('0');
    await dialog.locator(tid('stock-count-save')).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => stockRow('CH-SOON').innerText()).toContain('50');
    expect(await page.locator(tid('stock-last-count')).innerText()).toBe(`последняя инвентаризация ${ruDate(day())}`);
    await page.locator(tid('stock-card-CH-SOON')).click();
    const card = page.locator(tid('stock-card'));
    await poll(() => card.locator(tid('stock-card-line')).last().innerText()).toContain('Корректировка · Пересчёт');
    expect((await card.locator(tid('stock-card-line')).last().innerText()).split(/\t|\n/).filter(Boolean).slice(-2)).toEqual(['2', '50']);
  });

  it('a new order starts from the unit’s proposal: both bases with how each quantity was reached, the medicines filled from the one chosen and editable', async () => {
    // after the reports: a unit of its own, its movements in none of the figures above
    const u = await newSupplyUnit(admin, p, 'ЦСМ Предложения', 60);
    const caseId = await stockPatientCase(admin, u, 'Предложенов');
    const regimenId = (await admin.post('/api/tbl/regimen/query', { pageSize: 50 })).body.list.find((x: any) => x.name === '2HRZE/4HR').id;
    // 2HRZE/4HR from 5 days ago: HRZE 4 a day through day 54 from today, then HR 4 a day
    expect((await admin.post('/api/cases/case/treatment/start', { caseId, unitId: u, iniDate: day(-5), regimenId })).status).toBe(200);
    await moved(admin, { type: 'RECEIPT', unitId: u, date: day(-20), quantity: 190, productId: p.hrze, sourceId: p.gf, batchNumber: 'PR-1', manufacturer: 'Lupin', expiryDate: day(400) });
    expect((await admin.post('/api/stock/dispense', { unitId: u, caseId, productId: p.hrze, quantity: 90, date: day(-10) })).status).toBe(200);
    expect((await admin.post('/api/tbl/stockorder', { unitId: u, date: day(), items: [{ productId: p.hrze, quantity: 20 }] })).status).toBe(200);
    await openStock(u);
    await page.locator(tid('stock-new-order')).click();
    const dialog = page.locator(tid('remote-form-dialog'));
    const cells = (productId: string) => dialog.locator(tid(`order-proposal-${productId}`)).locator('td').allInnerTexts();
    await poll(() => cells(p.hrze)).toHaveLength(7);
    expect(await dialog.locator(tid('order-proposal-rule')).innerText()).toContain('Предложено = 6 мес. запаса (максимум) × потребность в месяц − остаток − в заказе');
    // HRZE: on hand 190 − 90 = 100, on order 20, AMC 90 ÷ 3 = 30, forecast days 0…54 × 4 = 220 over 60 days: 110 a month
    expect((await cells(p.hrze)).map((c) => c.replace(/\s+/g, ' ').trim())).toEqual([HRZE, '100', '20', '30', '110', '60 6 × 30 − 100 − 20 = 60', '540 6 × 110 − 100 − 20 = 540']);
    // HR: none held, on order nor dispensed; days 55…59 × 4 = 20 over 60 days: 10 a month
    expect((await cells(p.hr)).map((c) => c.replace(/\s+/g, ' ').trim())).toEqual([HR, '0', '0', '0', '10', '0 6 × 0 − 0 − 0 = 0', '60 6 × 10 − 0 − 0 = 60']);
    /** The order form's medicines and quantities, as shown, row by row; `items`: sorted. */
    const rows = async () => {
      const out: string[] = [];
      for (let i = 0; (await dialog.locator(`#root_items_${i}_quantity`).count()) > 0; i++) {
        out.push(`${await selected(dialog.locator(tid(`ref-root_items_${i}_productId`)))}: ${await dialog.locator(`#root_items_${i}_quantity`).inputValue()}`);
      }
      return out;
    };
    const items = async () => (await rows()).sort();
    // the unit has dispensed: filled by consumption, HRZE alone (HR's 0 is no line)
    await poll(items).toEqual([`${HRZE}: 60`]);
    await dialog.locator(tid('order-proposal-basis')).getByText('По прогнозу').click();
    await poll(items).toEqual([`${HRZE}: 540`, `${HR}: 60`]); // sorted: 'Рифампицин +' before 'Рифампицин,'
    // each quantity stays the user's to change
    const hrzeRow = (await rows()).indexOf(`${HRZE}: 540`);
    await dialog.locator(`#root_items_${hrzeRow}_quantity`).fill('500');
    await typeDate(dialog, 'root_date', day());
    await save(page.locator('.ant-modal').filter({ has: dialog }));
    // the unit's orders: the one placed above, and this one as edited
    const orders = (await admin.post('/api/tbl/stockorder/query', { unitId: u })).body.list as { id: string }[];
    const itemsOf = async (id: string) => ((await admin.get(`/api/tbl/stockorder/${id}`)).body.items as any[]).map((i) => `${i.productId === p.hr ? 'HR' : 'HRZE'} ${i.quantity}`).sort().join(', ');
    expect((await Promise.all(orders.map((o) => itemsOf(o.id)))).sort()).toEqual(['HR 60, HRZE 500', 'HRZE 20']);
  });
});
