// The case page's follow-up tab in a real browser: empty it says 'No
// result found'; one exam of each of the seven types is added through the add menu (each form the
// type's schema form: the conditional fields appear as the spec says), each shown as a card with its
// month of treatment and 'Успешно создано'; the case header shows the latest microscopy and Xpert
// results; one exam is edited, one deleted after 'Подтвердить удаление?'; the type filter narrows the list.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { expectTimedSuccess, withPageClock, signIn, pick, selectOf, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });
const LAB = 'Национальная референс-лаборатория по туберкулёзу';

/** The radio labelled `label` of a yes/no field (rjsf's radio widget gives each input the id `<field>-<n>`). */
const radio = (scope: Locator, field: string, label: string) =>
  scope.locator(`[id^="${field}"]`).locator('xpath=ancestor::*[contains(@class,"ant-radio-group")][1]').locator('label', { hasText: label });

describe('the follow-up tab', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let caseId: string;
  let page: Page;

  beforeAll(async () => {
    admin = await ctx.env.server.login();
    caseId = (await admin.post('/api/tbl/tbcase/query', { caseNumber: 'ТБ-2024-0002' })).body.list[0].id; // treatment from 2024-03-20
    page = await ctx.env.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
  });

  const dialog = () => page.locator(tid('remote-form-dialog'));
  /** The dialog's title (outside the form's own element). */
  const title = () => page.locator('.ant-modal').filter({ has: dialog() }).locator('.ant-modal-title');
  const cards = () => page.locator(tid('followup-card'));
  const cardOf = (type: string) => page.locator(`${tid('followup-card')}[data-type="${type}"]`);
  const date = async (value: string) => {
    const input = dialog().locator('#root_date');
    await input.click();
    await input.fill(value);
    await title().click();
  };
  const save = async (message: string) => {
    await dialog().locator(tid('form-save')).click();
    await dialog().waitFor({ state: 'detached' });
    await poll(() => page.locator(tid('alert-success')).innerText()).toContain(message);
  };

  it('says "No result found" while the case has no exam', async () => {
    await page.goto(`/sys/case?id=${caseId}&tab=followups`);
    await poll(() => page.locator(tid('followup-empty')).innerText()).toContain('No result found');
  });

  /** Each type: how to fill its form, what its card then says. */
  const exams: { table: string; type: string; name: string; fill: (d: Locator) => Promise<void>; month: string; shows: string[] }[] = [
    {
      table: 'medexam', type: 'MEDICAL_EXAMINATION', name: 'Медицинский осмотр', month: 'Диагностика', shows: ['Нет', 'Нет препаратов в аптеке', '61'],
      async fill(d) {
        await date('2024-03-10');
        const reason = d.locator('#root_reasonNotUsingPrescMedicines');
        // 'using prescribed medicines' starts unanswered (no 'Нет' that would ask a reason) …
        expect(await d.locator('[id^="root_usingPrescMedicines"]:checked').count()).toBe(0);
        expect(await reason.count()).toBe(0);
        // … and the reason is asked only while 'Нет' is chosen
        await radio(d, 'root_usingPrescMedicines', 'Да').click();
        await reason.waitFor({ state: 'detached' });
        await radio(d, 'root_usingPrescMedicines', 'Нет').click();
        await reason.fill('Нет препаратов в аптеке');
        await d.locator('#root_weight').fill('61');
      },
    },
    {
      table: 'exammic', type: 'EXAM_MICROSCOPY', name: 'Микроскопия', month: 'Месяц 1', shows: ['1–9 КУМ', LAB, 'Количество КУМ', '3'],
      async fill(d) {
        await date('2024-04-02');
        await pick(page, selectOf(d, 'root_laboratoryId'), LAB);
        expect(await d.locator('#root_numberOfAFB').count()).toBe(0);
        await d.locator('#root_comments').fill('Мазок взят утром');
        await pick(page, selectOf(d, 'root_result'), '1–9 КУМ');
        await pick(page, selectOf(d, 'root_numberOfAFB'), '3');
      },
    },
    {
      table: 'examcul', type: 'EXAM_CULTURE', name: 'Посев', month: 'Месяц 1', shows: ['Отрицательный', 'MGIT 960'],
      async fill(d) {
        await date('2024-04-03');
        await pick(page, selectOf(d, 'root_method'), 'MGIT 960');
        await pick(page, selectOf(d, 'root_result'), 'Отрицательный');
      },
    },
    {
      table: 'examxpert', type: 'EXAM_XPERT', name: 'Xpert MTB/RIF', month: 'Месяц 1', shows: ['МБТ обнаружены, устойчивость к рифампицину обнаружена'],
      async fill(d) {
        await date('2024-04-04');
        await pick(page, selectOf(d, 'root_laboratoryId'), LAB);
        await pick(page, selectOf(d, 'root_result'), 'МБТ обнаружены, устойчивость к рифампицину обнаружена');
      },
    },
    {
      table: 'examdst', type: 'EXAM_DST', name: 'Тест на лекарственную чувствительность (ТЛЧ)', month: 'Месяц 1', shows: ['Рифампицин (R)', 'Устойчив', 'Не проводился'],
      async fill(d) {
        await date('2024-04-05');
        await pick(page, selectOf(d, 'root_laboratoryId'), LAB);
        await pick(page, selectOf(d, 'root_resultR'), 'Устойчив');
      },
    },
    {
      table: 'examhiv', type: 'EXAM_HIV', name: 'Тест на ВИЧ', month: 'Месяц 1', shows: ['Положительный', 'Дата начала АРТ'],
      async fill(d) {
        await date('2024-04-06');
        const art = d.locator('#root_startedARTdate');
        expect(await art.count()).toBe(0);
        await pick(page, selectOf(d, 'root_result'), 'Положительный');
        await art.click();
        await art.fill('2024-04-10');
        await title().click();
      },
    },
    {
      table: 'examxray', type: 'EXAM_XRAY', name: 'Рентгенография', month: 'Месяц 2', shows: ['Полостная'],
      async fill(d) {
        await date('2024-04-20');
        await pick(page, selectOf(d, 'root_presentation'), 'Полостная');
      },
    },
  ];

  it('adds one exam of each type through the add menu, each a card with its month of treatment', async () => {
    for (const [n, exam] of exams.entries()) {
      await page.locator(tid('followup-add')).click();
      await page.locator(tid(`followup-add-${exam.table}`)).click();
      await dialog().locator('#root_date').waitFor();
      expect(await title().innerText()).toBe(exam.name);
      await exam.fill(dialog());
      await save('Успешно создано');
      await poll(() => cards().count()).toBe(n + 1);
      const card = cardOf(exam.type);
      expect(await card.locator(tid('followup-name')).innerText()).toBe(exam.name);
      expect(await card.locator(tid('followup-month')).innerText()).toBe(exam.month);
      const text = await card.innerText();
      for (const s of exam.shows) expect(text, `${exam.table}: ${s}`).toContain(s);
    }
    // stored through the generic table API, one row per type, on this case
    const stored = (await admin.get(`/api/cases/case/followups/${caseId}`)).body;
    expect(stored.map((i: any) => i.table).sort()).toEqual(exams.map((e) => e.table).sort());
    expect(stored.find((i: any) => i.table === 'medexam').data).toMatchObject({ usingPrescMedicines: false, reasonNotUsingPrescMedicines: 'Нет препаратов в аптеке', weight: 61 });
    expect(stored.find((i: any) => i.table === 'exammic').data).toMatchObject({ result: 'POSITIVE', numberOfAFB: 3, comments: 'Мазок взят утром' });
    expect(stored.find((i: any) => i.table === 'examhiv').data).toMatchObject({ result: 'POSITIVE', startedARTdate: '2024-04-10' });
  });

  it('shows the latest microscopy and Xpert results in the case header', async () => {
    await poll(() => page.locator(tid('latest-microscopyResult')).innerText()).toContain('1–9 КУМ (02.04.2024)');
    expect(await page.locator(tid('latest-xpertResult')).innerText()).toContain('МБТ обнаружены, устойчивость к рифампицину обнаружена');
  });

  it('edits an exam: the form holds its values, a success alert shows for 4 s, the card shows the change', async () => {
    await cardOf('EXAM_MICROSCOPY').locator(tid('followup-edit')).click();
    await dialog().locator('#root_date').waitFor();
    expect(await dialog().locator('#root_date').inputValue()).toBe('02.04.2024');
    await pick(page, selectOf(dialog(), 'root_result'), '++');
    await dialog().locator('#root_numberOfAFB').waitFor({ state: 'detached' });
    // the comment typed and saved at once: the text the textarea holds goes with the save
    await dialog().locator('#root_comments').fill('Повторить через месяц');
    await withPageClock(page); // the success alert's 4 s on the page's clock, not waited for
    await save('Успешно обновлено');
    await expectTimedSuccess(page, 'Успешно обновлено'); // shown, then gone after 4 s
    await poll(() => cardOf('EXAM_MICROSCOPY').innerText()).toContain('++');
    expect(await cardOf('EXAM_MICROSCOPY').innerText()).not.toContain('Количество КУМ');
    await poll(() => page.locator(tid('latest-microscopyResult')).getAttribute('data-value')).toBe('PLUS2');
    const mic = (await admin.get(`/api/cases/case/followups/${caseId}`)).body.find((i: any) => i.table === 'exammic').data;
    expect(mic.result).toBe('PLUS2');
    expect(mic.comments).toBe('Повторить через месяц');
    expect(mic.numberOfAFB ?? null).toBeNull(); // hidden with a result other than POSITIVE: not kept
  });

  it('deletes an exam after "Подтвердить удаление?"', async () => {
    await cardOf('EXAM_HIV').locator(tid('followup-delete')).click();
    expect(await page.locator(tid('confirm-dialog')).innerText()).toContain('Подтвердить удаление?');
    await page.locator(tid('confirm-no')).click();
    expect(await cardOf('EXAM_HIV').count()).toBe(1);
    await cardOf('EXAM_HIV').locator(tid('followup-delete')).click();
    await page.locator(tid('confirm-yes')).click();
    await poll(() => page.locator(tid('alert-success')).innerText()).toContain('Успешно удалено');
    await poll(() => cardOf('EXAM_HIV').count()).toBe(0);
    expect(await cards().count()).toBe(6);
    expect((await admin.get(`/api/cases/case/followups/${caseId}`)).body.map((i: any) => i.table)).not.toContain('examhiv');
  });

  it('filters by type', async () => {
    const filter = page.locator(tid('followup-filter'));
    await pick(page, filter, 'Микроскопия');
    await poll(() => cards().count()).toBe(1);
    await pick(page, filter, 'Посев');
    await poll(() => cards().count()).toBe(2);
    expect(new Set(await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))))).toEqual(new Set(['EXAM_MICROSCOPY', 'EXAM_CULTURE']));
    await pick(page, filter, 'Тест на ВИЧ'); // no HIV exam left: still the two
    await poll(() => cards().count()).toBe(2);
    await filter.locator('.ant-select-clear').click({ force: true });
    await poll(() => cards().count()).toBe(6);
  });
});
