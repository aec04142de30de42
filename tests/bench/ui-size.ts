/**
 * `npm run bench:ui`: the gzip size of the JavaScript a browser really loads for each first route —
 * the login page, the shell with the home page, a unit's case list, a case — beside a report (whose
 * chunk brings the chart library) and the workspace dashboard. Measured from Chromium's network log
 * (gzip level 9 of each file as served) in a fresh browser context per route, once the route has
 * rendered and the network is quiet. It also says which loaded files hold the chart library
 * (apexcharts): only the report and dashboard routes may. Runs on an in-memory embedded database.
 * Exits 1 only when the login route is over its 350 KB budget; CI runs none of it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { ensureUiBuilt } from '../../server/ui-build.ts';
import { uiDist } from '../../server/config.ts';
import { kysely } from '../../server/db/kysely.ts';
import { startServer } from '../../app/start.ts';
import { launchBrowser } from '../helpers/browser.ts';

const BUDGET = 350 * 1024;
const gz = (paths: Iterable<string>) => [...paths].reduce((sum, p) => sum + gzipSync(readFileSync(join(uiDist, p)), { level: 9 }).length, 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
/** A file holds the chart library when it carries apexcharts' own class names. */
const hasCharts = (p: string) => readFileSync(join(uiDist, p), 'utf8').includes('apexcharts-legend');

/** The JS files a page loads from now on. */
function watch(page: Page): Set<string> {
  const loaded = new Set<string>();
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.js')) loaded.add(path);
  });
  return loaded;
}

async function login(page: Page, url: string) {
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
  await page.getByTestId('login-user').fill('ADMIN');
  await page.getByTestId('login-password').fill('Admin123');
  await page.getByTestId('login-submit').click();
  // the URL changes before the shell's lazy chunks arrive: wait for the home page itself
  await page.getByTestId('home-page').waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/** The files of one route opened directly (a full page load) by a signed-in user, in a fresh context. */
async function route(browser: Browser, url: string, path: string, ready: string): Promise<Set<string>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, url);
  const loaded = watch(page);
  await page.goto(`${url}${path}`);
  await page.getByTestId(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  return loaded;
}

await ensureUiBuilt();
const server = await startServer({ dataDir: 'memory://', port: 0, host: '127.0.0.1', seedDemo: true });
const db = kysely(server.ctx.orm.em.fork());
const tbcase = await db.selectFrom('tbcase').select(['id', 'owner_unit_id']).orderBy('id').executeTakeFirstOrThrow();
const report = await db.selectFrom('casereport').select('id').orderBy('name').executeTakeFirstOrThrow();
const browser = await launchBrowser();

const first = await browser.newContext();
const page = await first.newPage();
const loginFiles = watch(page);
await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
const atLogin = new Set(loginFiles);
await login(page, server.url);
const shellFiles = new Set(loginFiles);
await first.close();

const routes: [string, Set<string>][] = [
  ['login route', atLogin],
  ['login + shell and home', shellFiles],
  ['a unit’s cases (/sys/unit/cases/active)', await route(browser, server.url, `/sys/unit/cases/active?id=${tbcase.owner_unit_id}`, 'cases-view')],
  ['a case (/sys/case)', await route(browser, server.url, `/sys/case?id=${tbcase.id}`, 'case-page')],
  ['a report (/sys/unit/cases/report)', await route(browser, server.url, `/sys/unit/cases/report?rep=${report.id}&id=${tbcase.owner_unit_id}`, 'indicator-chart')],
  ['the workspace dashboard', await route(browser, server.url, '/sys/workspace/general/dashboard', 'indicator-chart')],
];
const caseFiles = routes[2][1];
const reportOnly = [...routes[4][1]].filter((f) => !caseFiles.has(f));

console.log(`\nJavaScript loaded, gzip (budget for the login route: ${kb(BUDGET)})`);
for (const [name, files] of routes) {
  const charts = [...files].filter(hasCharts);
  console.log(`  ${name.padEnd(42)} ${kb(gz(files)).padStart(9)} in ${String(files.size).padStart(2)} files${charts.length ? `  (chart library: ${charts.join(', ')})` : ''}`);
}
console.log(`  the report beyond a unit’s cases: ${kb(gz(reportOnly))} in ${reportOnly.length} files`);
if (process.env.BENCH_UI_LIST) for (const f of reportOnly) console.log(`    ${kb(gz([f]))} ${f}`);
const leaks = routes.slice(0, 4).filter(([, files]) => [...files].some(hasCharts));
console.log(leaks.length ? `\nThe chart library loads on: ${leaks.map(([n]) => n).join(', ')}` : '\nThe chart library loads on none of the login, shell, case-list and case routes.\n');
await browser.close();
await server.close();
const loginSize = gz(atLogin);
if (loginSize > BUDGET) {
  console.error(`The first route loads ${kb(loginSize)} gzip, over the ${kb(BUDGET)} budget.`);
  process.exit(1);
}
process.exit(0);
