// The set-up the case reports' browser test files share (tests/browser/case-reports.test.ts and
// tests/browser/case-report-charts.test.ts): a browser on a seeded server whose demo workspace has
// 240 generated cases, the administrator signed in on one page for the whole file (a login costs
// seconds) and through the API, the Bishkek city unit and its area, and the variables' names.
import { expect } from 'vitest';
import { beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { generateCases } from '../../cases/generate.ts';
import { kysely } from '../../server/db/kysely.ts';
import { openInApp, pageSettled, signIn, UI_TIMEOUT, useEnv, type BrowserEnv } from '../browser/support.ts';
import type { ApiClient } from './server.ts';

/** The file's browser environment (its `.env` is set once its `beforeAll` ran). */
export let ctx: { env: BrowserEnv };
/** The administrator through the API (live binding, set by {@link useReportPages}). */
export let admin: ApiClient;
/** The demo workspace's id. */
export let ws: string;
/** The demo's 'Бишкекский городской' unit. */
export let bishkekUnit: string;
/** The area of its address. */
export let bishkekArea: string;
/** Variable and filter names as the editor offers them (`report/init`), by id. */
export let names: Record<string, string>;
/** One page, signed in as the administrator, for the whole file. */
export let page: Page;

/** The server's database, read directly. */
export const db = () => kysely(ctx.env.server.ctx.orm.em.fork());
/** `expect.poll` with the browser tests' wait. */
export const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });
/** Opens `path` in the signed-in app without a reload (the bundle stays) and waits until it is drawn and done loading. */
export async function open(p: Page, path: string): Promise<void> {
  await openInApp(p, path);
  await pageSettled(p);
}

/**
 * Starts the file's browser and server, generates the cases and signs the administrator in, before
 * the file's tests. Call it once, at the top.
 * @example
 * useReportPages();
 * it('lists the reports', async () => { await open(page, '/sys/workspace/cases/reports'); });
 */
export function useReportPages(): void {
  ctx = useEnv();
  beforeAll(async () => {
    admin = await ctx.env.server.login();
    ws = (await db().selectFrom('workspace').select('id').executeTakeFirstOrThrow()).id as string;
    const units = (await admin.post('/api/tbl/unit/query', { page: 1, pageSize: 100 })).body.list as any[];
    const bishkek = units.find((u) => u.name.startsWith('Бишкекский городской'));
    bishkekUnit = bishkek.id;
    bishkekArea = (await db().selectFrom('unit').select('address_admin_unit_id').where('id', '=', bishkekUnit).executeTakeFirstOrThrow()).address_admin_unit_id as string;
    // the page signs in while the cases are generated
    const signedIn = (async () => {
      page = await ctx.env.newPage();
      await signIn(page, 'ADMIN', 'Admin123');
    })();
    await generateCases(db(), ws, 240, { seed: 'reports-browser' });
    const init = (await admin.post('/api/cases/report/init', {})).body;
    names = Object.fromEntries([...init.variables.flatMap((g: any) => g.variables), ...init.filters.flatMap((g: any) => g.filters)].map((v: any) => [v.id, v.name]));
    await signedIn;
  }, 120_000);
}
