// The offline client build (`TB_CLIENT_MODE=true`) in a real browser: the toolbar
// offers Synchronize and no administration dropdown, even to the administrator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeEnv, loginThroughUi, startEnv, tid, type BrowserEnv } from './support.ts';

let env: BrowserEnv;

beforeAll(async () => {
  env = await startEnv({ clientMode: true });
});

afterAll(async () => {
  await closeEnv(env);
});

describe('client mode', () => {
  it('shows Synchronize and hides the administrator dropdown', async () => {
    const page = await env.newPage();
    await loginThroughUi(page, 'ADMIN', 'Admin123');
    await page.locator(tid('home-page')).waitFor();
    const sync = page.locator(tid('toolbar-sync'));
    expect(await sync.innerText()).toContain('Синхронизация');
    expect(await page.locator(tid('toolbar-admin')).count()).toBe(0);
    // the home page follows the toolbar: synchronisation offered, administration not
    expect(await page.locator(tid('home-link-sync')).count()).toBe(1);
    expect(await page.locator(tid('home-link-tables')).count()).toBe(0);

    await sync.click();
    await page.waitForURL(/\/sys\/sync$/);
    await page.locator(tid('sync-page')).waitFor();
  });
});
