// The web shell in a real browser: login page, toolbar, language and
// workspace dialogs, global search, /sys/start and logout — against the real server and database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoWorkspaceName } from '../../catalogues/demo/seed.ts';
import { screenshot } from '../helpers/browser.ts';
import { addWorkspace } from '../helpers/workspace.ts';
import { closeEnv, loginThroughUi, startEnv, tid, UI_TIMEOUT, type BrowserEnv } from './support.ts';

const SECOND_WS = 'Второе пространство';
let env: BrowserEnv;

beforeAll(async () => {
  env = await startEnv();
  await addWorkspace(env.server, SECOND_WS, ['ADMIN']);
});

afterAll(async () => {
  await closeEnv(env);
});

const openUserMenu = async (page: Page) => {
  await page.locator(tid('toolbar-user-menu')).click();
  await page.locator(tid('user-menu-logout')).waitFor();
};

describe('web shell in the browser', () => {
  it('logs in choosing a workspace, switches the language and the workspace, logs out', async () => {
    const page = await env.newPage();
    await page.goto('/login');
    await page.locator(tid('login-page')).waitFor();
    expect(await page.locator(tid('login-page')).innerText()).toContain('Вход в систему');
    await screenshot(page, 'login');

    // a wrong password stays on the login page with an error
    await page.locator(tid('login-user')).fill('ADMIN');
    await page.locator(tid('login-password')).fill('wrong-password');
    await page.locator(tid('login-submit')).click();
    await page.locator(tid('login-error')).waitFor();
    expect(page.url()).toMatch(/\/login$/);

    // ADMIN has two workspaces: the login page asks which one
    await page.locator(tid('login-password')).fill('Admin123');
    await page.locator(tid('login-submit')).click();
    await page.locator(tid('login-workspaces')).waitFor();
    const options = page.locator(tid('login-workspace-option'));
    expect((await options.allInnerTexts()).sort()).toEqual([SECOND_WS, demoWorkspaceName].sort());
    await options.filter({ hasText: demoWorkspaceName }).click();

    await page.waitForURL(/\/sys\/home$/);
    await page.locator(tid('home-page')).waitFor();
    expect(await page.locator(tid('toolbar-user-name')).innerText()).toBe('Администратор системы');
    expect(await page.locator(tid('home-workspace')).innerText()).toContain(demoWorkspaceName);
    expect(await page.locator(tid('toolbar-home')).innerText()).toContain('Главная');
    // 'Главная' is one link styled as a button (one tab stop), not a button inside a link
    expect(await page.locator(tid('toolbar-home')).evaluate((a) => [a.tagName, a.getAttribute('href'), a.querySelectorAll('a, button').length])).toEqual(['A', '/sys/home', 0]);
    expect(await page.locator(tid('toolbar-admin')).isVisible()).toBe(true);
    expect(await page.locator(tid('toolbar-sync')).count()).toBe(0); // not client mode
    await screenshot(page, 'shell');

    // the administrator dropdown: Каталоги, Отчеты, Настройки
    await page.locator(tid('toolbar-admin')).click();
    for (const [id, text] of [['admin-menu-tables', 'Каталоги'], ['admin-menu-reports', 'Отчеты'], ['admin-menu-settings', 'Настройки']]) {
      expect(await page.locator(tid(id)).innerText()).toBe(text);
    }
    await page.keyboard.press('Escape');

    // language: ru → en → ru; the dialog marks the current one, the toolbar follows the choice
    await openUserMenu(page);
    await page.locator(tid('user-menu-language')).click();
    await page.locator(tid('language-dialog')).waitFor();
    expect(await page.locator(tid('language-option-ru')).getAttribute('data-current')).toBe('true');
    expect(await page.locator(tid('language-option-en')).getAttribute('data-current')).toBe('false');
    await page.locator(tid('language-option-en')).click();
    await page.locator(tid('language-dialog')).waitFor({ state: 'hidden' });
    await page.locator(tid('toolbar-home')).filter({ hasText: 'Home' }).waitFor();
    await page.locator(tid('toolbar-admin')).filter({ hasText: 'Administration' }).waitFor();
    expect(await page.locator(tid('global-search')).getAttribute('placeholder')).toBe('Search');

    await openUserMenu(page);
    expect(await page.locator(tid('user-menu-logout')).innerText()).toBe('Log out');
    await page.locator(tid('user-menu-language')).click();
    expect(await page.locator(tid('language-option-en')).getAttribute('data-current')).toBe('true');
    // Cancel closes without switching
    await page.locator(tid('language-cancel')).click();
    await page.locator(tid('language-dialog')).waitFor({ state: 'hidden' });
    expect(await page.locator(tid('toolbar-home')).innerText()).toContain('Home');

    await openUserMenu(page);
    await page.locator(tid('user-menu-language')).click();
    await page.locator(tid('language-option-ru')).click();
    await page.locator(tid('toolbar-home')).filter({ hasText: 'Главная' }).waitFor();
    expect(await page.locator(tid('global-search')).getAttribute('placeholder')).toBe('Поиск');

    // workspace: the menu shows the current one; the dialog disables it
    await openUserMenu(page);
    expect(await page.locator(tid('current-workspace')).innerText()).toBe(demoWorkspaceName);
    await page.locator(tid('user-menu-workspace')).click();
    await page.locator(tid('workspace-list')).waitFor();
    const current = page.locator(tid('workspace-option'), { hasText: demoWorkspaceName });
    const other = page.locator(tid('workspace-option'), { hasText: SECOND_WS });
    expect(await current.isDisabled()).toBe(true);
    expect(await other.isEnabled()).toBe(true);

    // hold the server's answer so the wait icon can be seen; then the new name shows
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/sys/changews/**', async (route) => {
      await held;
      await route.continue();
    });
    await other.click();
    await page.locator(tid('ws-changing')).waitFor();
    expect(await page.locator(tid('home-page')).count()).toBe(0); // only the wait icon in the main area
    release();
    await page.locator(tid('ws-changing')).waitFor({ state: 'detached' });
    await page.locator(tid('home-workspace')).filter({ hasText: SECOND_WS }).waitFor();
    await page.unroute('**/api/sys/changews/**');
    await openUserMenu(page);
    expect(await page.locator(tid('current-workspace')).innerText()).toBe(SECOND_WS);
    await page.keyboard.press('Escape');

    // /sys/start only redirects home
    await page.goto('/sys/start');
    await page.waitForURL(/\/sys\/home$/);
    await page.locator(tid('home-page')).waitFor();

    // log out → the public login page; the shell is then closed to this browser
    await openUserMenu(page);
    await page.locator(tid('user-menu-logout')).click();
    await page.waitForURL(/\/login$/);
    await page.locator(tid('login-page')).waitFor();
    await page.goto('/sys/home');
    await page.waitForURL(/\/login$/);
    await page.locator(tid('login-page')).waitFor();
  });

  it('opens dialogs without animation when the system asks for reduced motion, with it otherwise', async () => {
    const animatedClasses = async (reducedMotion: 'reduce' | 'no-preference') => {
      const page = await env.newPage();
      await page.emulateMedia({ reducedMotion });
      await loginThroughUi(page, 'ADMIN', 'Admin123', demoWorkspaceName);
      // every class an element takes while the language dialog opens
      await page.evaluate(() => {
        const seen = ((window as any).__classes = new Set<string>());
        new MutationObserver((records) => {
          for (const r of records) for (const c of (r.target as Element).classList ?? []) seen.add(c);
          for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) n.querySelectorAll('*').forEach((e) => e.classList.forEach((c) => seen.add(c)));
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      });
      await openUserMenu(page);
      await page.locator(tid('user-menu-language')).click();
      await page.locator(tid('language-dialog')).waitFor();
      await page.waitForTimeout(400);
      const classes: string[] = await page.evaluate(() => [...(window as any).__classes]);
      await page.context().close();
      // antd still takes a brief "prepare" step without motion; the animated step is "-active"
      return classes.filter((c) => /-(zoom|fade|slide-up)-(appear|enter)-active$/.test(c));
    };
    expect(await animatedClasses('no-preference')).not.toEqual([]);
    expect(await animatedClasses('reduce')).toEqual([]);
  });

  it('sends the app gzipped and lets the browser keep its hashed files: the page is asked for again each time', async () => {
    const page = await fetch(`${env.server.url}/login`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const script = (await page.text()).match(/src="(\/assets\/[^"]+\.js)"/)![1];
    const zipped = await fetch(env.server.url + script, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const zippedBytes = Number(zipped.headers.get('content-length'));
    const code = await zipped.text(); // fetch unpacks it
    // a browser that does not accept gzip gets the same script as it is, twice the bytes or more
    const plain = await fetch(env.server.url + script, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(code);
    expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(2 * zippedBytes);
  });

  it('the language can be chosen on the login page too', async () => {
    const page = await env.newPage();
    await page.goto('/login');
    await page.locator(tid('login-language')).getByText('English').click();
    await page.locator(tid('login-submit')).filter({ hasText: 'Sign in' }).waitFor();
    await page.locator(tid('login-language')).getByText('Русский').click();
    await page.locator(tid('login-submit')).filter({ hasText: 'Войти' }).waitFor();
  });

  describe('global search', () => {
    let page: Page;
    const search = () => page.locator(tid('global-search'));
    const results = () => page.locator(tid('search-result'));

    beforeAll(async () => {
      page = await env.newPage();
      await loginThroughUi(page, 'ADMIN', 'Admin123', demoWorkspaceName);
    });

    // results lead to other modules' pages; each test starts again from home
    beforeEach(async () => {
      if (new URL(page.url()).pathname !== '/sys/home') await page.goto('/sys/home');
      await page.locator(tid('home-page')).waitFor();
    });

    it('shows a case’s dates as the language writes them, and the case number typed whole first', async () => {
      // a case numbered Д-0000060 with a culture conversion (26 January 2026), among patients whose names hold a «д»
      // ADMIN works in two workspaces here: the demo one, named at login
      const choice = await env.server.anonymous().post('/api/auth/login', { login: 'ADMIN', password: 'Admin123' });
      const admin = await env.server.login('ADMIN', 'Admin123', choice.body.result.workspaces.find((w: any) => w.name === demoWorkspaceName).id);
      const unitId = (await admin.post('/api/tbl/unit/query', { key: 'Бишкекский' })).body.list[0].id;
      const lab = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: any) => u.type === 'LAB').id;
      const make = async (lastName: string, name: string, caseNumber: string) => {
        const patientId = (await admin.post('/api/tbl/patient', { name, lastName, gender: 'MALE', birthDate: '1980-01-01' })).body.result;
        const r = await admin.post('/api/tbl/tbcase', { patientId, caseNumber, ownerUnitId: unitId, notificationUnitId: unitId, diagnosisType: 'CONFIRMED', classification: 'DRTB', registrationDate: '2025-12-01' });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.result as string;
      };
      await make('Абдыкадыров', 'Данияр', 'Д-0000061');
      await make('Адылов', 'Дамир', 'Д-0000600');
      const caseId = await make('Юсупов', 'Ян', 'Д-0000060');
      for (const [date, result] of [['2025-12-02', 'PLUS'], ['2026-01-26', 'NEGATIVE'], ['2026-02-25', 'NEGATIVE']]) {
        const r = await admin.post('/api/tbl/examcul', { caseId, date, laboratoryId: lab, result });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      await search().fill('Д-0000060');
      await expect.poll(() => results().first().innerText(), { timeout: UI_TIMEOUT }).toContain('Юсупов Ян');
      expect(await results().first().innerText()).toContain('Д-0000060');
      await search().fill('Юсупов Ян');
      await results().filter({ hasText: 'Юсупов Ян' }).waitFor();
      const text = await results().filter({ hasText: 'Юсупов Ян' }).innerText();
      expect(text).toContain('Дата конверсии культуры: 26.01.2026');
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      await search().press('Escape');
    });

    it('shows at most 10 results of a broad key', async () => {
      // 'район' matches many districts and district dispensaries of the demo data
      await search().fill('район');
      await page.locator(tid('search-results')).waitFor();
      await results().first().waitFor();
      expect(await results().count()).toBe(10);
      expect(await results().first().getAttribute('aria-selected')).toBe('true');
      await search().press('Escape');
      await page.locator(tid('search-results')).waitFor({ state: 'detached' });
      await expect.poll(() => search().inputValue(), { timeout: UI_TIMEOUT }).toBe('');
    });

    it('arrow keys move the selection and Enter opens the result by its type', async () => {
      // 'Сокулук': admin units of the district, its laboratory and its dispensary
      await search().fill('Сокулук');
      await results().filter({ hasText: 'Сокулукский районный противотуберкулёзный диспансер' }).waitFor();
      const types = await results().evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
      expect(types.slice(0, 3)).toEqual(['ADMINUNIT', 'ADMINUNIT', 'ADMINUNIT']);
      const unitIndex = types.indexOf('TBUNIT');
      expect(unitIndex).toBeGreaterThan(2);

      const selected = page.locator(`${tid('search-result')}[aria-selected="true"]`);
      const selectedIndex = () => results().evaluateAll((els) => els.findIndex((e) => e.getAttribute('aria-selected') === 'true'));
      expect(await selectedIndex()).toBe(0);
      await search().press('ArrowDown');
      await expect.poll(selectedIndex, { timeout: UI_TIMEOUT }).toBe(1);
      for (let i = 1; i <= unitIndex; i++) await search().press('ArrowDown');
      await search().press('ArrowUp');
      await expect.poll(selectedIndex, { timeout: UI_TIMEOUT }).toBe(unitIndex);
      expect(await selected.innerText()).toContain('Сокулукский районный противотуберкулёзный диспансер');
      const unitId = await selected.getAttribute('data-id');
      await search().press('Enter');
      await page.waitForURL((u) => u.pathname === '/sys/unit' && u.searchParams.get('id') === unitId);
      await expect.poll(() => search().inputValue(), { timeout: UI_TIMEOUT }).toBe('');
      expect(await results().count()).toBe(0);

      // an admin unit leads to the admin unit page
      await search().fill('Сокулукский район');
      await results().first().waitFor();
      expect(await results().first().getAttribute('data-type')).toBe('ADMINUNIT');
      const areaId = await results().first().getAttribute('data-id');
      await search().press('Enter');
      await page.waitForURL((u) => u.pathname === '/sys/adminunit' && u.searchParams.get('id') === areaId);

      // a workspace leads to the workspace page
      await search().fill(demoWorkspaceName);
      await results().filter({ hasText: demoWorkspaceName }).waitFor();
      await page.locator(`${tid('search-result')}[data-type="WORKSPACE"]`).click();
      await page.waitForURL((u) => u.pathname === '/sys/workspace');
    });

    it('puts a divider before the first case and opens a case by keyboard', async () => {
      // 'Ош': the city, the region, its dispensary and laboratory — and the demo patient Ошурков
      await search().fill('Ош');
      await results().filter({ hasText: 'Ошурков Алексей Викторович' }).waitFor();
      const rows = await results().evaluateAll((els) =>
        els.map((e) => ({ type: e.getAttribute('data-type'), dividerBefore: e.previousElementSibling?.getAttribute('data-testid') === 'search-divider' })),
      );
      const firstCase = rows.findIndex((r) => r.type === 'CASE_MAN' || r.type === 'CASE_WOMAN');
      expect(rows.slice(0, firstCase).map((r) => r.type).sort()).toEqual(['ADMINUNIT', 'ADMINUNIT', 'LAB', 'TBUNIT']);
      expect(rows.map((r) => r.dividerBefore)).toEqual(rows.map((_, i) => i === firstCase));
      expect(await page.locator(tid('search-divider')).count()).toBe(1);
      const caseRow = results().nth(firstCase);
      expect(await caseRow.getAttribute('data-type')).toBe('CASE_MAN');
      expect(await caseRow.innerText()).toContain('ТБ-2024-0001 · Ошский областной противотуберкулёзный диспансер');
      expect(await page.locator(tid('search-divider')).isVisible()).toBe(true);

      const caseId = await caseRow.getAttribute('data-id');
      for (let i = 0; i < firstCase; i++) await search().press('ArrowDown');
      await expect.poll(() => caseRow.getAttribute('aria-selected'), { timeout: UI_TIMEOUT }).toBe('true');
      await search().press('Enter');
      await page.waitForURL((u) => u.pathname === '/sys/case' && u.searchParams.get('id') === caseId);
      // the chosen case opens on its page
      await expect.poll(() => page.locator(tid('case-patient-name')).innerText(), { timeout: UI_TIMEOUT }).toContain('Ошурков');
      expect(await page.locator(tid('case-code')).innerText()).toContain('ТБ-2024-0001');
      expect(await page.locator(tid('pending-page')).count()).toBe(0);
      await expect.poll(() => search().inputValue(), { timeout: UI_TIMEOUT }).toBe('');

      // without cases among the results there is no divider
      await search().fill('Ошская');
      await results().first().waitFor();
      expect(await results().evaluateAll((els) => els.map((e) => e.getAttribute('data-type')).sort())).toEqual(['ADMINUNIT', 'LAB']);
      expect(await page.locator(tid('search-divider')).count()).toBe(0);
      await search().press('Escape');
    });

    it("offers only the current workspace, not the user's other one", async () => {
      await search().fill(SECOND_WS);
      await page.locator(tid('search-empty')).waitFor();
      expect(await results().count()).toBe(0);
      // the previous key's 'Запись не найдена.' stands while this one is searched: wait for this answer
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/session/search') && r.request().postDataJSON()?.key === 'пространство');
      await search().fill('пространство');
      await answered;
      await page.locator(tid('search-busy')).waitFor({ state: 'detached' });
      await page.locator(tid('search-empty')).waitFor();
      await search().fill('Демонстрац');
      await results().first().waitFor();
      expect(await results().evaluateAll((els) => els.map((e) => [e.getAttribute('data-type'), e.textContent]))).toEqual([['WORKSPACE', demoWorkspaceName]]);
      await search().press('Escape');
    });

    it("says 'Запись не найдена.' for a key that matches nothing", async () => {
      await search().fill('zzqxj-ничего');
      await page.locator(tid('search-empty')).waitFor();
      expect(await page.locator(tid('search-empty')).innerText()).toBe('Запись не найдена.');
      expect(await results().count()).toBe(0);
      await search().press('Escape');
      await page.locator(tid('search-empty')).waitFor({ state: 'detached' });
      await expect.poll(() => search().inputValue(), { timeout: UI_TIMEOUT }).toBe('');
    });

    it('clears the box when the search fails', async () => {
      await page.route('**/api/session/search', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"msg":"boom"}]}' }));
      try {
        await search().fill('Бишкек');
        await expect.poll(() => search().inputValue(), { timeout: UI_TIMEOUT }).toBe('');
        expect(await page.locator(tid('search-results')).count()).toBe(0);
      } finally {
        await page.unroute('**/api/session/search');
      }
    });
  });
});
