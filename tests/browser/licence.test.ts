// The user licence agreement in a real browser: when the settings require it, the
// agreement comes after login in place of every screen, the server refuses the data meanwhile, and
// accepting it reaches the home page (declining signs out).
import { clientHeader } from '../../engine/client-header.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { closeEnv, loginThroughUi, startEnv, tid, type BrowserEnv } from './support.ts';

let env: BrowserEnv;

beforeAll(async () => {
  env = await startEnv();
  const admin = await env.server.login();
  const settings = { systemURL: 'https://tb.example.kg', pageRootURL: 'https://tb.example.kg/', adminMail: 'admin@example.kg', ulaActive: true };
  expect((await admin.post('/api/admin/sysconfig', settings)).status).toBe(200);
});

afterAll(async () => {
  await closeEnv(env);
});

describe('licence agreement', () => {
  it('shows after login instead of the home page; accepting it reaches the home page, for good', async () => {
    const page = await env.newPage();
    await loginThroughUi(page, 'DOCTOR1', 'Doctor123');
    const ula = page.locator(tid('ula-page'));
    await ula.waitFor();
    expect(await ula.innerText()).toContain('Пользовательское соглашение');
    expect(await page.locator(tid('home-page')).count()).toBe(0);
    // other screens are the agreement too, and the server gives nothing meanwhile
    await page.goto('/sys/user/settings');
    await ula.waitFor();
    expect(await page.locator(tid('user-settings-page')).count()).toBe(0);
    const refused = await page.request.get('/api/sys/usersettings');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).errors[0].msg).toBe('Сначала примите пользовательское соглашение');

    await page.locator(tid('ula-accept')).click();
    await page.locator(tid('user-settings-page')).waitFor();
    expect(await ula.count()).toBe(0);
    expect((await page.request.get('/api/sys/usersettings')).status()).toBe(200);
    await page.locator(tid('toolbar-home')).click();
    await page.locator(tid('home-page')).waitFor();

    // accepted once: the next login goes straight home
    const next = await env.newPage();
    await loginThroughUi(next, 'DOCTOR1', 'Doctor123');
    await next.locator(tid('home-page')).waitFor();
    expect(await next.locator(tid('ula-page')).count()).toBe(0);
  });

  it('signs out when declined', async () => {
    const page = await env.newPage();
    await loginThroughUi(page, 'ADMIN', 'Admin123');
    await page.locator(tid('ula-page')).waitFor();
    await page.locator(tid('ula-decline')).click();
    await page.waitForURL(/\/login$/);
    expect((await page.request.post('/api/sys/session', { headers: { [clientHeader]: '1' } })).status()).toBe(401);
  });

  it('comes up at the next refused call when switched on during a session', async () => {
    const requireUla = async (on: boolean) => {
      await sql`update sysconfig set ula_active = ${on}`.execute(kysely(env.server.ctx.orm.em.fork()));
      env.server.ctx.identities.clear(); // as the settings screen does on save
    };
    await requireUla(false);
    const page = await env.newPage();
    await loginThroughUi(page, 'ADMIN', 'Admin123');
    await page.locator(tid('home-page')).waitFor();
    await requireUla(true);
    await page.locator(tid('home-link-usersettings')).click();
    await page.locator(tid('ula-page')).waitFor();
    await page.locator(tid('ula-accept')).click();
    await page.locator(tid('user-settings-page')).waitFor();
  });
});
