// The API reference page in a real browser: the OpenAPI document drawn by the server itself at
// /api/docs (Swagger UI's files answered from our own server, so it works offline in a ministry),
// linked from the system administrator's settings. A declared route shows its body's fields and the
// refusal shape {errors: [{field, msg}]}; no request of the page leaves the server's origin.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAt, tid, useEnv } from './support.ts';

const ctx = useEnv();

/** Every request the page's context makes, its address. */
function requestsOf(page: Page): string[] {
  const seen: string[] = [];
  page.context().on('request', (r) => seen.push(r.url()));
  return seen;
}

/** The requests that go to another origin than the server's (data: and blob: stay in the page). */
const leaving = (urls: string[], origin: string) => urls.filter((u) => !/^(data|blob):/.test(u) && new URL(u).origin !== origin);

/** Scrolls the reference down as a reader does (the renderer draws the operations coming into view) until `selector` shows. */
async function scrollTo(page: Page, selector: string) {
  const target = page.locator(selector);
  await page.locator('.opblock').first().waitFor();
  for (let i = 0; i < 100 && !(await target.count()); i++) await page.mouse.wheel(0, 800);
  await target.scrollIntoViewIfNeeded();
  await target.waitFor();
  return target;
}

describe('the API reference page', () => {
  it('is linked from the administrator’s settings and draws a declared route’s body and refusals from this server alone', async () => {
    const page = await ctx.env.newPage();
    const requests = requestsOf(page);
    await signInAt(page, 'ADMIN', 'Admin123', '/sys/admin/settings/api');
    const link = page.locator(tid('api-reference-link'));
    await link.waitFor();
    expect(await page.locator(tid('admin-entry-api')).innerText()).toBe('Справочник API');
    expect(await link.getAttribute('href')).toBe('/api/docs');

    const [docs] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    const errors: string[] = [];
    docs.on('pageerror', (e) => errors.push(e.message));
    // POST /api/dhis2/server declares {url, username, password}; its operation opened as a reader would
    const operation = await scrollTo(docs, '#operations-dhis2-postApiDhis2Server');
    await operation.locator('.opblock-summary-control').click();
    const body = operation.locator('.opblock-section-request-body');
    await body.waitFor();
    await body.getByRole('tab', { name: 'Schema' }).click();
    for (const field of ['url', 'username', 'password']) await expect.poll(() => body.innerText()).toContain(field);
    // a refusal: 400 with each bad field named
    const refused = operation.locator('tr.response[data-code="400"]');
    await refused.waitFor();
    const shape = (await refused.innerText()).replace(/\s+/g, '');
    expect(shape).toContain('"errors":[{"field":');
    expect(shape).toContain('"msg":"string"');

    expect(errors).toEqual([]);
    expect(requests.some((u) => u.endsWith('/api/openapi.json'))).toBe(true);
    expect(requests.some((u) => u.endsWith('/api/docs/swagger-ui-bundle.js'))).toBe(true);
    expect(leaving(requests, new URL(ctx.env.server.url).origin)).toEqual([]);
  });

  it('opens without a session, as the document does', async () => {
    const page = await ctx.env.newPage();
    const requests = requestsOf(page);
    await page.goto('/api/docs');
    const save = await scrollTo(page, '#operations-cases-postApiCasesReportSave');
    expect(await save.locator('.opblock-summary-path').innerText()).toBe('/api/cases/report/save');
    expect(await page.locator('.info .title').innerText()).toContain('TB platform API');
    expect(leaving(requests, new URL(ctx.env.server.url).origin)).toEqual([]);
  });
});
