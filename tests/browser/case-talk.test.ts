// A case's comments and review issues in a real browser: a
// comment added on the data tab ('Добавить' disabled while blank) shows at once as saving, then with
// its author; an issue with an answer turns the banner from 'Более нет вопросов' to 'Найдены открытые
// вопросы. Проверьте внизу', closing it to the congratulation and reopening back; an answer the
// server refuses (the issue was closed meanwhile) shows 'Ошибка - изменения не сохранены в базе
// данных' without its delete action.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { signIn, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });
const NOT_SAVED = 'Ошибка - изменения не сохранены в базе данных';

describe('comments and review issues', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let adminName: string;
  let caseId: string;
  let page: Page;

  beforeAll(async () => {
    admin = await ctx.env.server.login();
    adminName = (await admin.post('/api/sys/session')).body.userName ?? (await admin.post('/api/sys/session')).body.result?.userName;
    const unitId = (await admin.post('/api/tbl/unit/query', { key: 'Бишкекский' })).body.list[0].id;
    const patientId = (await admin.post('/api/tbl/patient', { name: 'Эрмек', lastName: 'Жумабаев', gender: 'MALE', birthDate: '1991-07-15' })).body.result;
    const r = await admin.post('/api/tbl/tbcase', {
      patientId, ownerUnitId: unitId, notificationUnitId: unitId, diagnosisType: 'CONFIRMED', classification: 'TB',
      registrationGroup: 'NEW', registrationDate: '2025-03-01', diagnosisDate: '2025-02-25',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    caseId = r.body.result;
    page = await ctx.env.newPage();
    await signIn(page, 'ADMIN', 'Admin123');
  });

  /** Holds the page's writes to `path` for a moment, so the 'saving' state can be seen. */
  async function slowWrites(path: string, ms: number) {
    await page.route(`**${path}`, async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, ms));
      await route.continue();
    });
  }

  it("adds a comment to the case data: 'Добавить' waits for text, the comment shows at once as saving, then with its author", async () => {
    await page.goto(`/sys/case?id=${caseId}&tab=data`);
    const box = page.locator(`${tid('case-comments')}[data-group="DATA"]`);
    await box.waitFor();
    const add = box.locator(tid('comment-add'));
    await box.locator(tid('comment-input')).fill('   ');
    await expect(add.isDisabled()).resolves.toBe(true);
    await slowWrites('/api/tbl/casecomment', 800);
    await box.locator(tid('comment-input')).fill('  Уточнить адрес проживания  ');
    await expect(add.isDisabled()).resolves.toBe(false);
    await add.click();
    const item = box.locator(tid('comment-item')).filter({ hasText: 'Уточнить адрес проживания' });
    await item.locator(tid('talk-saving')).waitFor();
    await expect(item.locator(tid('comment-delete')).count()).resolves.toBe(0);
    await poll(() => item.getAttribute('data-state')).toBe('saved');
    await page.unroute('**/api/tbl/casecomment');
    await expect(item.locator(tid('comment-user')).innerText()).resolves.toBe(adminName);
    await expect(box.locator(tid('comment-input')).inputValue()).resolves.toBe('');

    await page.reload();
    await poll(() => page.locator(`${tid('case-comments')}[data-group="DATA"] ${tid('comment-text')}`).allInnerTexts()).toEqual(['Уточнить адрес проживания']);
    const stored = await kysely(ctx.env.server.ctx.orm.em.fork()).selectFrom('casecomment').select(['comment', 'group']).where('case_id', '=', caseId).execute();
    expect(stored).toEqual([{ comment: 'Уточнить адрес проживания', group: 'DATA' }]);
  });

  it('opens an issue, answers it, closes and reopens it, the banner following', async () => {
    await page.goto(`/sys/case?id=${caseId}&tab=issues`);
    const status = page.locator(tid('issues-status'));
    await poll(() => status.getAttribute('data-status')).toBe('none');
    await expect(status.innerText()).resolves.toContain('Более нет вопросов');

    await page.locator(tid('issues-new')).click();
    await page.locator(tid('issue-save')).click(); // both fields are required
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    await page.locator(tid('issue-form-title')).fill('Нет результата посева');
    await page.locator(tid('issue-form-description')).fill('Внесите результат посева за февраль');
    await page.locator(tid('issue-save')).click();
    const card = page.locator(tid('issue-card')).filter({ hasText: 'Нет результата посева' });
    await poll(() => card.getAttribute('data-state')).toBe('saved');
    await poll(() => status.getAttribute('data-status')).toBe('open');
    await expect(status.innerText()).resolves.toContain('Найдены открытые вопросы. Проверьте внизу');

    await expect(card.locator(tid('answer-add')).isDisabled()).resolves.toBe(true);
    await card.locator(tid('answer-input')).fill('Результат внесён');
    await card.locator(tid('answer-add')).click();
    const answer = card.locator(tid('answer-item')).filter({ hasText: 'Результат внесён' });
    await poll(() => answer.getAttribute('data-state')).toBe('saved');
    await expect(answer.locator(tid('talk-byline')).innerText()).resolves.toContain(adminName);

    await card.locator(tid('issue-close')).click();
    await poll(() => card.getAttribute('data-closed')).toBe('true');
    await poll(() => card.getAttribute('data-state')).toBe('saved');
    await poll(() => status.getAttribute('data-status')).toBe('allClosed');
    await expect(card.locator(tid('answer-input')).count()).resolves.toBe(0);

    await card.locator(tid('issue-reopen')).click();
    await poll(() => card.getAttribute('data-closed')).toBe('false');
    await poll(() => card.getAttribute('data-state')).toBe('saved');
    await poll(() => status.getAttribute('data-status')).toBe('open');

    const issueId = (await card.getAttribute('data-id'))!;
    const stored = (await admin.get(`/api/tbl/issue/${issueId}`)).body;
    expect(stored).toMatchObject({ title: 'Нет результата посева', closed: false });
    const answers = (await admin.post('/api/tbl/issuefollowup/query', { issueId })).body.list.map((a: any) => a.text);
    expect(answers).toEqual(['Результат внесён']);
    const history = await kysely(ctx.env.server.ctx.orm.em.fork()).selectFrom('cmdhistory').select('action').where('entity_id', '=', issueId).orderBy('exec_date').execute();
    expect(history.map((h) => h.action)).toEqual(['create', 'closeIssue', 'reopenIssue']);
  });

  it("marks an answer the server refuses 'Ошибка - изменения не сохранены в базе данных', without its delete action", async () => {
    await page.goto(`/sys/case?id=${caseId}&tab=issues`);
    const card = page.locator(tid('issue-card')).filter({ hasText: 'Нет результата посева' });
    await card.locator(tid('answer-input')).waitFor();
    // another user closes the issue while this page still shows it open
    const issueId = (await card.getAttribute('data-id'))!;
    expect((await admin.post(`/api/tbl/issue/${issueId}/action/closeIssue`, {})).status).toBe(200);

    await card.locator(tid('answer-input')).fill('Поздний ответ');
    await card.locator(tid('answer-add')).click();
    const answer = card.locator(tid('answer-item')).filter({ hasText: 'Поздний ответ' });
    await poll(() => answer.getAttribute('data-state')).toBe('error');
    await expect(answer.locator(tid('talk-error')).innerText()).resolves.toBe(NOT_SAVED);
    await expect(answer.locator(tid('answer-delete')).count()).resolves.toBe(0);
    // the stored answer keeps its delete action
    await expect(card.locator(tid('answer-item')).filter({ hasText: 'Результат внесён' }).locator(tid('answer-delete')).count()).resolves.toBe(1);
    const answers = (await admin.post('/api/tbl/issuefollowup/query', { issueId })).body.list.map((a: any) => a.text);
    expect(answers).toEqual(['Результат внесён']);
  });
});
