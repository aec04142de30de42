// Settings screens in a real browser: the system configuration
// with its clearing rules, the workspace settings card (read-only → Edit → Save or Cancel), and
// self-registration on the login page once the configuration allows it.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { addWorkspace, type ExtraWorkspace } from '../helpers/workspace.ts';
import { closeEnv, openDropdown, pick, selected, selectOf, signInAt, startEnv, tid, type BrowserEnv, UI_TIMEOUT } from './support.ts';

const DEMO_WS = 'Демонстрационная';
const OTHER_WS = 'Другое пространство';
const BASE = { systemURL: 'https://tb.example.kg', pageRootURL: 'https://tb.example.kg/', adminMail: 'admin@example.kg', ulaActive: false };
let env: BrowserEnv;
let admin: ApiClient;
let other: ExtraWorkspace;

beforeAll(async () => {
  env = await startEnv();
  // a session in the demo workspace, before ADMIN gets a second one (the configuration may pick either)
  admin = await env.server.login();
  other = await addWorkspace(env.server, OTHER_WS, ['ADMIN']);
});

afterAll(async () => {
  await closeEnv(env);
});

/** The labels a select offers, once they are `expected` (typing `typed` first; read while open, then closed again). */
async function expectOffered(page: Page, select: Locator, expected: string[], typed = ''): Promise<void> {
  await select.click();
  const dropdown = openDropdown(page);
  await dropdown.waitFor();
  if (typed) await page.keyboard.type(typed);
  const labels = () => dropdown.locator('.ant-select-item-option').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
  await expect.poll(labels, { timeout: UI_TIMEOUT }).toEqual(expected);
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'detached' });
}

describe('settings screens', () => {
  it('system configuration: the registration targets follow allowRegPage and the workspace, and are saved', async () => {
    const page = await env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', '/sys/admin/settings/sysconfig', DEMO_WS);
    const form = page.locator(tid('sysconfig-page')).locator(tid('schema-form'));
    await form.waitFor();
    const workspace = form.locator(tid('ref-root_workspace'));
    const unit = form.locator(tid('ref-root_unit'));
    const profile = form.locator(tid('ref-root_userProfile'));
    const allowReg = form.locator('#root_allowRegPage');

    await form.locator('#root_systemURL').fill(BASE.systemURL);
    await form.locator('#root_pageRootURL').fill(BASE.pageRootURL);
    await form.locator('#root_adminMail').fill(BASE.adminMail);
    // registration off: no workspace, unit or profile to choose
    expect(await allowReg.isChecked()).toBe(false);
    expect(await workspace.count()).toBe(0);

    // on: the workspace first, then the unit and profile of that workspace
    await allowReg.check();
    await workspace.waitFor();
    expect(await unit.count()).toBe(0);
    expect(await profile.count()).toBe(0);
    await pick(page, workspace, DEMO_WS, true);
    await pick(page, unit, 'Национальный центр фтизиатрии', true);
    await pick(page, profile, 'Медсестра', true);
    expect(await selected(unit)).toBe('Национальный центр фтизиатрии');
    expect(await selected(profile)).toBe('Медсестра');

    // off again: all three cleared (ticking it back shows an empty workspace and nothing under it)
    await allowReg.uncheck();
    await workspace.waitFor({ state: 'detached' });
    expect(await unit.count()).toBe(0);
    expect(await profile.count()).toBe(0);
    await allowReg.check();
    await workspace.waitFor();
    expect(await selected(workspace)).toBe('');
    expect(await unit.count()).toBe(0);
    expect(await profile.count()).toBe(0);

    // another workspace clears the unit and the profile, whose options are now of that workspace
    await pick(page, workspace, DEMO_WS, true);
    await pick(page, unit, 'Национальный центр фтизиатрии', true);
    await pick(page, profile, 'Медсестра', true);
    // the lists are the demo workspace's (schema: x-options-params workspaceId ← workspace) …
    await expectOffered(page, unit, [], OTHER_WS);
    await pick(page, workspace, OTHER_WS, true);
    await expect.poll(() => selected(unit), { timeout: UI_TIMEOUT }).toBe('');
    expect(await selected(profile)).toBe('');
    // … and now the other workspace's: its one unit and one profile
    await expectOffered(page, unit, [`${OTHER_WS} — диспансер`]);
    await expectOffered(page, profile, ['Все права']);
    await pick(page, unit, `${OTHER_WS} — диспансер`, true);
    await pick(page, profile, 'Все права', true);

    await form.locator(tid('form-save')).click();
    const success = page.locator(tid('alert-success'));
    await success.waitFor();
    expect(await success.innerText()).toContain('Смена конфигурации системы прошла успешно');
    expect((await admin.get('/api/admin/sysconfig')).body).toMatchObject({
      ...BASE, allowRegPage: true, workspace: other.workspaceId, unit: other.unitId, userProfile: other.profileId,
    });
    // the form shows the saved copy
    await expect.poll(() => selected(form.locator(tid('ref-root_workspace'))), { timeout: UI_TIMEOUT }).toBe(OTHER_WS);
    expect(await form.locator('#root_systemURL').inputValue()).toBe(BASE.systemURL);
  });

  it('workspace settings: read-only card, Edit, Save shows the new value; Cancel changes nothing', async () => {
    const page = await env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', '/sys/workspace/general/settings', DEMO_WS);
    const card = page.locator(tid('workspace-settings')).locator(tid('readonly-form-card'));
    await card.waitFor();
    const value = (label: string) => card.locator('tr').filter({ has: page.locator('th').getByText(label, { exact: true }) }).locator('td');
    const min = 'Минимальный запас, мес.';
    const max = 'Максимальный запас, мес.';
    await value(min).waitFor();
    expect(await value('Наименование').innerText()).toBe(DEMO_WS);
    const minBefore = await value(min).innerText();
    const maxBefore = await value(max).innerText();
    const minAfter = minBefore === '5' ? '4' : '5';
    expect(await card.locator('input').count()).toBe(0); // read-only

    // Edit opens the form on the edit copy; Save returns to the card with the new value
    await card.locator(tid('card-edit')).click();
    const form = card.locator(tid('schema-form'));
    await form.waitFor();
    expect(await card.locator(tid('card-edit')).count()).toBe(0);
    // stock months are 1–12 selects
    expect(await selected(selectOf(form, 'root_minStockOnHand'))).toBe(minBefore);
    await pick(page, selectOf(form, 'root_minStockOnHand'), minAfter);
    await form.locator(tid('form-save')).click();
    await form.waitFor({ state: 'detached' });
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно обновлено' }).waitFor();
    expect(await value(min).innerText()).toBe(minAfter);
    expect(await value(max).innerText()).toBe(maxBefore);
    const workspaceId = (await admin.post('/api/sys/session')).body.workspaceId;
    expect((await admin.get(`/api/tbl/workspace/${workspaceId}`)).body.minStockOnHand).toBe(Number(minAfter));

    // Cancel: back to the card, nothing changed
    await card.locator(tid('card-edit')).click();
    await form.waitFor();
    await pick(page, selectOf(form, 'root_maxStockOnHand'), maxBefore === '11' ? '10' : '11');
    await form.locator(tid('form-cancel')).click();
    await form.waitFor({ state: 'detached' });
    await card.locator(tid('card-edit')).waitFor();
    expect(await value(max).innerText()).toBe(maxBefore);
    expect(await value(min).innerText()).toBe(minAfter);
    expect((await admin.get(`/api/tbl/workspace/${workspaceId}`)).body.maxStockOnHand).toBe(Number(maxBefore));
  });

  it('self-registration: the login page offers it once allowed, and the new user waits for the e-mail', async () => {
    const demo = {
      workspace: (await admin.post('/api/sys/session')).body.workspaceId,
      unit: (await admin.post('/api/tbl/unit/query', { name: 'Национальный центр фтизиатрии' })).body.list[0].id,
      userProfile: (await admin.post('/api/tbl/userprofile/query', { name: 'Медсестра' })).body.list[0].id,
    };
    expect((await admin.post('/api/admin/sysconfig', { ...BASE, allowRegPage: true, ...demo })).body).toEqual({ success: true });

    const page = await env.newPage();
    await page.goto('/login');
    await page.locator(tid('login-register')).click();
    const form = page.locator(tid('register-form'));
    await form.waitFor();
    expect(await form.locator(tid('register-workspace')).innerText()).toBe(`Рабочее пространство: ${DEMO_WS}`);
    await form.locator(tid('register-login')).fill('selfreg');
    expect(await form.locator(tid('register-login')).inputValue()).toBe('SELFREG'); // upper case as typed
    await form.locator(tid('register-name')).fill('Самостоятельный Пользователь');
    await form.locator(tid('register-email')).fill('selfreg@example.org');
    await form.locator(tid('register-password')).fill('Self1234');
    await form.locator(tid('register-repeat')).fill('Self1234');
    const outbox = env.server.ctx.config.outboxDir;
    const before = new Set(await readdir(outbox).catch(() => [] as string[]));
    await form.locator(tid('register-submit')).click();

    const done = page.locator(tid('register-success'));
    await done.waitFor();
    expect(await done.innerText()).toContain('Регистрация прошла успешно. Подтвердите адрес эл. почты по ссылке из письма, затем войдите.');
    expect(await form.count()).toBe(0);
    await page.locator(tid('login-user')).waitFor();

    // the account is in the configured workspace, unit and profile, its e-mail not confirmed yet
    const listed = (await admin.post('/api/tbl/userws/query', { login: 'SELFREG' })).body.list;
    expect(listed).toHaveLength(1);
    const user = (await admin.get(`/api/tbl/userws/form/${listed[0].id}`)).body;
    expect(user).toMatchObject({ name: 'Самостоятельный Пользователь', email: 'selfreg@example.org', unitId: demo.unit, profiles: [demo.userProfile], emailConfirmed: false });
    // and the confirmation link went to that address
    const mails = await Promise.all((await readdir(outbox)).filter((f) => !before.has(f)).map(async (f) => JSON.parse(await readFile(join(outbox, f), 'utf8'))));
    expect(mails.map((m) => m.to.map((t: { address: string }) => t.address))).toEqual([['selfreg@example.org']]);
    expect(mails[0].text).toContain('https://tb.example.kg/api/pub/confirmemail/');
  });
});
