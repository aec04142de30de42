// The offline client's set-up page in a real browser: a unit of 300 generated cases (more than
// one feed page), the client reaching its server through a proxy the test slows down and cuts. The page
// shows the phase, the rows received of the total the server announced, a bar that moves as pages
// arrive and the time left; when the network goes in the middle, it says why in Russian with what to do,
// offers to go on — and never shows success beside the error (the page before showed 'Клиент
// инициализирован' and a login button next to the raw SQL error); the client's status does not call it a
// restart. With the network back, the set-up resumes where it stopped and ends initialised.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCases } from '../../cases/generate.ts';
import { kysely } from '../../server/db/kysely.ts';
import { feedGenerated } from '../../server/tbl/feed-generated.ts';
import { unitNamed } from '../helpers/cases.ts';
import { ApiClient, startTestServer, type TestServer } from '../helpers/server.ts';
import { startOfflineClient, type OfflineClient } from '../helpers/sync-client.ts';
import { createUser } from '../helpers/users.ts';
import { closeEnv, startEnv, tid, UI_TIMEOUT, type BrowserEnv } from './support.ts';

const PASSWORD = 'Passw0rd';
let central: TestServer;
let fresh: OfflineClient;
let env: BrowserEnv;
let proxy: Server;
let proxyUrl: string;
/** What the proxy does to the feed's pages: pass them, hold each a while, or drop the connection (the network gone). */
let feed: 'pass' | 'slow' | 'down' = 'pass';

/** Forwards a request to the central server, as the network between a unit and its server would. */
async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  if (req.url?.startsWith('/api/sync/changes')) {
    if (feed === 'slow') await new Promise((r) => setTimeout(r, 1500));
    if (feed === 'down') return void req.socket.destroy();
  }
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k))) as Record<string, string>;
  const r = await fetch(central.url + req.url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
  const body = Buffer.from(await r.arrayBuffer());
  const out: Record<string, string> = {};
  r.headers.forEach((v, k) => {
    if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(k)) out[k] = v;
  });
  res.writeHead(r.status, out).end(body);
}

beforeAll(async () => {
  central = await startTestServer();
  const admin = await central.login();
  const bishkek = await unitNamed(admin, 'Бишкекский');
  const db = kysely(central.ctx.orm.em.fork());
  const ws = String((await db.selectFrom('unit').select('workspace_id').where('id', '=', bishkek).executeTakeFirstOrThrow()).workspace_id);
  await generateCases(db, ws, 300, { unitIds: [bishkek], numberPrefix: 'НАСТР-' });
  await feedGenerated(central.ctx, ws);
  await createUser(central, admin, 'SETUPUI', [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }], PASSWORD, { unitId: bishkek, view: 'UNIT' });
  proxy = createServer((req, res) => void forward(req, res).catch(() => req.socket.destroy()));
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  fresh = await startOfflineClient(central.url, 'SETUPUI', PASSWORD, { initialise: false });
  env = await startEnv({
    server: async () => ({
      ...fresh.server,
      databaseUrl: fresh.databaseUrl,
      anonymous: () => new ApiClient(fresh.server.url),
      login: (login = 'SETUPUI', password = PASSWORD) => fresh.login(login, password),
      close: async () => {
        await fresh.close();
        await central.close();
      },
    }),
  });
}, 300_000);
afterAll(async () => {
  await closeEnv(env);
  await new Promise((r) => proxy?.close(r));
});

describe('the set-up page', () => {
  it('shows real progress; a network lost half-way is an error with what to do and no success; it then resumes to the end', async () => {
    const page = await env.newPage();
    await page.goto(`${fresh.server.url}/login`); // a client not set up sends its login page to the set-up
    await page.locator(tid('client-init') + '[data-step="form"]').waitFor();
    feed = 'slow';
    await page.locator(tid('client-init-server')).fill(proxyUrl);
    await page.locator(tid('client-init-login')).fill('SETUPUI');
    await page.locator(tid('client-init-password')).fill(PASSWORD);
    await page.locator(tid('client-init-start')).click();

    // the first page written: rows received of the announced total, the bar part-way, a phase, no resumption
    const received = page.locator(tid('client-init-received'));
    await page.waitForFunction(() => /Получено записей: [1-9]\d* из \d+/.test(document.querySelector('[data-testid="client-init-received"]')?.textContent ?? ''), undefined, { timeout: UI_TIMEOUT * 4 });
    const [, got, total] = /Получено записей: (\d+) из (\d+)/.exec(await received.innerText())!.map(Number);
    expect(got).toBeLessThan(total);
    const percent = Number((await page.locator(`${tid('client-init-progress')} .ant-progress-indicator, ${tid('client-init-progress')} .ant-progress-text`).first().innerText()).replace(/\D/g, ''));
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThan(100);
    expect(await page.locator(tid('client-init-resumed')).getAttribute('data-resumed')).toBe('false');
    expect(await page.locator(tid('client-init-left')).innerText()).toMatch(/Осталось около \d+ (с|мин)|Оценка оставшегося времени/);

    // the network goes: the next page never arrives
    feed = 'down';
    const error = page.locator(tid('client-init-error'));
    await error.waitFor({ timeout: UI_TIMEOUT * 4 });
    expect(await error.innerText()).toContain('Сервер недоступен');
    expect(await error.innerText()).toContain('Повторите инициализацию: уже полученное сохранено, она продолжится с того же места');
    expect(await page.locator(tid('client-init')).getAttribute('data-step')).toBe('form');
    expect(await page.locator(tid('client-init')).innerText()).not.toContain('Клиент инициализирован');
    expect(await page.locator(tid('client-init-login-button')).count()).toBe(0);
    expect(await page.locator(tid('client-init-start')).innerText()).toContain('Продолжить инициализацию');
    // its status, for a user of the unit who logs in meanwhile: the set-up's reason, not a restart
    const user = await fresh.login('SETUPUI', PASSWORD);
    const status = (await user.get('/api/offline/client/sync/status')).body;
    expect(status.id).toBe('ERROR');
    expect(status.error).toContain('Сервер недоступен');
    expect(status.error).not.toContain('перезапущен');

    // the network back: the address and login still there, the password typed again, it goes on from there
    feed = 'pass';
    expect([await page.locator(tid('client-init-server')).inputValue(), await page.locator(tid('client-init-login')).inputValue()]).toEqual([proxyUrl, 'SETUPUI']);
    await page.locator(tid('client-init-password')).fill(PASSWORD);
    await page.locator(tid('client-init-start')).click();
    await page.locator(tid('client-init') + '[data-step="running"]').waitFor();
    // done, or an error: which one, and why
    await page.locator(`${tid('client-init')}[data-step="done"], ${tid('client-init-error')}`).first().waitFor({ timeout: UI_TIMEOUT * 6 });
    expect(await page.locator(tid('client-init')).getAttribute('data-step'), await page.locator(tid('client-init')).innerText()).toBe('done');
    expect(await page.locator(tid('client-init-error')).count()).toBe(0);
    expect(await page.locator(tid('client-init')).innerText()).toContain('Клиент инициализирован');
    const state = (await new ApiClient(fresh.server.url).get('/api/offline/client/init')).body;
    expect([state.initialised, state.resumed, state.received]).toEqual([true, true, state.total]);
    expect(state.receivedBefore).toBeGreaterThanOrEqual(got);
  }, 300_000);
});
