// docs/api.md's section for integrators, followed literally: the requests of its `http` blocks are read
// from the file and sent as written — plain fetch, no test client, only the cookie the sign-in answered
// put where the doc says — so a script written from the doc works, and the doc cannot drift from the
// server. Before that section existed, a script following docs/api.md sent no `X-TB-Client` and its
// sign-in was refused with 403.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../server/config.ts';
import { server, useTestServer } from '../helpers/use-server.ts';

interface DocRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** The `http` blocks of the section `heading` of docs/api.md, each a request: a request line, headers, a blank line, the body. */
function docRequests(heading: string): DocRequest[] {
  const doc = readFileSync(join(rootDir, 'docs/api.md'), 'utf8');
  const start = doc.indexOf(`## ${heading}`);
  expect(start, `docs/api.md has the section '${heading}'`).toBeGreaterThanOrEqual(0);
  const end = doc.indexOf('\n## ', start + 3);
  const section = doc.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```http\n([\s\S]*?)```/g)].map(([, block]) => {
    const lines = block.split('\n').map((l) => l.trim());
    const [method, path] = lines[0].split(/\s+/);
    const blank = lines.indexOf('', 1);
    const headers = Object.fromEntries(lines.slice(1, blank).map((h) => [h.slice(0, h.indexOf(':')).trim(), h.slice(h.indexOf(':') + 1).trim()]));
    return { method, path, headers, body: lines.slice(blank + 1).join('\n').trim() };
  });
}

const SECTION = 'Calling the API from a script (an integrator)';

/** Sends a documented request as written, the cookie placeholder replaced by `cookie`; its status, body and Set-Cookie. */
async function send(r: DocRequest, cookie: string, without: string[] = []) {
  const headers = Object.fromEntries(
    Object.entries(r.headers)
      .filter(([k]) => !without.includes(k.toLowerCase()))
      .map(([k, v]) => [k, v.replace(/tbsid=<[^>]*>/, cookie)]),
  );
  const res = await fetch(server.url + r.path, { method: r.method, headers, body: r.body || undefined });
  return { status: res.status, body: await res.json(), setCookie: res.headers.get('set-cookie') ?? '' };
}

useTestServer();

describe('a script following docs/api.md', () => {
  it('signs in, creates and finds a row, and signs out with the requests the doc shows', async () => {
    const [login, create, query, logout] = docRequests(SECTION);
    expect([login, create, query, logout].map((r) => `${r?.method} ${r?.path}`)).toEqual([
      'POST /api/auth/login', 'POST /api/tbl/source', 'POST /api/tbl/source/query', 'POST /api/auth/logout',
    ]);
    const signedIn = await send(login, '');
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const cookie = signedIn.setCookie.split(';')[0];
    expect(cookie).toMatch(/^tbsid=.+/);

    const made = await send(create, cookie);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const found = await send(query, cookie);
    expect(found.status).toBe(200);
    expect(found.body.list.map((s: { name: string }) => s.name)).toEqual(['Лаборатория, созданная скриптом']);

    expect((await send(logout, cookie)).status).toBe(200);
    expect((await send(query, cookie)).status).toBe(401);
  });

  it('is refused (403, nothing created) when it leaves out the X-TB-Client header the doc names', async () => {
    const [login, create, query] = docRequests(SECTION);
    const refused = await send(login, '', ['x-tb-client']);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([{ field: null, msg: 'Запрос со страницы другого сайта отклонён' }]);

    const cookie = (await send(login, '')).setCookie.split(';')[0];
    const noHeader = { ...create, body: create.body.replace('SCRIPT1', 'SCRIPT2') };
    expect((await send(noHeader, cookie, ['x-tb-client'])).status).toBe(403);
    const found = await send({ ...query, body: '{"shortName": "SCRIPT2"}' }, cookie);
    expect(found.body.count).toBe(0);
  });
});
