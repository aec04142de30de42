// What a doctor expects on a case (issue 21): the header says the patient's age today, the latest
// weight and the HIV status; the patient's address and phones are entered in the case's edit
// dialog (a malformed phone refused on its field) and shown on the data tab.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { loginThroughUi, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });
const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('a case as a doctor reads it', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let page: Page;
  let caseId: string;

  beforeAll(async () => {
    admin = await ctx.env.server.login();
    const unitId = (await admin.post('/api/tbl/unit/query', { key: 'Бишкекский' })).body.list[0].id;
    // born 40 years before tomorrow: 39 until tomorrow's birthday
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setFullYear(tomorrow.getFullYear() - 40);
    const patientId = (await admin.post('/api/tbl/patient', { name: 'Эрмек', lastName: 'Адресов', gender: 'MALE', birthDate: iso(tomorrow) })).body.result;
    const c = await admin.post('/api/tbl/tbcase', {
      patientId, ownerUnitId: unitId, notificationUnitId: unitId, classification: 'TB', diagnosisType: 'CONFIRMED',
      registrationGroup: 'NEW', registrationDate: '2025-02-03', diagnosisDate: '2025-02-01',
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    caseId = c.body.result;
    for (const [table, doc] of [
      ['medexam', { date: '2025-02-05', usingPrescMedicines: true, weight: 58 }],
      ['medexam', { date: '2025-03-05', usingPrescMedicines: true, weight: 61.5 }],
      ['examhiv', { date: '2025-02-04', result: 'NEGATIVE' }],
    ] as const) expect((await admin.post(`/api/tbl/${table}`, { caseId, ...doc })).status).toBe(200);
    page = await ctx.env.newPage();
    await loginThroughUi(page, 'ADMIN', 'Admin123');
  });

  it('the header shows the age, the latest weight and the HIV status', async () => {
    await page.goto(`/sys/case?id=${caseId}`);
    const header = page.locator(tid('case-header'));
    await poll(() => header.locator(tid('case-patient-age')).innerText()).toBe('39 лет');
    await poll(() => header.locator(tid('latest-weight')).innerText()).toBe('Вес, кг: 61,5 (05.03.2025)');
    expect(await header.locator(tid('latest-hivResult')).innerText()).toBe('ВИЧ-статус: Отрицательный (04.02.2025)');
  });

  it('the address and phones are entered in the edit dialog and shown on the data tab', async () => {
    const dataCard = page.locator(tid('case-data-card'));
    await dataCard.locator(tid('case-data-edit')).click();
    const dialog = page.locator(tid('remote-form-dialog'));
    await dialog.locator(tid('schema-form')).waitFor();
    await dialog.locator('#root_patient_address_street').fill('ул. Токтогула');
    await dialog.locator('#root_patient_address_house').fill('101');
    await dialog.locator('#root_patient_phone').fill('позвонить');
    await dialog.locator(tid('form-save')).click();
    await poll(() => dialog.innerText()).toContain('должен быть номером телефона');
    await dialog.locator('#root_patient_phone').fill('+996 555 10 20 30');
    await dialog.locator('#root_patient_contactPhone').fill('0700 11 22 33');
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    const patient = dataCard.locator(tid('case-data-patient'));
    await poll(() => patient.innerText()).toContain('+996 555 10 20 30');
    const text = await patient.innerText();
    expect(text).toContain('Телефон контактного лица');
    expect(text).toContain('0700 11 22 33');
    expect(text).toContain('ул. Токтогула');
    expect((await admin.get(`/api/tbl/case/form/readonly/${caseId}`)).body.doc.patient).toMatchObject({ phone: '+996 555 10 20 30', address: { street: 'ул. Токтогула', house: '101' } });
  });
});
