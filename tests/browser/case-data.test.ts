// The case page's data tab in a real browser (spec 001 §2.5, §3, §5; issue 11): the case created
// through the API shows read-only; Edit opens the case's form, a changed patient field is saved
// and shown; a contact is added (its examination date asked only once 'examined' is yes); a
// comorbidity is set; the patient's other case is listed and opens its own page; a reader sees only
// the cards of their permissions, without Edit or Add; a contact is edited, then deleted after
// 'Подтвердить удаление?'.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { onSlowTablet, pick, selectOf, signIn, signInAt, tid, UI_TIMEOUT, useEnv } from './support.ts';

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

  // a key draws its field at once and reaches the form's state after the frame (issue 26): a save
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

  it('adds a contact, asking the examination date only when examined', async () => {
    const card = page.locator(tid('case-contact-card'));
    await card.locator(tid('case-contact-add')).click();
    const dialog = formDialog();
    await dialog.locator(tid('schema-form')).waitFor();
    await dialog.locator('#root_name').fill('Гульмира Садыкова');
    await pick(page, selectOf(dialog, 'root_gender'), 'Женский');
    await dialog.locator('#root_age').fill('41');
    await pick(page, selectOf(dialog, 'root_contactType'), 'Бытовой');
    const date = dialog.locator('#root_dateOfExamination');
    expect(await date.count()).toBe(0);
    await radio(dialog, 'root_examinated', 'Да').click();
    await date.waitFor();
    await radio(dialog, 'root_examinated', 'Нет').click();
    await date.waitFor({ state: 'detached' });
    await radio(dialog, 'root_examinated', 'Да').click();
    await date.click();
    await date.fill('2025-02-10');
    // leave the picker without Enter (Enter would submit the form)
    await dialog.locator('#root_name').click();
    await poll(() => date.inputValue()).toBe('10.02.2025') // shown the Russian way, stored as 2025-02-10;
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });

    await poll(() => card.innerText()).toContain('Гульмира Садыкова');
    const rows = (await admin.post('/api/tbl/contact/query', { caseId })).body.list;
    expect(rows).toEqual([expect.objectContaining({ name: 'Гульмира Садыкова', examinated: true, dateOfExamination: '2025-02-10', age: 41 })]);
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
    await poll(() => reader.locator(tid('case-contact-card')).innerText()).toContain('Гульмира Садыкова');
    await reader.locator(tid('case-prevtreat-card')).locator(tid('empty-list')).waitFor();
    expect(await reader.locator(tid('case-comorbidities-card')).count()).toBe(0);
    expect(await reader.locator(tid('case-sideeffect-card')).count()).toBe(0);
    for (const id of ['case-data-edit', 'case-contact-add', 'case-prevtreat-add']) expect(await reader.locator(tid(id)).count()).toBe(0);
  });

  it("edits a contact, then deletes it after 'Подтвердить удаление?'", async () => {
    await page.goto(`/sys/case?id=${caseId}`);
    const card = page.locator(tid('case-contact-card'));
    const item = card.locator(tid('catalogue-item'), { hasText: 'Гульмира Садыкова' });
    await item.click();
    await item.locator(tid('catalogue-edit')).click();
    const dialog = formDialog();
    await dialog.locator('#root_age').fill('42');
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(async () => (await admin.post('/api/tbl/contact/query', { caseId })).body.list[0]?.age).toBe(42);

    // the card stays open after the save
    await card.locator(tid('catalogue-delete')).click();
    expect(await page.locator(tid('confirm-dialog')).innerText()).toContain('Подтвердить удаление?');
    await page.locator(tid('confirm-yes')).click();
    await card.locator(tid('empty-list')).waitFor();
    expect((await admin.post('/api/tbl/contact/query', { caseId })).body.list).toEqual([]);
  });

  // on a slow tablet a click lands while the last keys are still on their way to the form: they are
  // handed over first, or the click's change (here one that shows another field) would drop them
  it('keeps the letters typed just before a click elsewhere in the form', async () => {
    await page.goto(`/sys/case?id=${caseId}`);
    const card = page.locator(tid('case-contact-card'));
    await card.locator(tid('case-contact-add')).click();
    const dialog = formDialog();
    await dialog.locator('#root_name').click();
    const yes = (await radio(dialog, 'root_examinated', 'Да').boundingBox())!;
    await onSlowTablet(page, async () => {
      await page.keyboard.type('Айдай');
      await page.mouse.click(yes.x + yes.width / 2, yes.y + yes.height / 2); // at once, as a finger would
      await dialog.locator('#root_dateOfExamination').waitFor();
    });
    await poll(() => dialog.locator('#root_name').inputValue()).toBe('Айдай');
    await radio(dialog, 'root_examinated', 'Нет').click(); // no examination date to give
    await dialog.locator('#root_age').fill('30');
    await pick(page, selectOf(dialog, 'root_gender'), 'Женский');
    await pick(page, selectOf(dialog, 'root_contactType'), 'Бытовой');
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await admin.post('/api/tbl/contact/query', { caseId })).body.list).toEqual([expect.objectContaining({ name: 'Айдай', examinated: false })]);
  });
});

/** The radio labelled `label` of a yes/no field (rjsf's radio widget gives each input the id `<field>-<n>`). */
function radio(scope: Locator, field: string, label: string): Locator {
  return scope.locator(`[id^="${field}"]`).locator('xpath=ancestor::*[contains(@class,"ant-radio-group")][1]').locator('label', { hasText: label });
}
