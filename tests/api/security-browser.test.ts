// Forged requests in a real browser: a page on another port of the same host (same site, so the Lax
// cookie goes along) posting a text/plain form to the API is refused and creates nothing; and the
// built UI works under the Content-Security-Policy (no violation while logging in, opening a
// catalogue and checking and saving its form — antd's injected styles, ajv's compiled validators).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { type BrowserEnv, card, closeEnv, loginThroughUi, startEnv, tid } from '../browser/support.ts';

let env: BrowserEnv;
let admin: ApiClient;
let evil: Server;
let evilUrl: string;

/** The attacker's page: a form whose one field's name and value spell a JSON document, sent at once. */
const evilPage = (target: string, shortName: string) => `<!doctype html><html><body>
<form method="post" action="${target}/api/tbl/source" enctype="text/plain">
<input name='{"shortName":"${shortName}","name":"Подделка","customId":"' value='"}'>
</form><script>document.forms[0].submit()</script></body></html>`;

beforeAll(async () => {
  env = await startEnv();
  admin = await env.server.login();
  evil = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(evilPage(env.server.url, new URL(req.url ?? '/', 'http://x').searchParams.get('s') ?? 'EVIL'));
  });
  await new Promise<void>((r) => evil.listen(0, '127.0.0.1', () => r()));
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => evil?.close(r));
  await closeEnv(env);
});

const sources = async (shortName: string) => (await admin.post('/api/tbl/source/query', { shortName })).body.count;

/** Collects the page's CSP violations (as the browser reports them to the document). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return async () => seen;
}

describe('in the browser', () => {
  it("refuses a logged-in user's form posted by a page on another port, and creates nothing", async () => {
    const page = await env.newPage();
    await loginThroughUi(page, 'ADMIN', 'Admin123');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/tbl/source'));
    await page.goto(`${evilUrl}/?s=EVILFORM`);
    const r = await answer;
    expect(r.request().headers()['content-type']).toMatch(/^text\/plain/);
    expect(r.status()).toBe(403);
    expect(await sources('EVILFORM')).toBe(0);
    // the same user's own UI still saves
    await page.goto('/sys/home');
    expect(await page.evaluate(async () => (await fetch('/api/tbl/source', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shortName: 'OWNUI', name: 'Своя страница' }) })).status)).toBe(200);
    expect(await sources('OWNUI')).toBe(1);
  });

  it('runs the UI under its Content-Security-Policy without a violation', async () => {
    const page = await env.newPage();
    const violations = await watchCsp(page);
    await loginThroughUi(page, 'ADMIN', 'Admin123');
    await page.goto('/sys/admin/tables/sources');
    await card(page, 'Глобальный фонд для борьбы со СПИДом, туберкулёзом и малярией').waitFor();
    await page.locator(tid('catalogue-add')).click();
    const form = page.locator(tid('catalogue-form'));
    await form.waitFor();
    await form.locator(tid('form-save')).click(); // the browser-side validator (ajv) runs
    await form.locator('.ant-form-item-explain-error').first().waitFor();
    await form.getByLabel('Краткое название', { exact: true }).fill('CSP');
    await form.getByLabel('Наименование', { exact: true }).fill('Проверка политики');
    await form.locator(tid('form-save')).click();
    await page.locator(tid('alert-success')).first().waitFor();
    expect(await sources('CSP')).toBe(1);
    expect(await violations()).toEqual([]);
  });
});
