// What a doctor expects: the case header says the patient's age today, the latest weight
// and the HIV status; the patient's address and phones are entered in the case's edit dialog (a
// malformed phone refused on its field) and shown on the data tab; the unit's worklist lists the
// case with its missed doses and opens it; the treatment card prints on A4 with the case's header,
// prescriptions, intake grid and exams.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { signIn, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });
const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe('a case as a doctor reads it', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let page: Page;
  let caseId: string;
  let unitId: string;
  let lapsedId: string;
  const DAY = 86_400_000;
  /** The ISO date `offset` days from today in UTC (the server's treatment calendar counts in UTC). */
  const utcDay = (offset: number) => new Date((Math.floor(Date.now() / DAY) + offset) * DAY).toISOString().slice(0, 10);

  beforeAll(async () => {
    admin = await ctx.env.server.login();
    unitId = (await admin.post('/api/tbl/unit/query', { key: 'Бишкекский' })).body.list[0].id;
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
    // on treatment for 40 days; of the last 14 days, two not taken, the rest directly observed
    const product = (await admin.post('/api/tbl/product/query', { pageSize: 100 })).body.list.find((x: any) => x.shortName === 'HRZE 75/150/400/275').id;
    const started = await admin.post('/api/cases/case/treatment/start', {
      caseId, unitId, iniDate: utcDay(-40), prescriptions: [{ productId: product, doseUnit: 4, frequency: 7, monthIni: 1, months: 6 }],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const byMonth = new Map<string, { day: number; status: string }[]>();
    for (let o = -14; o <= -1; o++) {
      const iso = utcDay(o);
      const status = o === -9 || o === -2 ? 'NOT_TAKEN' : 'DOTS';
      byMonth.set(iso.slice(0, 7), [...(byMonth.get(iso.slice(0, 7)) ?? []), { day: Number(iso.slice(8)), status }]);
    }
    for (const [ym, days] of byMonth) {
      const r = await admin.post('/api/cases/case/treatment/followup', { caseId, year: Number(ym.slice(0, 4)), month: Number(ym.slice(5)), days });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    // exams after the treatment start (the start rewrites the case row; the derived columns survive it: tests/api/derived-survive.test.ts)
    for (const [table, doc] of [
      ['medexam', { date: '2025-02-05', usingPrescMedicines: true, weight: 58 }],
      ['medexam', { date: '2025-03-05', usingPrescMedicines: true, weight: 61.5 }],
      ['examhiv', { date: '2025-02-04', result: 'NEGATIVE' }],
    ] as const) expect((await admin.post(`/api/tbl/${table}`, { caseId, ...doc })).status).toBe(200);
    // a second case whose last dose was 30 days ago: nothing recorded since
    const lapsedPatient = (await admin.post('/api/tbl/patient', { name: 'Азамат', lastName: 'Давнов', gender: 'MALE', birthDate: '1975-05-05' })).body.result;
    const lapsed = await admin.post('/api/tbl/tbcase', {
      patientId: lapsedPatient, ownerUnitId: unitId, notificationUnitId: unitId, classification: 'TB', diagnosisType: 'CONFIRMED',
      registrationGroup: 'NEW', registrationDate: '2025-02-03', diagnosisDate: '2025-02-01',
    });
    expect(lapsed.status, JSON.stringify(lapsed.body)).toBe(200);
    lapsedId = lapsed.body.result;
    expect((await admin.post('/api/cases/case/treatment/start', {
      caseId: lapsedId, unitId, iniDate: utcDay(-60), prescriptions: [{ productId: product, doseUnit: 4, frequency: 7, monthIni: 1, months: 6 }],
    })).status).toBe(200);
    const last = utcDay(-30);
    expect((await admin.post('/api/cases/case/treatment/followup', { caseId: lapsedId, year: Number(last.slice(0, 4)), month: Number(last.slice(5, 7)), days: [{ day: Number(last.slice(8)), status: 'DOTS' }] })).status).toBe(200);
    page = await ctx.env.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
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

  it('the unit worklist lists the case with its missed doses and opens it', async () => {
    await page.goto(`/sys/unit/general?id=${unitId}`);
    await page.locator(tid('unit-tab-worklist')).click();
    await page.waitForURL(/\/sys\/unit\/worklist\?id=/);
    const missed = page.locator(tid('worklist-missed'));
    const row = missed.locator(tid(`worklist-row-${caseId}`));
    await poll(() => row.innerText()).toContain('Адресов Эрмек');
    expect(await row.innerText()).toContain('2 из 14 дн.');
    expect(await missed.locator('.ant-card-head').innerText()).toContain('Пропуски приёма препаратов за последние 14 дней');
    // treatment month 2 of drug-susceptible TB: the smear is due
    const exam = page.locator(tid('worklist-exams')).locator(tid(`worklist-row-${caseId}`));
    expect(await exam.innerText()).toContain('Микроскопия мокроты');
    // 'Последний приём': yesterday's dose for this case, and 30 days ago for the case with nothing since (not '—')
    const lastTaken = (id: string) => missed.locator(tid(`worklist-row-${id}`)).locator('td').nth(6);
    const ru = (iso: string) => iso.split('-').reverse().join('.');
    expect(await missed.locator('th').nth(6).innerText()).toBe('Последний приём');
    expect(await lastTaken(caseId).innerText()).toBe(ru(utcDay(-1)));
    expect(await lastTaken(lapsedId).innerText()).toBe(ru(utcDay(-30)));
    await row.locator(tid('worklist-case')).click();
    await page.waitForURL(new RegExp(`/sys/case\\?id=${caseId}`));
    await poll(() => page.locator(tid('case-patient-name')).innerText()).toContain('Адресов');
  });

  it('the treatment card shows the case on A4 pages when printed', async () => {
    await page.goto(`/sys/case?id=${caseId}&tab=treatment`);
    await page.locator(tid('treatment-card-link')).click();
    await page.waitForURL(/\/sys\/case\/treatmentcard\?id=/);
    const card = page.locator(tid('treatment-card'));
    await poll(() => card.locator(tid('card-patient')).innerText()).toContain('Адресов Эрмек');
    expect(await card.locator(tid('card-classification')).innerText()).toBe('ТБ — Подтверждённый');
    expect(await card.locator(tid('card-regimen')).innerText()).toBe('Индивидуализированная схема');
    expect(await card.locator(tid('card-unit')).innerText()).toContain('Бишкекский');
    const rx = await card.locator(tid('card-prescriptions')).innerText();
    expect(rx).toContain('HRZE 75/150/400/275');
    expect(rx).toContain('7/7');
    // the day two days ago: not taken; yesterday: directly observed
    const cell = (offset: number) => {
      const iso = utcDay(offset);
      return card.locator(`${tid('card-grid-month')}[data-month="${iso.slice(0, 7)}"] td[data-day="${Number(iso.slice(8))}"]`);
    };
    expect(await cell(-2).innerText()).toBe('✗');
    expect(await cell(-1).innerText()).toBe('✓');
    const exams = card.locator(tid('card-exam'));
    expect(await exams.count()).toBe(3);
    expect(await exams.first().innerText()).toContain('04.02.2025');
    expect(await card.locator(tid('card-exams')).innerText()).toContain('Отрицательный');

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator(tid('toolbar')).isVisible()).toBe(false);
    expect(await page.locator(tid('card-print')).isVisible()).toBe(false);
    const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(boxes.length).toBeGreaterThanOrEqual(1);
    // A4 is 210 × 297 mm = 595 × 842 points (Letter, the default, would be 612 × 792)
    for (const [w, h] of boxes) {
      expect(Math.abs(w - 595.3)).toBeLessThan(2);
      expect(Math.abs(h - 841.9)).toBeLessThan(2);
    }
    await page.emulateMedia({ media: 'screen' });
  });
});
