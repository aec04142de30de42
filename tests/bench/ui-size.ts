/**
 * `npm run bench:ui`: the gzip size of the JavaScript a browser really loads for the login route,
 * and for the shell after logging in (measured from Chromium's network log, gzip level 9 of each
 * file as served). Runs on an in-memory embedded database.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureUiBuilt } from '../../server/ui-build.ts';
import { uiDist } from '../../server/config.ts';
import { startServer } from '../../server/start.ts';
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

await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
const loginFiles = new Set(loaded);
await page.getByTestId('login-user').fill('ADMIN');
await page.getByTestId('login-password').fill('Admin123');
await page.getByTestId('login-submit').click();
await page.waitForURL(/\/sys\//);
await page.waitForLoadState('networkidle');
const shellFiles = new Set(loaded);

if (process.env.BENCH_UI_LIST) for (const f of loginFiles) console.log(`    ${kb(gz([f]))} ${f}`);
console.log(`\nJavaScript loaded, gzip (budget for the first route: 350 KB)`);
console.log(`  login route:             ${kb(gz(loginFiles))} in ${loginFiles.size} files`);
console.log(`  login + shell and home:  ${kb(gz(shellFiles))} in ${shellFiles.size} files\n`);
await browser.close();
await server.close();
process.exit(0);
