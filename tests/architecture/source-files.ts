// The repository's source folders, named once for every architecture test: a new domain module is
// added here (and to tsconfig.json's include, which the test below compares) and every rule reads it.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir } from '../../server/config.ts';

/** The domain modules the host composes (docs/architecture.md). */
export const DOMAIN_FOLDERS = ['cases', 'catalogues', 'reports', 'stock'];
/** The code that runs in the server process: the composition root, the host and the domains. */
export const SERVER_FOLDERS = ['app', 'server', ...DOMAIN_FOLDERS];
/** Every folder of TypeScript source. */
export const SOURCE_FOLDERS = ['app', 'engine', 'server', ...DOMAIN_FOLDERS, 'ui', 'tests'];

/**
 * The TypeScript files under a folder, relative to the repository; `tests: false` leaves out `*.test.ts(x)`.
 * @example SERVER_FOLDERS.flatMap((d) => sourceFiles(d)) // ['app/main.ts', …, 'stock/routes.ts']
 */
export function sourceFiles(dir: string, opts: { tests?: boolean; only?: RegExp } = {}): string[] {
  const { tests = true, only = /\.tsx?$/ } = opts;
  return readdirSync(join(rootDir, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(path, opts);
    return only.test(e.name) && (tests || !/\.test\.tsx?$/.test(e.name)) ? [path] : [];
  });
}
