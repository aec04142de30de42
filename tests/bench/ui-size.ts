/**
 * `npm run bench:ui`: the gzip size of the JavaScript a browser really loads for the login route
 * (the first route), and for the shell with the home page after logging in (measured from
 * Chromium's network log, gzip level 9 of each file as served; the shell is measured once the home
 * page has rendered and the network is quiet). Runs on an in-memory embedded database. Exits 1
 * when the first route is over its 350 KB budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureUiBuilt } from '../../server/ui-build.ts';
import { uiDist } from '../../server/config.ts';
import { startServer } from '../../app/start.ts';
import { launchBrowser } from '../helpers/browser.ts';

await ensureUiBuilt();
const server = await startServer({ dataDir: 'memory://', port: 0, host: '127.0.0.1', seedDemo: true });
const browser = await launchBrowser();
const page = await browser.newPage();
const loaded = new Set<string>();
page.on('response', (r) => {
  const path = new URL(r.url()).pathname;
  if (path.endsWith('.js')) loaded.add(path);
});
const gz = (paths: Iterable<string>) => [...paths].reduce((sum, p) => sum + gzipSync(readFileSync(join(uiDist, p)), { level: 9 }).length, 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const BUDGET = 350 * 1024;

await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
const loginFiles = new Set(loaded);
await page.getByTestId('login-user').fill('ADMIN');
await page.getByTestId('login-password').fill('Admin123');
await page.getByTestId('login-submit').click();
await page.waitForURL(/\/sys\//);
// the URL changes before the shell's lazy chunks arrive: wait for the home page itself
await page.getByTestId('home-page').waitFor({ timeout: 30_000 });
await page.waitForLoadState('networkidle');
const shellFiles = new Set(loaded);

const loginSize = gz(loginFiles);
const shellSize = gz(shellFiles);
if (process.env.BENCH_UI_LIST) {
  for (const f of shellFiles) console.log(`    ${kb(gz([f]))} ${loginFiles.has(f) ? 'login' : 'shell'} ${f}`);
}
console.log(`\nJavaScript loaded, gzip (budget for the first route: ${kb(BUDGET)})`);
console.log(`  login route:             ${kb(loginSize)} in ${loginFiles.size} files`);
console.log(`  login + shell and home:  ${kb(shellSize)} in ${shellFiles.size} files (+${kb(shellSize - loginSize)})\n`);
await browser.close();
await server.close();
if (loginSize > BUDGET) {
  console.error(`The first route loads ${kb(loginSize)} gzip, over the ${kb(BUDGET)} budget.`);
  process.exit(1);
}
process.exit(0);
