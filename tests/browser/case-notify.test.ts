// A new suspect notified from a unit in a real browser: the page shows the
// unit and its area, the patient search finds a registered patient typed in other letter cases
// (with the counter, the hint and the latest case's date line), the row chosen fills the
// notification form, a refused save shows the error beside its field, and saving lands on the new
// case, which belongs to that same patient.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { pageSettled, requestEnded, signIn, pick, selectOf, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });

describe('notifying a new suspect', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let unitId: string;
  let patientId: string;
  let page: Page;

  beforeAll(async () => {
    admin = await ctx.env.server.login();
    unitId = (await admin.post('/api/tbl/unit/query', { key: 'Ош' })).body.list[0].id;
    const db = kysely(ctx.env.server.ctx.orm.em.fork());
    patientId = (await db.selectFrom('patient').select('id').where('last_name', '=', 'Иванов').where('name', '=', 'Сергей').executeTakeFirstOrThrow()).id as string;
    page = await ctx.env.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
  });

  it('finds the registered patient by a differently-cased name, chooses them, and saves the case', async () => {
    await page.goto(`/sys/case/new?diag=SUSPECT&cla=TB&id=${unitId}`);
    await poll(() => page.locator(tid('notify-unit')).innerText()).toContain('Ош');
    expect(await page.locator(tid('notify-unit-area')).count()).toBe(1);
    expect(await page.locator(tid('patient-search-title')).innerText()).toBe('Поиск пациента');

    // one name part or the birth date is needed, and any one is enough: the surname alone finds them
    await page.locator(tid('patient-search-run')).click();
    await poll(() => page.locator(tid('alert-error')).innerText()).toBe('Введите фамилию, имя, отчество или дату рождения');
    await page.locator(tid('search-lastName')).fill('иВАНОВ');
    await page.locator(tid('patient-search-run')).click();
    await poll(() => page.locator(tid('patient-hit')).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')))).toContain(patientId);
    expect(await page.locator(tid('alert-error')).count()).toBe(0);

    await page.locator(tid('search-name')).fill('СЕРГЕЙ');
    await page.locator(tid('patient-search-run')).click();
    const first = page.locator(tid('patient-hit')).first();
    await poll(() => first.getAttribute('data-id')).toBe(patientId);
    expect(await first.locator(tid('patient-hit-name')).innerText()).toBe('Иванов Сергей Петрович');
    expect(await first.locator(tid('patient-hit-date')).innerText()).toMatch(/^(Зарегистрирован в|Диагноз поставлен в|На лечении с|Случай закончен в) \d/);
    // how many were found, said in Russian ('not found' only when none is)
    const count = (await admin.post('/api/tbl/patient/search', { lastName: 'иВАНОВ', name: 'СЕРГЕЙ' })).body.count;
    expect(count).toBeGreaterThan(0);
    expect(await page.locator(tid('patient-search-message')).innerText()).toBe(`Найдено пациентов: ${count}. Если нужного пациента нет в списке, нажмите «Новый пациент».`);
    expect(await page.locator(tid('patient-count')).count()).toBe(2);
    expect(await page.locator(tid('patient-count')).first().innerText()).toMatch(/\d/);

    await first.click();
    const form = page.locator(tid('notify-form'));
    await form.waitFor();
    expect(await form.locator(tid('notify-patient')).getAttribute('data-id')).toBe(patientId);
    // its parts are named as one patient and one case, not by the tables' plural names ('Пациенты', 'Случаи')
    expect(await form.locator('label[for="root_patient__title"]').innerText()).toBe('Пациент');
    expect(await form.locator('label[for="root_tbcase__title"]').innerText()).toBe('Случай');
    expect(await form.locator('#root_patient_name').inputValue()).toBe('Сергей');
    expect(await form.locator('#root_patient_lastName').inputValue()).toBe('Иванов');

    // the registration group is required: the save is refused beside it
    await form.locator('#root_tbcase_registrationDate').fill('2026-11-20');
    await form.locator(tid('form-save')).click();
    await poll(() => form.locator('.ant-form-item-explain-error').count()).toBeGreaterThan(0);
    expect(page.url()).toContain('/sys/case/new');

    await pick(page, selectOf(form, 'root_tbcase_registrationGroup'), 'Новый случай');
    await form.locator(tid('form-save')).click();
    await page.waitForURL(/\/sys\/case\?id=[0-9a-f-]{36}$/, { timeout: UI_TIMEOUT });
    const caseId = new URL(page.url()).searchParams.get('id')!;
    const saved = (await admin.get(`/api/tbl/tbcase/${caseId}`)).body;
    expect([saved.patientId, saved.diagnosisType, saved.classification, saved.ownerUnitId, saved.registrationGroup]).toEqual([patientId, 'SUSPECT', 'TB', unitId, 'NEW']);
  });

  it('lists first the name nearer to what was typed: the surname with one error keeps its ending', async () => {
    await page.goto(`/sys/case/new?diag=SUSPECT&cla=TB&id=${unitId}`);
    await page.locator(tid('search-lastName')).fill('Иваноа');
    await page.locator(tid('patient-search-run')).click();
    // the demo's Иванова Мария and Иванов Сергей are both one typing error away: the typed -а counts
    await poll(() => page.locator(tid('patient-hit-name')).first().innerText()).toBe('Иванова Мария Ивановна');
    expect(await page.locator(tid('patient-hit-name')).allInnerTexts()).toContain('Иванов Сергей Петрович');
  });

  // on a slow network the first patient's data may come after the second's: the patient chosen last
  // is the one notified, not whichever answered last
  it('opens the form of the patient chosen last when an earlier choice answers late', async () => {
    const made = [];
    for (const name of ['Азамат', 'Бакыт']) made.push((await admin.post('/api/tbl/patient', { name, lastName: 'Двойнов', gender: 'MALE', birthDate: '1980-01-02' })).body.result as string);
    await page.goto(`/sys/case/new?diag=SUSPECT&cla=TB&id=${unitId}`);
    await page.locator(tid('search-lastName')).fill('Двойнов');
    await page.locator(tid('patient-search-run')).click();
    const hits = page.locator(tid('patient-hit'));
    await poll(() => hits.count()).toBe(2);
    const [a, b] = await hits.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')!));
    await page.route(`**/api/tbl/patient/${a}`, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue().catch(() => {}); // the page may have cancelled it meanwhile
    });
    const late = requestEnded(page, (r) => r.url().endsWith(`/api/tbl/patient/${a}`));
    try {
      await hits.nth(0).click();
      await hits.nth(1).click();
      const form = page.locator(tid('notify-form'));
      await form.waitFor();
      await late; // the first patient's request has ended (answered late, or cancelled)
      await pageSettled(page);
      expect(await form.locator(tid('notify-patient')).getAttribute('data-id')).toBe(b);
      expect(await form.locator('#root_patient_name').inputValue()).toBe(made[0] === b ? 'Азамат' : 'Бакыт');
    } finally {
      await page.unrouteAll();
    }
  });

  it('goes on with the typed values as a new patient when nobody is found', async () => {
    await page.goto(`/sys/case/new?diag=CONFIRMED&cla=NTM&id=${unitId}`);
    await page.locator(tid('search-lastName')).fill('Небывалов');
    await page.locator(tid('search-name')).fill('Эрнест');
    await page.locator(tid('patient-search-run')).click();
    await poll(() => page.locator(tid('patient-count')).first().innerText()).toMatch(/\b0\b/);
    expect(await page.locator(tid('patient-search-message')).innerText()).toBe('Пациент не найден. Проверьте написание или нажмите «Новый пациент».');
    await page.locator(tid('patient-new')).click();
    const form = page.locator(tid('notify-form'));
    await form.waitFor();
    expect(await form.locator(tid('notify-patient')).getAttribute('data-id')).toBe('');
    expect(await form.locator('#root_patient_lastName').inputValue()).toBe('Небывалов');
    expect(await form.locator('#root_patient_name').inputValue()).toBe('Эрнест');
    await pick(page, selectOf(form, 'root_patient_gender'), 'Мужской');
    await form.locator('#root_tbcase_registrationDate').fill('2026-11-20');
    await form.locator('#root_tbcase_diagnosisDate').fill('2026-11-19');
    await pick(page, selectOf(form, 'root_tbcase_registrationGroup'), 'Новый случай');
    await form.locator(tid('form-save')).click();
    await page.waitForURL(/\/sys\/case\?id=[0-9a-f-]{36}$/, { timeout: UI_TIMEOUT });
    const saved = (await admin.get(`/api/tbl/tbcase/${new URL(page.url()).searchParams.get('id')}`)).body;
    expect([saved.diagnosisType, saved.classification, saved.ownerUnitId]).toEqual(['CONFIRMED', 'NTM', unitId]);
    expect((await admin.get(`/api/tbl/patient/${saved.patientId}`)).body.lastName).toBe('Небывалов');
  });

  it("a confirmed TB case names its site of disease ('Локализация'); the extrapulmonary form is asked only for an extrapulmonary case and shows on the data tab", async () => {
    await page.goto(`/sys/case/new?diag=CONFIRMED&cla=TB&id=${unitId}`);
    await page.locator(tid('search-lastName')).fill('Внелёгочная');
    await page.locator(tid('search-name')).fill('Айнура');
    await page.locator(tid('patient-search-run')).click();
    await poll(() => page.locator(tid('patient-count')).first().innerText()).toMatch(/\b0\b/);
    await page.locator(tid('patient-new')).click();
    const form = page.locator(tid('notify-form'));
    await form.waitFor();
    await pick(page, selectOf(form, 'root_patient_gender'), 'Женский');
    await form.locator('#root_tbcase_registrationDate').fill('2026-11-20');
    await form.locator('#root_tbcase_diagnosisDate').fill('2026-11-19');
    await pick(page, selectOf(form, 'root_tbcase_registrationGroup'), 'Новый случай');
    expect(await form.locator('#root_tbcase_extrapulmonaryForm').count()).toBe(0);
    await pick(page, selectOf(form, 'root_tbcase_infectionSite'), 'Внелёгочный');
    await pick(page, selectOf(form, 'root_tbcase_extrapulmonaryForm'), 'Плевра (туберкулёзный плеврит)');
    await form.locator(tid('form-save')).click();
    await page.waitForURL(/\/sys\/case\?id=[0-9a-f-]{36}$/, { timeout: UI_TIMEOUT });
    const saved = (await admin.get(`/api/tbl/tbcase/${new URL(page.url()).searchParams.get('id')}`)).body;
    expect([saved.infectionSite, saved.extrapulmonaryForm]).toEqual(['EXTRAPULMONARY', 'PLEURA']);
    await poll(() => page.locator(tid('case-data-tbcase')).innerText()).toContain('Плевра (туберкулёзный плеврит)');
    expect(await page.locator(tid('case-data-tbcase')).innerText()).toContain('Внелёгочный');
  });

  it('cancel goes back to the unit’s cases', async () => {
    await page.goto(`/sys/case/new?diag=CONFIRMED&cla=DRTB&id=${unitId}`);
    await page.locator(tid('notify-cancel')).click();
    await page.waitForURL(new RegExp(`/sys/unit/cases\\?id=${unitId}$`), { timeout: UI_TIMEOUT });
  });
});
