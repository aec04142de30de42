// A release as `npm run release` packs it (package.json, package-lock.json, schemas/, dist/ with the
// compiled server and the built UI), laid out in a folder and installed there without
// devDependencies, from npm's cache only: what a server of a ministry receives and runs.
import { execFile } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { rootDir, schemasDir, uiDist } from '../../server/config.ts';
import { buildUiOnce } from '../browser/support.ts';
import { childEnv } from './server-process.ts';

const run = promisify(execFile);

/**
 * Compiles the server into `<dir>/dist` (no type check: `npm run typecheck` is that), adds the built
 * UI and the release's other files, and runs `npm ci --omit=dev --offline` there: the packages come
 * from npm's cache, which the checkout's own `npm ci` filled, never from the network.
 * @example await installRelease(dir); // then `npm run start:prod` in dir
 */
export async function installRelease(dir: string): Promise<void> {
  await run(process.execPath, ['--import', 'tsx', join(rootDir, 'app/scripts/build-server.ts'), join(dir, 'dist'), '--noCheck'], { cwd: rootDir });
  await buildUiOnce();
  cpSync(uiDist, join(dir, 'dist', 'ui'), { recursive: true });
  cpSync(schemasDir, join(dir, 'schemas'), { recursive: true });
  cpSync(join(rootDir, 'bin'), join(dir, 'bin'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(rootDir, file), join(dir, file));
  await run('npm', ['ci', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, env: childEnv({}) });
}
