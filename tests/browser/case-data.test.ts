// The case page's data tab in a real browser: the case created
// through the API shows read-only; Edit opens the case's form, a changed patient field is saved
// and shown; a comorbidity is set; the patient's other case is listed and opens its own page; a
// reader sees only the cards of their permissions, without Edit or Add (the contacts card's own
// flows: tests/browser/contacts.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { onSlowTablet, signIn, signInAt, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });

describe('the case data tab', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let caseId: string;
  let otherId: string;
  let page: Page;
  let unitId: string;

  beforeAll(async () => {
    admin = await ctx.env.server.login();
    unitId = (await admin.post('/api/tbl/unit/query', { key: 'Бишкекский' })).body.list[0].id;
    const patientId = (await admin.post('/api/tbl/patient', { name: 'Нурлан', lastName: 'Садыков', gender: 'MALE', birthDate: '1979-11-20' })).body.result;
    const newCase = async (extra: Record<string, unknown>) => {
      const r = await admin.post('/api/tbl/tbcase', { patientId, ownerUnitId: unitId, notificationUnitId: unitId, classification: 'TB', registrationGroup: 'NEW', ...extra });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.result as string;
    };
    otherId = await newCase({ diagnosisType: 'SUSPECT', registrationDate: '2023-04-02' });
    caseId = await newCase({ diagnosisType: 'CONFIRMED', registrationDate: '2025-02-03', diagnosisDate: '2025-02-01' });
    page = await ctx.env.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
  });

  const dataCard = () => page.locator(tid('case-data-card'));
  const formDialog = () => page.locator(tid('form-dialog'));

  it('shows the case data and saves an edit of the patient from the edit dialog', async () => {
    await page.goto(`/sys/case?id=${caseId}`);
    await poll(() => dataCard().locator(tid('case-data-patient')).innerText()).toContain('Садыков');
    expect(await dataCard().locator(tid('case-data-tbcase')).innerText()).toContain('Подтверждённый');

    await dataCard().locator(tid('case-data-edit')).click();
    const dialog = page.locator(tid('remote-form-dialog'));
    await dialog.locator(tid('schema-form')).waitFor();
    // the dialog's parts: one patient, one case (not the tables' 'Пациенты', 'Случаи')
    expect(await dialog.locator('label[for="root_patient__title"]').innerText()).toBe('Пациент');
    expect(await dialog.locator('label[for="root_tbcase__title"]').innerText()).toBe('Случай');
    await dialog.locator('#root_patient_middleName').fill('Асанович');
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });

    await poll(() => dataCard().locator(tid('case-data-patient')).innerText()).toContain('Асанович');
    const patient = (await admin.get(`/api/tbl/case/${caseId}`)).body.patient;
    expect(patient.middleName).toBe('Асанович');

    // the middle name erased and saved is gone, not kept from before
    await dataCard().locator(tid('case-data-edit')).click();
    await dialog.locator(tid('schema-form')).waitFor();
    await dialog.locator('#root_patient_middleName').fill('');
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => dataCard().locator(tid('case-data-patient')).innerText()).not.toContain('Асанович');
    expect((await admin.get(`/api/tbl/case/${caseId}`)).body.patient.middleName).toBeUndefined();
  });

  // a key draws its field at once and reaches the form's state after the frame: a save
  // pressed straight after the last keys, on a tablet 20× slower, still saves every letter typed
  it('saves the letters typed just before Enter on a slow tablet', async () => {
    await page.goto(`/sys/case?id=${caseId}`);
    await dataCard().locator(tid('case-data-edit')).click();
    const dialog = page.locator(tid('remote-form-dialog'));
    const field = dialog.locator('#root_patient_middleName');
    await field.click();
    await onSlowTablet(page, async () => {
      await page.keyboard.type('Бекович');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
    });
    await poll(() => dataCard().locator(tid('case-data-patient')).innerText()).toContain('Бекович');
    expect((await admin.get(`/api/tbl/case/${caseId}`)).body.patient.middleName).toBe('Бекович');
  });

  it('sets a comorbidity', async () => {
    const card = page.locator(tid('case-comorbidities-card'));
    expect(await card.locator(tid('comorbidity-diabetes')).innerText()).toBe('Нет');
    await card.locator(tid('case-comorbidities-edit')).click();
    const dialog = formDialog();
    await dialog.locator('#root_diabetes').check();
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => card.locator(tid('comorbidity-diabetes')).innerText()).toBe('Да');
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body.comorbidities).toMatchObject({ diabetes: true });
  });

  it("lists the patient's other case and opens it", async () => {
    const others = page.locator(tid('case-other-cases'));
    const link = others.locator(tid('other-case'));
    await poll(() => link.count()).toBe(1);
    expect(await link.innerText()).toContain('Предположительный');
    await link.locator('a').click();
    await page.waitForURL(new RegExp(`id=${otherId}`));
    await poll(() => page.locator(tid('case-other-cases')).locator(tid('other-case')).getAttribute('data-id')).toBe(caseId);
  });

  it('shows a reader only the cards of their permissions, and no Edit or Add', async () => {
    await createUser(ctx.env.server, admin, 'CDREADUI', [{ permission: 'CASEMAN' }, { permission: 'CASECONTACT' }], 'Passw0rd', { unitId });
    const reader = await ctx.env.newPage();
    await signInAt(reader, 'CDREADUI', 'Passw0rd', `/sys/case?id=${caseId}`);
    await poll(() => reader.locator(tid('case-data-patient')).innerText()).toContain('Садыков');
    await reader.locator(tid('case-contact-card')).locator(tid('empty-list')).waitFor();
    await reader.locator(tid('case-prevtreat-card')).locator(tid('empty-list')).waitFor();
    expect(await reader.locator(tid('case-comorbidities-card')).count()).toBe(0);
    expect(await reader.locator(tid('case-sideeffect-card')).count()).toBe(0);
    for (const id of ['case-data-edit', 'case-contact-add', 'case-prevtreat-add']) expect(await reader.locator(tid(id)).count()).toBe(0);
  });
});
