// Contacts and TPT in a real browser: on the case page's data tab a contact is added
// through the patient search (a new person), its evaluation asks the outcome's fields, a TPT course
// on 3HP is prescribed and started, its intake recorded on the treatment's calendar, "completed"
// refused before the regimen's doses with the server's words and accepted after; a presumptive-TB
// contact starts the notification with its person, and the new case is linked; the unit's contact
// register lists the contacts, filters the waiting ones and opens one on its case; the worklist
// lists the waiting contact; a reader without the right to change sees it all without commands.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { addContact } from '../helpers/contacts.ts';
import { createUser } from '../helpers/users.ts';
import { onSlowTablet, pick, selectOf, signIn, signInAt, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });
const DAY = 86_400_000;
/** The ISO date `n` days before today. */
const daysAgo = (n: number) => new Date(Date.parse(new Date().toISOString().slice(0, 10)) - n * DAY).toISOString().slice(0, 10);

/** The radio labelled `label` of a yes/no field (rjsf's radio widget gives each input the id `<field>-<n>`). */
const radio = (scope: Locator, field: string, label: string) =>
  scope.locator(`[id^="${field}"]`).locator('xpath=ancestor::*[contains(@class,"ant-radio-group")][1]').locator('label', { hasText: label });

/** Types an ISO date into a date picker and leaves it (Enter would submit the form). */
async function typeDate(picker: Locator, iso: string, leaveTo: Locator) {
  await picker.click();
  await picker.fill(iso);
  await leaveTo.click();
}

describe('contacts and TPT on the case page', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let caseId: string;
  let unitId: string;
  let page: Page;
  const card = () => page.locator(tid('case-contact-card'));
  const drawer = () => page.locator(tid('contact-drawer'));

  beforeAll(async () => {
    admin = await ctx.env.server.login();
    unitId = (await admin.post('/api/tbl/unit/query', { key: 'Бишкекский' })).body.list[0].id;
    const patientId = (await admin.post('/api/tbl/patient', { name: 'Нурлан', lastName: 'Индексов', gender: 'MALE', birthDate: '1979-11-20' })).body.result;
    const r = await admin.post('/api/tbl/tbcase', {
      patientId, ownerUnitId: unitId, notificationUnitId: unitId, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW',
      registrationDate: daysAgo(140), diagnosisDate: daysAgo(141), infectionSite: 'PULMONARY',
    });
    caseId = r.body.result;
    page = await ctx.env.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
  });

  it('adds a new person as a contact through the patient search', async () => {
    await page.goto(`/sys/case?id=${caseId}`);
    await card().locator(tid('empty-list')).waitFor();
    await card().locator(tid('case-contact-add')).click();
    const dialog = page.locator(tid('contact-add-dialog'));
    await dialog.locator(tid('search-lastName')).fill('Садыкова');
    await dialog.locator(tid('search-name')).fill('Гульмира');
    await dialog.locator(tid('patient-search-run')).click();
    await dialog.locator(tid('patient-new')).click();
    const form = dialog.locator(tid('contact-form'));
    await form.waitFor();
    expect(await form.locator('#root_patient_lastName').inputValue()).toBe('Садыкова');
    expect(await form.locator('label[for="root_contact__title"]').innerText()).toBe('Контакт');
    await pick(page, selectOf(form, 'root_patient_gender'), 'Женский');
    await typeDate(form.locator('#root_patient_birthDate'), '1990-05-06', form.locator('#root_patient_name'));
    await typeDate(form.locator('#root_contact_registrationDate'), daysAgo(130), form.locator('#root_patient_name'));
    await pick(page, selectOf(form, 'root_contact_contactType'), 'Бытовой');
    await pick(page, selectOf(form, 'root_contact_relation'), 'Супруг(а)');
    await form.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    // the list shows her waiting for evaluation, and her contact opens
    const row = card().locator(tid('contact-row'), { hasText: 'Садыкова Гульмира' });
    await poll(() => row.locator(tid('contact-evaluation')).innerText()).toBe('Ожидает обследования');
    await drawer().locator(tid('contact-details')).waitFor();
    const stored = (await admin.get(`/api/cases/case/${caseId}/contacts`)).body.list;
    expect(stored).toEqual([expect.objectContaining({ contactType: 'household', relation: 'SPOUSE', indexResistance: 'DS', unit: expect.objectContaining({ id: unitId }) })]);
  });

  it('records the evaluation, asking the test’s date and result once a test was done', async () => {
    const data = drawer().locator('.ant-card', { hasText: 'Контакт и обследование' }).first();
    await data.getByRole('button', { name: /Редактировать|Edit/ }).click();
    const form = data.locator(tid('schema-form'));
    await form.waitFor();
    await radio(form, 'root_examinated', 'Да').click();
    await typeDate(form.locator('#root_dateOfExamination'), daysAgo(120), form.locator('#root_comments'));
    await pick(page, selectOf(form, 'root_symptoms'), 'Симптомов нет');
    await pick(page, selectOf(form, 'root_chestXray'), 'Без признаков ТБ');
    expect(await form.locator('#root_infectionTestDate').count()).toBe(0);
    await pick(page, selectOf(form, 'root_infectionTest'), 'IGRA');
    await form.locator('#root_infectionTestDate').waitFor();
    await typeDate(form.locator('#root_infectionTestDate'), daysAgo(120), form.locator('#root_comments'));
    await pick(page, selectOf(form, 'root_infectionTestResult'), 'Положительный');
    await pick(page, selectOf(form, 'root_evaluationOutcome'), 'Активный ТБ исключён');
    await form.locator(tid('form-save')).click();
    await poll(() => drawer().locator(tid('contact-evaluation')).innerText()).toBe('Активный ТБ исключён');
    await poll(() => card().locator(tid('contact-evaluation')).first().innerText()).toBe('Активный ТБ исключён');
  });

  it('prescribes and starts 3HP, expecting its end 12 weeks on', async () => {
    const tpt = drawer().locator(tid('tpt-card'));
    await tpt.locator(tid('tpt-add')).click();
    const form = page.locator(tid('tpt-form'));
    await form.waitFor();
    await radio(form, 'root_eligible', 'Да').click();
    await typeDate(form.locator('#root_eligibilityDate'), daysAgo(110), form.locator('#root_comments'));
    await pick(page, selectOf(form, 'root_regimenId'), '3HP');
    await form.locator('#root_weightKg').fill('60');
    await form.locator(tid('form-save')).click();
    await poll(() => tpt.locator(tid('tpt-status')).innerText()).toBe('Не начато');
    await tpt.locator(tid('tpt-start')).click();
    const start = page.locator(tid('tptstart-dialog'));
    await typeDate(start.locator('#root_startDate'), daysAgo(100), page.locator('.ant-modal-title').last());
    await start.locator(tid('form-save')).click();
    await poll(() => tpt.locator(tid('tpt-status')).innerText()).toBe('Получает лечение');
    const end = new Date(Date.parse(daysAgo(100)) + 83 * DAY).toISOString().slice(0, 10);
    expect(await tpt.locator(tid('tpt-expected-end')).innerText()).toBe(end.split('-').reverse().join('.'));
    expect(await tpt.locator(tid('tpt-summary')).innerText()).toContain('H 900 мг + P 900 мг');
  });

  it('records intake on the calendar, refuses "completed" before 11 doses and accepts it after', async () => {
    const tpt = drawer().locator(tid('tpt-card'));
    const calendar = tpt.locator(tid('tpt-calendar'));
    const months = calendar.locator(tid('calendar-month'));
    await poll(() => months.count()).toBeGreaterThan(3);
    // the first month: its weekly planned days only, one click each
    const first = months.first();
    const planned = first.locator('[data-testid="calendar-day"][data-planned="true"]');
    const n = await planned.count();
    for (let i = 0; i < n; i++) await planned.nth(i).click();
    await poll(() => first.getAttribute('data-state')).toBe('idle');
    await poll(async () => Number(await tpt.locator(tid('tpt-doses')).getAttribute('data-taken'))).toBe(n);
    // ended too early: the server's rule, worded
    await tpt.locator(tid('tpt-close')).click();
    const close = page.locator(tid('tptclose-dialog'));
    await pick(page, selectOf(close, 'root_outcome'), 'Лечение завершено');
    await close.locator(tid('form-save')).click();
    await poll(() => close.innerText()).toContain(`«Лечение завершено» ставится только после 11 доз схемы 3HP в отведённый срок: принято ${n}`);
    await close.getByRole('button', { name: /Отменить|Cancel/ }).click();
    // every day of every month up to today: 'select all' on each
    for (let i = 1; i < (await months.count()); i++) {
      const all = months.nth(i).locator(tid('calendar-select-all'));
      if (await all.count()) {
        await all.click();
        await poll(() => months.nth(i).getAttribute('data-state')).toBe('idle');
      }
    }
    await poll(async () => Number(await tpt.locator(tid('tpt-doses')).getAttribute('data-taken'))).toBeGreaterThanOrEqual(11);
    await tpt.locator(tid('tpt-close')).click();
    await pick(page, selectOf(close, 'root_outcome'), 'Лечение завершено');
    await close.locator(tid('form-save')).click();
    await poll(() => tpt.locator(tid('tpt-status')).innerText()).toBe('Лечение завершено');
    expect(await calendar.locator(tid('calendar-readonly')).count()).toBe(1);
  });

  it('starts the notification of a presumptive-TB contact with its person, and links the new case', async () => {
    const contactId = await addContact(admin, caseId, { person: { name: 'Айбек', lastName: 'Кашлев', gender: 'MALE', birthDate: '1988-08-08' }, contact: { registrationDate: daysAgo(20) } });
    await admin.post(`/api/tbl/contact/${contactId}`, { examinated: true, dateOfExamination: daysAgo(10), symptoms: 'PRESENT', chestXray: 'SUGGESTIVE', infectionTest: 'NOT_DONE', evaluationOutcome: 'PRESUMPTIVE_TB' });
    await page.goto(`/sys/case?id=${caseId}&tab=data&contact=${contactId}`);
    await drawer().locator(tid('contact-notify')).click();
    const form = page.locator(tid('notify-form'));
    await form.waitFor();
    const personId = (await admin.get(`/api/tbl/contact/${contactId}`)).body.patientId;
    expect(await form.locator(tid('notify-patient')).getAttribute('data-id')).toBe(personId);
    await typeDate(form.locator('#root_tbcase_registrationDate'), daysAgo(1), form.locator('#root_patient_name'));
    await pick(page, selectOf(form, 'root_tbcase_registrationGroup'), 'Новый случай');
    await form.locator(tid('form-save')).click();
    await page.waitForURL(/\/sys\/case\?id=[0-9a-f-]{36}$/, { timeout: UI_TIMEOUT });
    const newCase = new URL(page.url()).searchParams.get('id');
    expect((await admin.get(`/api/tbl/contact/${contactId}`)).body.resultCaseId).toBe(newCase);
  });

  it('keeps the letters typed just before a click elsewhere in the contact’s form on a slow tablet', async () => {
    await page.goto(`/sys/case?id=${caseId}`);
    await card().locator(tid('case-contact-add')).click();
    const dialog = page.locator(tid('contact-add-dialog'));
    await dialog.locator(tid('search-lastName')).fill('Быстров');
    await dialog.locator(tid('patient-search-run')).click();
    await dialog.locator(tid('patient-new')).click();
    const form = dialog.locator(tid('contact-form'));
    await form.locator('#root_patient_name').click();
    const type = selectOf(form, 'root_contact_contactType');
    const box = (await type.boundingBox())!;
    await onSlowTablet(page, async () => {
      await page.keyboard.type('Айдай');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2); // at once, as a finger would
    });
    await poll(() => form.locator('#root_patient_name').inputValue()).toBe('Айдай');
  });
});

describe('the unit’s contact register and worklist', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let unitId: string;
  let caseId: string;
  let waitingId: string;

  beforeAll(async () => {
    admin = await ctx.env.server.login();
    unitId = (await admin.post('/api/tbl/unit/query', { key: 'Бишкекский' })).body.list[0].id;
    const patientId = (await admin.post('/api/tbl/patient', { name: 'Эрлан', lastName: 'Регистров', gender: 'MALE', birthDate: '1970-01-01' })).body.result;
    caseId = (await admin.post('/api/tbl/tbcase', { patientId, ownerUnitId: unitId, notificationUnitId: unitId, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW', registrationDate: daysAgo(30) })).body.result;
    waitingId = await addContact(admin, caseId, { person: { name: 'Малика', lastName: 'Ждущая', gender: 'FEMALE', birthDate: daysAgo(3 * 366) }, contact: { registrationDate: daysAgo(5) } });
    const done = await addContact(admin, caseId, { person: { name: 'Тимур', lastName: 'Обследованный', gender: 'MALE', birthDate: '1990-01-01' }, contact: { registrationDate: daysAgo(6) } });
    await admin.post(`/api/tbl/contact/${done}`, { examinated: true, dateOfExamination: daysAgo(2), symptoms: 'ABSENT', chestXray: 'NOT_DONE', infectionTest: 'NOT_DONE', evaluationOutcome: 'TB_EXCLUDED' });
  });

  it('lists the contacts, filters the waiting ones and opens one on its index case', async () => {
    const page = await ctx.env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', `/sys/unit/contacts?id=${unitId}`);
    const register = page.locator(tid('contact-register'));
    await poll(() => register.locator(tid('register-row')).count()).toBeGreaterThanOrEqual(2);
    expect(await register.innerText()).toContain('Обследованный Тимур');
    await register.locator(tid('register-filter-waiting')).click();
    await poll(() => register.innerText()).not.toContain('Обследованный Тимур');
    const row = register.locator(tid('register-row'), { hasText: 'Ждущая Малика' });
    expect(await row.innerText()).toContain('Ожидает обследования');
    await row.locator(tid('register-case')).click();
    await page.waitForURL(new RegExp(`id=${caseId}`));
    await poll(() => page.locator(tid('contact-details')).getAttribute('data-id')).toBe(waitingId);
  });

  it('shows the filter chosen last when the one chosen before answers late (the last answer wins)', async () => {
    const page = await ctx.env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', `/sys/unit/contacts?id=${unitId}`);
    const register = page.locator(tid('contact-register'));
    await poll(() => register.locator(tid('register-row')).count()).toBeGreaterThanOrEqual(2);
    // 'waiting' answers 1.5 s late, as on a slow network when the user goes back to 'all' at once
    const isWaiting = (r: Request) => r.url().endsWith('/contacts') && r.postDataJSON()?.filter === 'waiting';
    await page.route('**/api/cases/unit/*/contacts', async (route) => {
      if (!isWaiting(route.request())) return route.continue();
      const answer = await route.fetch();
      await new Promise((r) => setTimeout(r, 1500));
      await route.fulfill({ response: answer }).catch(() => undefined); // the page may have cancelled it meanwhile
    });
    // the late answer has reached the page (or the page cancelled the request)
    const late = new Promise<void>((resolve) => {
      const ended = (r: Request) => isWaiting(r) && resolve();
      page.on('requestfinished', ended);
      page.on('requestfailed', ended);
    });
    await register.locator(tid('register-filter-waiting')).click();
    await register.locator(tid('register-filter-all')).click();
    await poll(() => register.innerText()).toContain('Обследованный Тимур');
    await late;
    // two frames after the late answer came: any rendering of it has happened
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await register.innerText()).toContain('Обследованный Тимур');
    expect(await register.innerText()).toContain('Ждущая Малика');
    expect(await register.locator(tid('alert-error')).count()).toBe(0);
  });

  it('counts the waiting contacts on the unit’s dashboard', async () => {
    const page = await ctx.env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', `/sys/unit/general?id=${unitId}`);
    const waiting = page.locator(tid('dashboard-contacts-waiting'));
    await poll(async () => Number((await waiting.locator('.ant-statistic-content').innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
  });

  it('puts the waiting child on the worklist, and a reader sees the contacts without commands', async () => {
    await createUser(ctx.env.server, admin, 'CTREADUI', [{ permission: 'CASEMAN' }, { permission: 'CASECONTACT' }], 'Passw0rd', { unitId, view: 'UNIT' });
    const reader = await ctx.env.newPage();
    await signInAt(reader, 'CTREADUI', 'Passw0rd', `/sys/unit/worklist?id=${unitId}`);
    const list = reader.locator(tid('worklist-contacts'));
    await poll(() => list.locator(tid(`worklist-row-${waitingId}`)).count()).toBe(1);
    await list.locator(tid(`worklist-row-${waitingId}`)).locator(tid('worklist-contact')).click();
    await reader.locator(tid('contact-details')).waitFor();
    expect(await reader.locator(tid('case-contact-add')).count()).toBe(0);
    expect(await reader.locator(tid('contact-delete')).count()).toBe(0);
    expect(await reader.locator(tid('tpt-add')).count()).toBe(0);
  });
});
