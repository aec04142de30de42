import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir, uiDist } from './config.ts';

/** Newest modification time of the files under a folder. */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Runs `vite build` when dist/ui is missing or older than ui/, the label files and the build's configuration. */
export async function ensureUiBuilt(): Promise<void> {
  const index = join(uiDist, 'index.html');
  const sources = Math.max(newest(join(rootDir, 'ui')), newest(join(rootDir, 'engine', 'i18n')), statSync(join(rootDir, 'vite.config.ts')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Building the web UI (first start or changed sources)…');
  // Always a production build: under vitest NODE_ENV is `test`, which would bundle React's dev build.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: rootDir, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
