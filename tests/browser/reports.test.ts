// The administrator reports in a real browser: command history
// (today on open, filters by user and date, a row's diff as before → after and its child items
// marked added or removed), session history (calendar on today, 'Other filters' with Update), the
// error log read-only with the password masked, the command statistics' bars, 'Запись не найдена.'
// and the filter validation that keeps a request from being sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../helpers/browser.ts';
import { causeServerError } from '../helpers/failure.ts';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { closeEnv, signIn, signInAt, startEnv, tid, type BrowserEnv, UI_TIMEOUT } from './support.ts';

const REPORTS = '/sys/admin/reports';
const EDITOR = 'REPEDITOR'; // createUser names the user by the login
const ADMIN_NAME = 'Администратор системы';
const ADMIN_SOURCE = 'Источник отчёта (админ)';
const ADMIN_SOURCE_2 = 'Источник отчёта (админ, изменён)';
const EDITOR_SOURCE = 'Источник редактора';
const EDITOR_SOURCE_2 = 'Источник редактора 2';
const PROFILE = 'Профиль для истории';
const SECRET = 'Secret12';

let env: BrowserEnv;
let admin: ApiClient;
let page: Page;

/** DD.MM.YYYY, the ru locale's short date (the date pickers' format). */
const ruDate = (d: Date) => `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
/** YYYY-MM-DD, the title of a calendar cell. */
const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
/** `expect.poll` with the UI's auto-wait limit (its own default is 1 s). */
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });
const startOfToday = () => new Date(new Date().setHours(0, 0, 0, 0)).getTime();

beforeAll(async () => {
  env = await startEnv();
  const { server } = env;
  admin = await server.login();
  // catalogue changes by two users: ADMIN (a source created and renamed, a profile whose
  // permissions change) and an editor holding SOURCES with 'can modify'
  const editor = await createUser(server, admin, EDITOR, [{ permission: 'SOURCES', canChange: true }]);
  const adminSource = await admin.post('/api/tbl/source', { shortName: 'RADM', name: ADMIN_SOURCE });
  expect(adminSource.status).toBe(200);
  expect((await admin.post(`/api/tbl/source/${adminSource.body.result}`, { name: ADMIN_SOURCE_2 })).status).toBe(200);
  const profile = await admin.post('/api/tbl/userprofile', { name: PROFILE, permissions: [{ permission: 'SOURCES', canChange: false }] });
  expect(profile.status).toBe(200);
  expect((await admin.post(`/api/tbl/userprofile/${profile.body.result}`, { permissions: [{ permission: 'UNITS', canChange: false }] })).status).toBe(200);
  const editorSource = await editor.post('/api/tbl/source', { shortName: 'REDT', name: EDITOR_SOURCE });
  expect(editorSource.status).toBe(200);
  expect((await editor.post(`/api/tbl/source/${editorSource.body.result}`, { name: EDITOR_SOURCE_2 })).status).toBe(200);
  // a login of today for the session history
  await server.login('DOCTOR1', 'Doctor123');

  page = await env.newPage();
  await signIn(page, 'ADMIN', 'Admin123');
});

afterAll(async () => {
  await closeEnv(env);
});

/** Opens a report screen from the hub's sidebar (by URL the first time) and waits for its card. */
async function openReport(slug: string): Promise<Locator> {
  const path = `${REPORTS}/${slug}`;
  const here = new URL(page.url()).pathname;
  if (here.startsWith(`${REPORTS}/`) && here !== path) {
    await page.locator(tid(`admin-entry-${slug}`)).click();
    await page.waitForURL((u) => u.pathname === path);
  } else {
    await page.goto(path);
  }
  const card = page.locator(tid(`report-${slug}`));
  await card.waitFor();
  return card;
}

/** The texts of one column (by its header) of the visible report table, row by row. */
async function columnTexts(scope: Locator, header: string): Promise<string[]> {
  return scope.locator(tid('report-table')).first().evaluate((table, header) => {
    const heads = [...table.querySelectorAll('thead th')].map((th) => (th as HTMLElement).innerText.trim());
    const index = heads.indexOf(header);
    if (index < 0) throw new Error(`no column ${header} in ${heads.join(' | ')}`);
    return [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) => (tr.children[index] as HTMLElement).innerText.trim());
  }, header);
}

/** The report's table rows, once the table has its rows and is not loading. */
async function settledRows(scope: Locator): Promise<Locator> {
  await scope.locator(`${tid('report-table')} .ant-spin-spinning`).waitFor({ state: 'detached' });
  return scope.locator(`${tid('report-table')} tbody tr.ant-table-row`);
}

/** Clicks Update and waits for the report's answer (and its rendering). */
async function update(scope: Locator, report: string): Promise<void> {
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/admin/rep/${report}`) && r.request().method() === 'POST');
  await scope.locator(tid('report-update')).click();
  expect((await answer).status()).toBe(200);
  await scope.locator(`${tid('report-update')}.ant-btn-loading`).waitFor({ state: 'detached' });
}

/** Types a date into a filter's date picker and commits it. */
async function typeDate(scope: Locator, testId: string, value: string): Promise<void> {
  const input = scope.locator(`input${tid(testId)}, ${tid(testId)} input`).first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await poll(() => input.inputValue()).toBe(value);
}

/** Picks an option of a filter's select by its label. */
async function pickOption(scope: Locator, testId: string, label: string): Promise<void> {
  await scope.locator(tid(testId)).click();
  await page.keyboard.type(label);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: label }).first().click();
  await scope.locator(tid(testId)).filter({ hasText: label }).waitFor();
}

/** The row of the table whose text has `text`, and the detail row it expands into. */
function tableRow(scope: Locator, ...texts: string[]) {
  let row = scope.locator(`${tid('report-table')} tbody tr.ant-table-row`);
  for (const text of texts) row = row.filter({ hasText: text });
  return { row, expanded: row.locator('xpath=following-sibling::tr[1][contains(@class, "ant-table-expanded-row")]') };
}

describe('administrator reports in the browser', () => {
  it('command history: today on open, filtered by user and date, a row expanded to its diff', async () => {
    const card = await openReport('cmdhistory');
    // today's entries of both users load on open, newest first
    const rows = await settledRows(card);
    await rows.filter({ hasText: EDITOR_SOURCE_2 }).first().waitFor();
    const entities = await columnTexts(card, 'Объект');
    expect(entities).toEqual(expect.arrayContaining([ADMIN_SOURCE_2, ADMIN_SOURCE, PROFILE, EDITOR_SOURCE, EDITOR_SOURCE_2]));
    expect(await columnTexts(card, 'Пользователь')).toEqual(expect.arrayContaining([ADMIN_NAME, EDITOR, '(система)'])); // the seed's are the system's
    const today = await admin.post('/api/admin/rep/todaycmdhistory');
    expect(await card.locator(tid('list-count')).innerText()).toBe(`Всего записей: ${today.body.count}`);
    const filter = card.locator(tid('report-filter'));
    expect(await filter.locator(`input${tid('filter-iniDate')}, ${tid('filter-iniDate')} input`).first().inputValue()).toBe(ruDate(new Date()));

    // by user and date: only the editor's rows of today
    await pickOption(filter, 'filter-userId', EDITOR);
    await typeDate(filter, 'filter-iniDate', ruDate(new Date()));
    await typeDate(filter, 'filter-endDate', ruDate(new Date()));
    await update(card, 'cmdhistory');
    await poll(() => columnTexts(card, 'Пользователь')).toEqual([EDITOR, EDITOR]);
    expect(await columnTexts(card, 'Объект')).toEqual([EDITOR_SOURCE_2, EDITOR_SOURCE]); // newest first
    expect(await columnTexts(card, 'Действие')).toEqual(['Изменение', 'Создание']);
    expect(await card.locator(tid('list-count')).innerText()).toBe('Всего записей: 2');

    // the update expands to its diff: the old value struck through, an arrow, the new value
    const { row, expanded } = tableRow(card, EDITOR_SOURCE_2, 'Изменение');
    await row.locator('.ant-table-row-expand-icon').click();
    const diffs = expanded.locator(tid('detail-diffs'));
    await diffs.waitFor();
    const nameDiff = diffs.locator('tr').filter({ hasText: EDITOR_SOURCE_2 });
    expect(await nameDiff.count()).toBe(1);
    const before = nameDiff.locator('[title="Было"]');
    const after = nameDiff.locator('[title="Стало"]');
    expect(await before.innerText()).toBe(EDITOR_SOURCE);
    expect(await before.locator('del').count()).toBe(1);
    expect(await after.innerText()).toBe(EDITOR_SOURCE_2);
    expect(await nameDiff.locator('.anticon-arrow-right').count()).toBe(1);
    const [b, a] = [await before.boundingBox(), await after.boundingBox()];
    expect(b!.x + b!.width).toBeLessThanOrEqual(a!.x); // drawn as before → after

    // ADMIN's entries today: the profile update marks the permission added and the one removed
    await pickOption(filter, 'filter-userId', ADMIN_NAME);
    await update(card, 'cmdhistory');
    await poll(async () => new Set(await columnTexts(card, 'Пользователь'))).toEqual(new Set([ADMIN_NAME]));
    const profileRow = tableRow(card, PROFILE, 'Изменение');
    await profileRow.row.locator('.ant-table-row-expand-icon').click();
    const items = profileRow.expanded.locator(tid('detail-items'));
    await items.waitFor();
    expect(await items.locator(tid('detail-added')).count()).toBeGreaterThanOrEqual(1);
    expect(await items.locator(tid('detail-removed')).count()).toBeGreaterThanOrEqual(1);
    expect(await items.locator(tid('detail-added')).first().innerText()).toBe('Добавлено');
    expect(await items.locator(tid('detail-removed')).first().innerText()).toBe('Удалено');
    const text = await items.innerText();
    expect(text).not.toMatch(/^[+-]/m); // the sign became the tag

    // and ADMIN's source rename, expanded for the screenshot
    const adminUpdate = tableRow(card, ADMIN_SOURCE_2, 'Изменение');
    await adminUpdate.row.locator('.ant-table-row-expand-icon').click();
    const adminDiffs = adminUpdate.expanded.locator(tid('detail-diffs'));
    await adminDiffs.waitFor();
    expect(await adminDiffs.locator('[title="Было"]').first().innerText()).toBe(ADMIN_SOURCE);
    expect(await adminDiffs.locator('[title="Стало"]').first().innerText()).toBe(ADMIN_SOURCE_2);
    await profileRow.row.locator('.ant-table-row-expand-icon').click(); // collapse: one row on the picture
    await profileRow.expanded.waitFor({ state: 'hidden' });
    await page.mouse.move(0, 0); // no hover ring on the picture
    await screenshot(page, 'cmdhistory');
  });

  it('session history: the Date tab on today with its logins, the Other filters tab with Update', async () => {
    const card = await openReport('usersessions');
    // the calendar defaults to today, and today's logins are listed
    const calendar = card.locator(tid('report-calendar'));
    await calendar.waitFor();
    const selected = calendar.locator('td.ant-picker-cell-selected');
    expect(await selected.getAttribute('title')).toBe(isoDay(new Date()));
    expect(await selected.evaluate((td) => td.classList.contains('ant-picker-cell-today'))).toBe(true);
    await (await settledRows(card)).first().waitFor();
    const logins = await columnTexts(card, 'Пользователь');
    expect(logins).toEqual(expect.arrayContaining([ADMIN_NAME, 'Асанова Гульмира Токтогуловна', EDITOR]));

    // another day of the calendar: no sessions then
    const yesterday = new Date(startOfToday() - 86_400_000);
    const cell = calendar.locator(`td[title="${isoDay(yesterday)}"]`);
    if (await cell.count()) {
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/rep/dailyusersession'));
      await cell.click();
      await answer;
      await card.locator(tid('empty-list')).waitFor();
      expect(await card.locator(tid('empty-list')).innerText()).toBe('Запись не найдена.');
    }

    // Other filters: a form with Update; the doctor's sessions only, expandable to the record
    await card.getByRole('tab', { name: 'Другие фильтры' }).click();
    const filter = card.locator(tid('report-filter'));
    await filter.waitFor();
    expect(await filter.locator(tid('report-update')).innerText()).toMatch(/Обновить/);
    await pickOption(filter, 'filter-userId', 'Асанова Гульмира Токтогуловна');
    await update(card, 'usersession');
    await poll(() => columnTexts(card, 'Пользователь')).toEqual(['Асанова Гульмира Токтогуловна']);
    const { row, expanded } = tableRow(card, 'Асанова');
    await row.locator('.ant-table-row-expand-icon').click();
    const detail = expanded.locator(tid('session-detail'));
    await detail.waitFor();
    const text = await detail.innerText();
    expect(text).toContain('DOCTOR1');
    expect(text).toContain(ruDate(new Date()));
    expect(text).toMatch(/Приложение\s+Браузер/); // the application named, the user agent beside it
    expect(text).toMatch(/Агент пользователя \(User-Agent\)\s+node/);
  });

  it('error log: a server error expands to its details, read-only, the password masked', async () => {
    const failed = await causeServerError(env.server, admin, { password: SECRET });
    expect(failed.status).toBe(500);
    const stored = (await admin.post('/api/admin/rep/todayerrorlog')).body.list.find((x: any) => x.id === failed.body.errorId);
    expect(stored, 'the error is in today’s error log').toBeDefined();

    const card = await openReport('errorlog');
    const { row, expanded } = tableRow(card, 'POST /api/sys/usersettings');
    await row.waitFor();
    expect(await row.innerText()).toContain(ADMIN_NAME);
    await row.locator('.ant-table-row-expand-icon').click();
    const detail = expanded.locator(tid('error-detail'));
    await detail.waitFor();
    const field = async (label: string) => (await detail.locator('tr').filter({ has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) }).locator('td').innerText()).trim();
    expect(await field('URL')).toBe('POST /api/sys/usersettings');
    expect(await field('Пользователь')).toBe(ADMIN_NAME);
    expect(await field('Рабочее пространство')).toBe('Демонстрационная');
    expect(await field('Сообщение')).toBe(stored.exceptionMessage.trim());
    const stack = await field('Стек вызовов');
    expect(stack.length).toBeGreaterThan(20);
    expect(stack).toContain(stored.stackTrace.split('\n')[0].trim());
    const request = await field('Запрос');
    expect(request).toContain('******');
    expect(request).toContain('admin@example.org');
    expect(await detail.innerText()).not.toContain(SECRET);
    // read-only: nothing to type into
    expect(await detail.locator('input, textarea, select, [contenteditable="true"]').count()).toBe(0);
  });

  it('command statistics: the bars of today with their counts', async () => {
    const stats = (await admin.post('/api/admin/rep/cmdstatistics', { iniDate: startOfToday() })).body;
    const card = await openReport('cmdstatistics');
    expect(await card.locator(`input${tid('filter-iniDate')}, ${tid('filter-iniDate')} input`).first().inputValue()).toBe(ruDate(new Date()));

    const bars = async (chart: Locator) => {
      await chart.waitFor();
      return chart.locator('[role="listitem"]').evaluateAll((items) =>
        items.map((item) => {
          const [label, track, value] = [...item.children] as HTMLElement[];
          return { label: label.getAttribute('title') ?? '', width: (track.firstElementChild as HTMLElement).getBoundingClientRect().width, count: Number(value.innerText) };
        }),
      );
    };
    const byType = await bars(card.locator(tid('chart-by-type')));
    expect(byType.map((b) => [b.label, b.count])).toEqual(stats.byType.map((t: any) => [t.typeName, t.count]));
    expect(byType.find((b) => b.label === 'источники поставки лекарств')!.count).toBeGreaterThanOrEqual(4); // the seed's and ours
    for (const b of byType) expect(b.width).toBeGreaterThan(0);
    const widest = Math.max(...byType.map((b) => b.width));
    const largest = byType.find((b) => b.count === Math.max(...byType.map((x) => x.count)))!;
    expect(largest.width).toBe(widest);

    const byUser = await bars(card.locator(tid('chart-by-user')));
    expect(byUser.find((b) => b.label === EDITOR)).toMatchObject({ count: 2 });
    expect(byUser.find((b) => b.label === ADMIN_NAME)!.count).toBe(stats.byUser.find((u: any) => u.userName === ADMIN_NAME).count);
    for (const b of byUser) expect(b.width).toBeGreaterThan(0);

    // the command history's filter form: area and search key narrow the counts
    const filter = card.locator(tid('report-filter'));
    await filter.locator(tid('filter-adminUnitId')).waitFor();
    await filter.locator(tid('filter-searchKey')).fill(EDITOR_SOURCE);
    const answer = page.waitForRequest((r) => r.url().endsWith('/api/admin/rep/cmdstatistics') && r.method() === 'POST');
    await update(card, 'cmdstatistics');
    const sent = await answer;
    expect(JSON.parse(sent.postData() ?? '{}')).toMatchObject({ iniDate: startOfToday(), searchKey: EDITOR_SOURCE });
    // and the browser says which day "today" is: its own time zone
    expect(sent.headers()['x-time-zone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await poll(async () => (await bars(card.locator(tid('chart-by-type')))).map((b) => [b.label, b.count])).toEqual([['источники поставки лекарств', 2]]);
    expect((await bars(card.locator(tid('chart-by-user')))).map((b) => [b.label, b.count])).toEqual([[EDITOR, 2]]);
  });

  it("tells a reader limited to their unit so, and shows that unit's entries only", async () => {
    const unit = (await admin.post('/api/tbl/unit/query', { pageSize: 1, page: 1 })).body.list[0]; // the editor's unit
    await createUser(env.server, admin, 'UNITREADER', [{ permission: 'ADMIN' }, { permission: 'CMDHISTORY' }], 'Reader123', { unitId: unit.id, view: 'UNIT' });
    const reader = await env.newPage();
    await signInAt(reader, 'UNITREADER', 'Reader123', `${REPORTS}/cmdhistory`);
    const card = reader.locator(tid('report-cmdhistory'));
    await card.waitFor();
    expect(await reader.locator(tid('report-scope')).innerText()).toBe(`Показаны только записи учреждения «${unit.name}»: такова ваша область видимости.`);
    await poll(() => columnTexts(card, 'Объект')).toContain(EDITOR_SOURCE);
    expect(await columnTexts(card, 'Объект')).not.toContain(ADMIN_SOURCE);
    // the administrator sees the whole workspace, and no such notice
    await openReport('cmdhistory');
    expect(await page.locator(tid('report-scope')).count()).toBe(0);
  });

  it("'Запись не найдена.' when nothing matches; a filter without iniDate is not sent", async () => {
    const card = await openReport('cmdhistory');
    await (await settledRows(card)).first().waitFor();
    const filter = card.locator(tid('report-filter'));
    const sent: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/admin/rep/cmdhistory') && sent.push(r.postData() ?? ''));

    // a search key that matches nothing
    await filter.locator(tid('filter-searchKey')).fill('нет-такой-записи');
    await update(card, 'cmdhistory');
    const empty = card.locator(tid('empty-list'));
    await empty.waitFor();
    expect(await empty.innerText()).toBe('Запись не найдена.');
    expect(await card.locator(tid('report-table')).count()).toBe(0);
    expect(sent).toHaveLength(1);

    // iniDate cleared: the form says it is required and sends nothing
    const iniItem = filter.locator('.ant-form-item').filter({ has: page.locator(tid('filter-iniDate')) });
    await iniItem.locator('.ant-picker').hover();
    await iniItem.locator('.ant-picker-clear').click();
    await filter.locator(tid('filter-searchKey')).fill('x'.repeat(51));
    await filter.locator(tid('report-update')).click();
    await iniItem.locator('.ant-form-item-explain-error').filter({ hasText: 'Обязательное поле' }).waitFor();
    const keyItem = filter.locator('.ant-form-item').filter({ has: page.locator(tid('filter-searchKey')) });
    await keyItem.locator('.ant-form-item-explain-error').filter({ hasText: 'Не более 50 символов' }).waitFor();
    expect(await empty.isVisible()).toBe(true); // the last answer stays

    // fixed: the next request is the first one since
    await typeDate(filter, 'filter-iniDate', ruDate(new Date()));
    await filter.locator(tid('filter-searchKey')).fill(EDITOR_SOURCE);
    await update(card, 'cmdhistory');
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1])).toMatchObject({ iniDate: startOfToday(), searchKey: EDITOR_SOURCE });
    await poll(() => columnTexts(card, 'Объект')).toEqual([EDITOR_SOURCE_2, EDITOR_SOURCE]);
    await poll(() => iniItem.locator('.ant-form-item-explain-error').count()).toBe(0);
  });
});
