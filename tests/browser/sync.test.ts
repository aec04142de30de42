// Offline synchronisation in a real browser (docs/sync.md): a case whose number was changed
// both on the server and, differently, on an offline client shows the conflict on its page — both
// values side by side, who uploaded it from the client and when it was made there, who changed it on the
// server and when — and 'Оставить это' on the client's value, once confirmed, writes it to the case and
// marks the conflict resolved by the user; administrators find the open
// conflicts listed among their reports.
import { beforeAll, describe, expect, it } from 'vitest';
import { clientChanges, push } from '../helpers/push.ts';
import type { ApiClient } from '../helpers/server.ts';
import { loginThroughUi, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });

describe('a synchronisation conflict on the case page', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let caseId: string;
  /** When the client changed the number: after the case was made, before the server's edit (an upload is never dated before the version it edited). */
  let at: Date;
  /** That day as the Russian reader sees it (dd.MM.yyyy, the browser's zone: this machine's). */
  const day = (d: Date) => `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;

  beforeAll(async () => {
    admin = await ctx.env.server.login();
    const unitId = (await admin.post('/api/tbl/unit/query', { key: 'Бишкекский' })).body.list[0].id;
    const patientId = (await admin.post('/api/tbl/patient', { name: 'Гульнара', lastName: 'Токтосунова', gender: 'FEMALE', birthDate: '1988-11-02' })).body.result;
    const r = await admin.post('/api/tbl/tbcase', {
      patientId, ownerUnitId: unitId, notificationUnitId: unitId, diagnosisType: 'CONFIRMED', classification: 'TB',
      registrationGroup: 'NEW', registrationDate: '2025-03-01', caseNumber: 'КФ-1',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    caseId = r.body.result;
    await new Promise((r) => setTimeout(r, 20));
    at = new Date();
    await new Promise((r) => setTimeout(r, 20));
    expect((await admin.post(`/api/tbl/tbcase/${caseId}`, { caseNumber: 'КФ-СЕРВЕР' })).status).toBe(200);
    const [a] = await push(admin, clientChanges({ table: 'tbcase', op: 'update', id: caseId, baseVersion: 1, at: at.toISOString(), data: { caseNumber: 'КФ-КЛИЕНТ' } }));
    expect(a.result).toBe('conflict');
  });

  it('is listed for administrators, with a link to the case', async () => {
    const page = await ctx.env.newPage();
    await loginThroughUi(page, 'ADMIN', 'Admin123');
    await page.goto('/sys/admin/reports/syncconflicts');
    const row = page.locator(tid('sync-conflict-row')).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Номер случая');
    expect(await row.innerText()).toContain('КФ-СЕРВЕР');
    expect(await row.innerText()).toContain('КФ-КЛИЕНТ');
    await row.locator('a').click();
    await page.waitForURL(new RegExp(`/sys/case\\?id=${caseId}`));
    await page.locator(tid('sync-conflict')).waitFor();
  });

  it('shows both values, who and when, and keeps the client\'s value on request', async () => {
    const page = await ctx.env.newPage();
    await loginThroughUi(page, 'ADMIN', 'Admin123');
    await page.goto(`/sys/case?id=${caseId}`);
    const row = page.locator(tid('sync-conflict'));
    await row.waitFor();
    expect(await page.locator(tid('sync-conflicts')).locator('.ant-card-head').innerText()).toContain('Конфликты синхронизации');
    expect(await row.getAttribute('data-field')).toBe('caseNumber');
    expect(await row.innerText()).toContain('Номер случая');
    expect(await row.locator(tid('sync-conflict-server')).innerText()).toContain('КФ-СЕРВЕР');
    expect(await row.locator(tid('sync-conflict-client')).innerText()).toContain('КФ-КЛИЕНТ');
    // who uploaded it from the client and when it was made there, in the reader's format (dd.MM.yyyy)
    expect(await row.locator(tid('sync-conflict-who')).innerText()).toMatch(/Администратор|ADMIN/);
    expect(await row.locator(tid('sync-conflict-who')).innerText()).toContain(day(at));
    expect(await row.locator(tid('sync-conflict-state')).innerText()).toBe('Не решён');

    // the server's side: who changed it there (the administrator's edit) and when
    expect(await row.locator(tid('sync-conflict-who-server')).innerText()).toMatch(/Администратор|ADMIN/);
    expect(await row.locator(tid('sync-conflict-who-server')).innerText()).toContain(day(new Date()));

    // keeping a value asks first, naming both values; nothing is written before the confirmation
    await row.locator(tid('sync-conflict-keep-client')).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Оставить значение «КФ-КЛИЕНТ»?');
    expect(await confirm.innerText()).toContain('вместо «КФ-СЕРВЕР»');
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body.caseNumber).toBe('КФ-СЕРВЕР');
    await page.locator(tid('sync-conflict-keep-ok')).click();
    await poll(async () => row.locator(tid('sync-conflict-state')).innerText()).toMatch(/^Оставлено значение клиента/);
    expect(await row.locator(tid('sync-conflict-keep-client')).count()).toBe(0);
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body.caseNumber).toBe('КФ-КЛИЕНТ');
    await page.screenshot({ path: 'docs/screenshots/case-sync-conflict.png' });
  });
});
