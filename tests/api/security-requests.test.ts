// Forged requests, the request-size bound, the usual response headers and the
// bounded error-log copy of a failed request (item 5), on a real server and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { clientHeader } from '../../engine/client-header.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { causeServerError } from '../helpers/failure.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { kysely } from '../../server/db/kysely.ts';

let port: string;

useTestServer();
beforeAll(async () => {
  port = new URL(server.url).port;
});

/** A raw request with the admin's cookie, as a browser would send it. */
const send = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string }) =>
  fetch(server.url + path, { method: init.method ?? 'POST', headers: { cookie: admin.cookie, ...init.headers }, body: init.body });

const sources = async (shortName: string) => (await admin.post('/api/tbl/source/query', { shortName })).body.count;

/** The body of a `text/plain` HTML form whose one field's name and value spell a JSON document. */
const plainFormBody = (shortName: string) => `{"shortName":"${shortName}","name":"Подделка","customId":"="}\r\n`;

describe('forged requests', () => {
  it('refuses a text/plain form posted from a page on another port of the same host, and creates nothing', async () => {
    const r = await send('/api/tbl/source', { headers: { 'content-type': 'text/plain', origin: `http://127.0.0.1:${Number(port) + 1}`, 'sec-fetch-site': 'same-site' }, body: plainFormBody('EVIL1') });
    expect(r.status).toBe(403);
    const body = await r.json();
    expect(body).toMatchObject({ success: false, errors: [{ field: null, msg: 'Запрос со страницы другого сайта отклонён' }] });
    expect(await sources('EVIL1')).toBe(0);
  });

  it('refuses a body that is not JSON even from the same origin or without one (415), and creates nothing', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'content-type': 'text/plain', origin: server.url },
      { 'content-type': 'text/plain;charset=UTF-8' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'multipart/form-data; boundary=x' },
      {},
    ]) {
      const r = await send('/api/tbl/source', { headers, body: plainFormBody('EVIL2') });
      expect(r.status, JSON.stringify(headers)).toBe(415);
      expect((await r.json()).errors).toEqual([{ field: null, msg: 'Тело запроса должно быть в формате JSON (Content-Type: application/json)' }]);
    }
    expect(await sources('EVIL2')).toBe(0);
  });

  it('refuses JSON from another origin, an opaque origin or a same-site page without Origin', async () => {
    const json = JSON.stringify({ shortName: 'EVIL3', name: 'Подделка' });
    for (const headers of <Record<string, string>[]>[
      { origin: 'http://evil.example' },
      { origin: `http://localhost:${port}` },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const r = await send('/api/tbl/source', { headers: { 'content-type': 'application/json', ...headers }, body: json });
      expect(r.status, JSON.stringify(headers)).toBe(403);
    }
    // deletes and logins too
    const any = (await admin.post('/api/tbl/source/query', { pageSize: 1, page: 1 })).body.list[0];
    expect((await send(`/api/tbl/source/${any.id}`, { method: 'DELETE', headers: { origin: 'http://evil.example' } })).status).toBe(403);
    expect((await admin.get(`/api/tbl/source/${any.id}`)).status).toBe(200);
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://evil.example' }, body: JSON.stringify({ login: 'ADMIN', password: 'Admin123' }) });
    expect(login.status).toBe(403);
    expect(login.headers.get('set-cookie')).toBeNull();
    expect(await sources('EVIL3')).toBe(0);
  });

  it('accepts the origins listed in TB_ORIGINS (a public name in front of the server)', async () => {
    const post = () => send('/api/tbl/source/query', { headers: { 'content-type': 'application/json', origin: 'https://tb.example.org' }, body: '{}' });
    expect((await post()).status).toBe(403);
    server.ctx.config.allowedOrigins.push('https://tb.example.org/'); // as configFromEnv reads TB_ORIGINS
    try {
      expect((await post()).status).toBe(200);
    } finally {
      server.ctx.config.allowedOrigins.pop();
    }
  });

  it('serves the UI (its own origin, JSON or no body) and our clients (their X-TB-Client header)', async () => {
    const json = { 'content-type': 'application/json', origin: server.url, 'sec-fetch-site': 'same-origin' };
    const created = await send('/api/tbl/source', { headers: json, body: JSON.stringify({ shortName: 'UI1', name: 'Из интерфейса' }) });
    expect(created.status).toBe(200);
    // the UI's calls without a body carry no content type
    expect((await send('/api/sys/session', { headers: { origin: server.url, 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    // a browser without Fetch Metadata: its own Origin is proof enough for a POST
    expect((await send('/api/sys/session', { headers: { origin: server.url } })).status).toBe(200);
    expect((await send('/api/tbl/source/query', { headers: { 'content-type': 'application/json; charset=utf-8', [clientHeader]: '1' }, body: '{}' })).status).toBe(200);
    expect((await admin.post('/api/tbl/source', { shortName: 'API1', name: 'Из скрипта' })).status).toBe(200);
    expect(await sources('UI1')).toBe(1);
    expect(await sources('API1')).toBe(1);
  });

  it('refuses a state change that proves nothing of its origin (no Fetch Metadata, Origin or client header), and creates nothing', async () => {
    for (const headers of <Record<string, string>[]>[{ 'content-type': 'application/json' }, { 'content-type': 'application/json', 'sec-fetch-site': 'none' }]) {
      const r = await send('/api/tbl/source', { headers, body: JSON.stringify({ shortName: 'EVIL4', name: 'Подделка' }) });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect((await r.json()).errors).toEqual([{ field: null, msg: 'Запрос со страницы другого сайта отклонён' }]);
    }
    expect(await sources('EVIL4')).toBe(0);
  });

  it('refuses the state-changing GETs (validate, reopen, undo a transfer) unless same-origin: a link or an image of another site changes nothing', async () => {
    const unit = await unitNamed(admin, 'Бишкекский');
    const id = await createCase(admin, await newPatient(admin, { name: 'Ссылкин', lastName: 'Картинкин', gender: 'MALE', birthDate: '1970-01-01' }), unit);
    const stored = () => kysely(server.ctx.orm.em.fork()).selectFrom('tbcase').select(['validated', 'state']).where('id', '=', id).executeTakeFirstOrThrow();
    const before = await stored();
    expect(before.validated).toBe(false);
    for (const path of [`/api/cases/case/validate/${id}`, `/api/cases/case/reopen/${id}`, `/api/cases/case/undotransferout/${id}`]) {
      // an <img> in a browser without Fetch Metadata sends the cookie and nothing else; others say where they come from
      for (const headers of <Record<string, string>[]>[{}, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'none' }, { 'sec-fetch-site': 'cross-site', [clientHeader]: '1' }]) {
        const r = await send(path, { method: 'GET', headers });
        expect(r.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(await stored()).toEqual(before);
    // the UI's own call (Chromium's Sec-Fetch-Site, or our client's header) validates
    expect((await send(`/api/cases/case/validate/${id}`, { method: 'GET', headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    expect((await stored()).validated).toBe(true);
  });
});

describe('response headers', () => {
  it('sends a page CSP, X-Frame-Options DENY, nosniff and a Referrer-Policy on the pages (the UI, the API reference)', async () => {
    for (const path of ['/', '/api/docs']) {
      const r = await fetch(server.url + path);
      expect(r.status, path).toBe(200);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'[^;]*;/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('same-origin');
      expect(r.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(r.headers.get('cache-control'), path).not.toBe('no-store');
      expect(r.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it("keeps every API answer out of caches and lets nothing load in it (OWASP's REST headers): a list, a refusal, the health check, a download", async () => {
    const answers = {
      list: await send('/api/tbl/source/query', { headers: { 'content-type': 'application/json', [clientHeader]: '1' }, body: '{}' }),
      'no session': await fetch(server.url + '/api/tbl/source/query', { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1' }, body: '{}' }),
      'not found': await send('/api/no/such/route', { method: 'GET' }),
      health: await fetch(server.url + '/api/health'),
      download: await send('/api/import/template/newnotif_tb', { method: 'GET' }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status]))).toEqual({ list: 200, 'no session': 401, 'not found': 404, health: 200, download: 200 });
    for (const [what, r] of Object.entries(answers)) {
      expect(r.headers.get('cache-control'), what).toBe('no-store');
      expect(r.headers.get('content-security-policy'), what).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers.get('x-frame-options'), what).toBe('DENY');
      expect(r.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(r.headers.get('referrer-policy'), what).toBe('same-origin');
      expect(r.headers.get('cross-origin-resource-policy'), what).toBe('same-origin');
      // a page's headers say nothing to JSON or a file
      expect(r.headers.get('cross-origin-opener-policy'), what).toBeNull();
      expect(r.headers.get('x-xss-protection'), what).toBeNull();
      expect(r.headers.get('strict-transport-security'), what).toBeNull();
    }
  });
});

describe('error log', () => {
  it('keeps at most 8 KB of a failed request, saying it was cut', async () => {
    const r = await causeServerError(server, admin, { notes: 'я'.repeat(50_000) });
    expect(r.status).toBe(500);
    const row = await kysely(server.ctx.orm.em.fork()).selectFrom('errorlog').select('request').where('id', '=', r.body.errorId).executeTakeFirstOrThrow();
    expect(row.request!.length).toBeLessThan(8192 + 100);
    expect(row.request).toMatch(/^\{"name":"Администратор системы"/);
    expect(row.request).toMatch(/… \[cut: \d+ characters in all\]$/);
    const today = await admin.post('/api/admin/rep/todayerrorlog', {});
    expect(JSON.stringify(today.body).length).toBeLessThan(100_000);
  });
});

// Last: the server answers 413 before it has read the streamed body, and closes that connection.
describe('request size', () => {
  it('refuses a body over the limit with 413 {errors}, whether its length is declared or streamed', async () => {
    const big = JSON.stringify({ key: 'x'.repeat(3 * 1024 * 1024) });
    const r = await send('/api/tbl/source/query', { headers: { 'content-type': 'application/json' }, body: big });
    expect(r.status).toBe(413);
    expect((await r.json()).errors[0].msg).toMatch(/^Запрос слишком велик \(не более 2048 KB\)$/);
    const chunks = new ReadableStream({
      start(ctl) {
        for (let i = 0; i < 3; i++) ctl.enqueue(new TextEncoder().encode('x'.repeat(1024 * 1024)));
        ctl.close();
      },
    });
    const streamed = await fetch(`${server.url}/api/tbl/source/query`, { method: 'POST', headers: { cookie: admin.cookie, 'content-type': 'application/json' }, body: chunks, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
  });
});
