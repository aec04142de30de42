// Shared set-up of the browser tests: the built UI (one build at a time across the test
// processes), a real seeded server on its own database, one chromium, and a login through the UI.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { clientHeader } from '../../engine/client-header.ts';
import { rootDir } from '../../server/config.ts';
import { ensureUiBuilt } from '../../server/ui-build.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { withLockDir } from '../helpers/lock-dir.ts';
import { loggedError } from '../helpers/logged-error.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** Auto-wait limit of locator actions (and of the tests' `expect.poll`s). */
export const UI_TIMEOUT = 15_000;

const TMP = join(rootDir, '.tmp');
const LOCK = join(TMP, 'ui-build.lock');

/**
 * `ensureUiBuilt()` once per test run, under a directory lock: test files run in parallel
 * processes, and a second `vite build` (say, after an edit under ui/ during the run) would empty
 * dist/ui under the pages other files have open.
 */
export async function buildUiOnce(): Promise<void> {
  await mkdir(TMP, { recursive: true });
  const marker = join(TMP, `ui-built-${inject('pgRunPrefix')}`);
  await withLockDir(LOCK, async () => {
    if (existsSync(marker)) return;
    await ensureUiBuilt();
    // markers of earlier runs are of no use
    for (const f of await readdir(TMP)) if (f.startsWith('ui-built-')) await rm(join(TMP, f), { force: true });
    await writeFile(marker, new Date().toISOString());
  });
}

export interface BrowserEnv {
  server: TestServer;
  browser: Browser;
  /** A fresh context (own cookies and stored language) with one page; closed by {@link closeEnv}. */
  newPage(): Promise<Page>;
}

const contexts = new Set<BrowserContext>();
/** The server each context's pages talk to (a failed sign-in quotes what it logged). */
const serverOf = new WeakMap<BrowserContext, TestServer>();

/**
 * A browser context on the test server: Russian, a desktop window, and reduced motion, which the
 * app honours by turning antd's animations off, so no click lands on a dialog still zooming in.
 */
export const contextOptions = (baseURL: string) =>
  ({ baseURL, viewport: { width: 1280, height: 860 }, locale: 'ru-RU', reducedMotion: 'reduce' }) as const;

/** `clientMode`: the server of the offline client build (`TB_CLIENT_MODE=true`); `server`: another test server to start (a copy of the schemas). */
export async function startEnv(opts: { clientMode?: boolean; server?: () => Promise<TestServer> } = {}): Promise<BrowserEnv> {
  await buildUiOnce();
  const [server, browser] = await Promise.all([opts.server ? opts.server() : startTestServer({ clientMode: opts.clientMode }), launchBrowser()]);
  return {
    server,
    browser,
    async newPage() {
      const context = await browser.newContext(contextOptions(server.url));
      context.setDefaultTimeout(UI_TIMEOUT);
      contexts.add(context);
      serverOf.set(context, server);
      const page = await context.newPage();
      trackRequests(page);
      // uncaught errors of the app are worth seeing when a test fails
      page.on('pageerror', (err) => console.warn(`[browser] ${page.url()}: ${err.stack ?? err.message}`));
      return page;
    },
  };
}

export async function closeEnv(env: BrowserEnv | undefined): Promise<void> {
  for (const c of contexts) await c.close().catch(() => {});
  contexts.clear();
  await env?.browser.close().catch(() => {});
  await env?.server.close();
}

/**
 * One browser environment for a test file, started before its tests and closed after them: call it
 * at the top of a `describe`, read `.env` inside the tests.
 *
 * @example
 * const ctx = useEnv();
 * it('…', async () => { const page = await ctx.env.newPage(); await loginThroughUi(page, 'ADMIN', 'Admin123'); });
 */
export function useEnv(opts: Parameters<typeof startEnv>[0] = {}): { env: BrowserEnv } {
  const holder = {} as { env: BrowserEnv };
  beforeAll(async () => {
    holder.env = await startEnv(opts);
  });
  afterAll(async () => {
    await closeEnv(holder.env);
  });
  return holder;
}

/** Per page: the requests in flight, and how many were ever started (a new one shows up as a change). */
const traffic = new WeakMap<Page, { inFlight: Set<Request>; started: number }>();

function trackRequests(page: Page): void {
  const t = { inFlight: new Set<Request>(), started: 0 };
  traffic.set(page, t);
  page.on('request', (r) => {
    t.inFlight.add(r);
    t.started++;
  });
  // a redirect finishes its request too; a navigation away fails the old document's ones
  page.on('requestfinished', (r) => t.inFlight.delete(r));
  page.on('requestfailed', (r) => t.inFlight.delete(r));
}

/**
 * Resolves once the page is drawn and done: no request in flight, no spinner (antd's `Spin` sets
 * `aria-busy`), and still so after the page's next frame and the tasks queued behind it, so a
 * fetch an effect starts right after a lazy chunk arrives is waited for too. Measured, not
 * guessed: unlike `networkidle`, no fixed 500 ms of quiet per screen.
 * @example await page.goto('/sys/home'); await pageSettled(page);
 */
export async function pageSettled(page: Page): Promise<void> {
  const t = traffic.get(page);
  if (!t) throw new Error('pageSettled: a page of newPage() only (its requests are tracked)');
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    while (t.inFlight.size > 0) {
      if (Date.now() > deadline) throw new Error(`pageSettled: still loading ${[...t.inFlight].map((r) => r.url()).join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const started = t.started;
    // a frame and the tasks behind it (React runs effects after the paint), inside the page
    const busy = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() => setTimeout(() => resolve(!!document.querySelector('[aria-busy="true"], .ant-spin-spinning')), 30)),
        ),
    );
    if (!busy && t.started === started && t.inFlight.size === 0) return;
    if (Date.now() > deadline) throw new Error(`pageSettled: ${busy ? 'a spinner still shows' : 'requests keep starting'}`);
    if (busy) await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Opens `path` in the running app as a link does (react-router's history push and the popstate it
 * listens to), without reloading the page: the bundle, the session and anything injected stay.
 * Wait for the new screen yourself (a marker of it, then {@link pageSettled}).
 * @example await openInApp(page, '/sys/admin/settings'); await page.locator(tid('admin-settings')).waitFor();
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    // react-router's own history entries carry an index; keep counting from the current one
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/**
 * Resolves when a request of `page` that `matches` has ended: answered, or failed (a screen that
 * cancels a request it no longer needs aborts it). Start waiting before the request is sent.
 * @example const late = requestEnded(page, (r) => r.url().endsWith('/api/tbl/source/query')); await click(); await late;
 */
export function requestEnded(page: Page, matches: (r: Request) => boolean): Promise<Request> {
  return new Promise((resolve) => {
    const ended = (r: Request) => {
      if (!matches(r)) return;
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
      resolve(r);
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
  });
}

/** Per environment: the signed-in page of each user {@link openAs} handed out. */
const userPages = new WeakMap<BrowserEnv, Map<string, Page>>();

/**
 * Opens `path` as `login`: on the first call for that user a page of its own, signed in through the
 * API ({@link signIn}); later calls reuse it, opening `path` in place ({@link openInApp}). Resolves
 * once the screen is done loading ({@link pageSettled}). For tests that need no fresh page: a
 * sign-in and a load of the bundle cost seconds, a screen opened in place a fraction of one.
 * @example const page = await openAs(env, 'ADMIN', 'Admin123', '/sys/admin/settings');
 */
export async function openAs(env: BrowserEnv, login: string, password: string, path: string): Promise<Page> {
  let pages = userPages.get(env);
  if (!pages) userPages.set(env, (pages = new Map()));
  let page = pages.get(login);
  if (!page || page.isClosed()) {
    page = await env.newPage();
    await signIn(page, login, password);
    pages.set(login, page);
  }
  await openInApp(page, path);
  await pageSettled(page);
  return page;
}

/** `[data-testid="id"]` */
export const tid = (id: string) => `[data-testid="${id}"]`;

/**
 * Runs `steps` with the page's CPU slowed `rate` times (Chrome's CPU throttling), as on a slow tablet.
 * @example await onSlowTablet(page, () => page.keyboard.type('Бекович'))
 */
export async function onSlowTablet(page: Page, steps: () => Promise<void>, rate = 20): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    await steps();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

/**
 * A success alert with `text` is shown, still there 2 s later, and gone 4 s after it showed — on the
 * page's clock, paused once the alert shows and moved on by hand, so no real time passes and a busy
 * machine cannot blur the bounds. The page's clock must be installed before the alert's timer starts:
 * call {@link withPageClock} before the action that shows it. The clock then flows again.
 * @example await withPageClock(page); await save(); await expectTimedSuccess(page, 'Успешно создано');
 */
export async function expectTimedSuccess(page: Page, text: string): Promise<void> {
  const alert = page.locator(tid('alert-success')).filter({ hasText: text });
  await alert.waitFor();
  // paused a moment ahead of the page's now (the clock cannot go back), 2 s after that moment, then 4 s
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  try {
    await page.clock.runFor(1_900);
    expect(await alert.isVisible()).toBe(true);
    await page.clock.runFor(2_100);
    // the alert's timer fired (the clock stands still, so a later one would not): React removes it
    await alert.waitFor({ state: 'detached', timeout: 5_000 });
  } finally {
    await page.clock.resume();
  }
}

/**
 * Puts the page's context on Playwright's clock (time flows as before, but a test can pause and move
 * it: {@link expectTimedSuccess}); timers started before this stay on the real clock. Once per context.
 * @example await withPageClock(page); await form.locator(tid('form-save')).click();
 */
export async function withPageClock(page: Page): Promise<void> {
  await page.clock.install();
}

/**
 * Fills and submits the login page. With `workspace` (a name) it expects the workspace choice
 * and picks that one. Resolves once the shell's toolbar shows.
 */
export async function loginThroughUi(page: Page, login: string, password: string, workspace?: string): Promise<void> {
  await page.goto('/login');
  await page.locator(tid('login-user')).fill(login);
  await page.locator(tid('login-password')).fill(password);
  await page.locator(tid('login-submit')).click();
  if (workspace) {
    await page.locator(tid('login-workspaces')).waitFor();
    await page.locator(tid('login-workspace-option'), { hasText: workspace }).click();
  }
  await page.locator(tid('toolbar')).waitFor();
  await page.waitForURL(/\/sys\/home$/);
}

/**
 * Signs in through the API inside the page's context (the session cookie lands in the browser as
 * the login page's request would set it), then opens the home page: the state
 * {@link loginThroughUi} ends in, without drawing and filling the login page. For tests whose
 * subject is not the login itself. With `workspace` (a name) it enters that one.
 * @example await signIn(page, 'DOCTOR1', 'Doctor123'); await page.goto(`/sys/case?id=${caseId}`);
 */
export async function signIn(page: Page, login: string, password: string, workspace?: string): Promise<void> {
  await signInAt(page, login, password, '/sys/home', workspace);
  await page.waitForURL(/\/sys\/home$/);
}

/**
 * {@link signIn}, then opens `path` instead of the home page: one page load where signing in and
 * then going to `path` take two. Resolves once the shell's toolbar shows; wait for the screen itself.
 * @example await signInAt(page, 'ADMIN', 'Admin123', '/sys/admin/tables/regimens'); await page.locator(tid('admin-tables')).waitFor();
 */
export async function signInAt(page: Page, login: string, password: string, path: string, workspace?: string): Promise<void> {
  const post = (workspaceId?: string) => page.request.post('/api/auth/login', { data: { login, password, workspaceId }, headers: { [clientHeader]: '1' } });
  let r = await post();
  if (workspace) {
    const choice = (await r.json()) as { result?: { workspaces?: { id: string; name: string }[] } };
    const id = choice.result?.workspaces?.find((w) => w.name === workspace)?.id;
    if (!id) throw new Error(`signIn ${login}: no workspace choice with ${workspace}: ${JSON.stringify(choice)}`);
    r = await post(id);
  }
  if (r.status() !== 200) {
    const text = await r.text();
    const server = serverOf.get(page.context());
    const logged = server && r.status() >= 500 ? await loggedError(server, text) : '';
    throw new Error(`signIn ${login} failed: ${r.status()} ${text} ${logged}`);
  }
  await page.goto(path);
  await page.locator(tid('toolbar')).waitFor();
}

/** A catalogue card by its exact title. */
export const card = (page: Page, title: string) =>
  page.locator(tid('catalogue-item')).filter({ has: page.locator(tid('catalogue-item-title')).getByText(title, { exact: true }) });

/** The open select dropdown (antd keeps closed ones in the DOM, hidden). */
export const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** The select around the input with this id (rjsf gives the input the field's id). */
export const selectOf = (scope: Locator, id: string) => scope.locator('.ant-select').filter({ has: scope.page().locator(`#${id}`) });

/** The label a single select shows ('' when empty; antd 6 puts it in the `title` of its content). */
export const selected = async (select: Locator) => (await select.locator('.ant-select-content').getAttribute('title')) ?? '';

/**
 * Chooses `label` in an antd select; with `search`, types the start of it first (long lists are
 * virtual: only the options in view are drawn). A multi-select stays open after a choice, so it is
 * closed here. Waits for the dropdown to close.
 */
export async function pick(page: Page, select: Locator, label: string, search = false): Promise<void> {
  await select.click();
  if (search) await page.keyboard.type(label.slice(0, 10));
  await openDropdown(page).locator(`.ant-select-item-option[title="${label}"]`).click();
  if (await select.evaluate((el) => el.classList.contains('ant-select-multiple'))) await page.keyboard.press('Escape');
  await openDropdown(page).waitFor({ state: 'detached' });
}
