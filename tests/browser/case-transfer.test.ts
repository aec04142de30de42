// Transferring a case as the sending unit's doctor sees it: a case on treatment sent to
// another unit through the case page's dialog — one action, the case and its treatment's units
// together, under the rights of the doctor who may transfer (the regression answered
// 'Эта запись доступна вам только для просмотра…' and moved nothing).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { openAs, pick, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });
const DOCTOR = ['CASEMAN', 'CASE_TREAT', 'CASE_TRANSFER'].map((permission) => ({ permission }));
/** A day `n` days before today, as the browser's (this machine's) calendar names it. */
const isoDaysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toLocaleDateString('sv');

describe('a transfer by the sending unit', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let bishkek: string;
  let kant: { id: string; name: string };
  let caseId: string;

  beforeAll(async () => {
    const { server } = ctx.env;
    admin = await server.login();
    bishkek = await unitNamed(admin, 'Бишкекский');
    kant = (await admin.post('/api/tbl/unit/query', { key: 'Ысык-Атинский' })).body.list[0];
    const patientId = await newPatient(admin, { name: 'Бакыт', lastName: 'Мамытов', gender: 'MALE', birthDate: '1980-02-11' });
    caseId = await createCase(admin, patientId, bishkek, { registrationDate: isoDaysAgo(40), diagnosisDate: isoDaysAgo(40) });
    const regimen = (await admin.post('/api/tbl/regimen/query', { pageSize: 50 })).body.list.find((r: any) => r.name === '2HRZE/4HR');
    const start = await admin.post('/api/cases/case/treatment/start', { caseId, unitId: bishkek, iniDate: isoDaysAgo(30), regimenId: regimen.id });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    await createUser(server, admin, 'TFDOCTOR', DOCTOR, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
  });

  it('a unit doctor sends a case on treatment to another unit: the case and its treatment move together', async () => {
    const page = await openAs(ctx.env, 'TFDOCTOR', 'Passw0rd', `/sys/unit/cases/active?id=${bishkek}`);
    // the sending unit's 'В процессе перевода' before: what the doctor reads in the side menu
    const transferring = page.locator(`${tid('summary-item')}[data-id="transferring"]`);
    await poll(() => transferring.locator(tid('summary-name')).innerText()).toBe('В процессе перевода');
    const before = Number(await transferring.locator(tid('summary-count')).innerText());
    await page.goto(`/sys/case?id=${caseId}`);
    await page.locator(tid('case-cmd-transfer')).click();
    const dialog = page.locator(tid('transfer-dialog'));
    await dialog.waitFor();
    await pick(page, dialog.locator('.ant-select'), kant.name, true);
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    // the sending unit's sight of it: transferring, read-only
    await poll(() => page.locator(tid('transfer-read-only')).count()).toBe(1);
    expect(await page.locator(tid('transfer-warning')).innerText()).toContain(kant.name);
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body).toMatchObject({ ownerUnitId: kant.id, transferFromUnitId: bishkek, transferring: true, moveDate: isoDaysAgo(0) });
    const units = (await admin.get(`/api/cases/case/treatment/${caseId}`)).body.units.map((u: any) => [u.ini, u.end < isoDaysAgo(0) ? 'before' : 'on', u.unit.id]);
    expect(units).toEqual([[isoDaysAgo(30), 'before', bishkek], [isoDaysAgo(0), 'on', kant.id]]);
    // the sending unit counts it among its cases in transfer, and lists it there, until it is accepted
    await page.goto(`/sys/unit/cases/active?id=${bishkek}`);
    await poll(() => transferring.locator(tid('summary-count')).innerText()).toBe(String(before + 1));
    await transferring.click();
    await poll(() => page.locator(tid('summary-cases-title')).innerText()).toBe(`В процессе перевода — Всего записей: ${before + 1}`);
    await poll(() => page.locator(tid('summary-cases')).innerText()).toContain('Мамытов');
    // the receiving unit counts it too (it waits there to be accepted)
    const atKant = (await admin.post('/api/cases/summary/query', { scope: 'UNIT', scopeId: kant.id, summaryId: 'transferring' })).body;
    expect(atKant.list.map((c: any) => c.id)).toContain(caseId);
    expect(atKant.count).toBe(atKant.list.length);
  });
});
