/**
 * `npm run build:server [-- <folder>] [--noCheck]`: compiles the server (app/, server/, engine/ and
 * the domain modules, tests excluded) to JavaScript under `dist/` (or `<folder>`), so production runs
 * it with plain Node and no TypeScript tooling: `tsc -p tsconfig.build.json`, whose
 * `rewriteRelativeImportExtensions` turns `./x.ts` imports into `./x.js`. The label and schema JSON
 * files imported by the engine come along; the demo's data files are copied beside the seed. The
 * compiled folders are emptied first, so a file removed from the sources (a migration above all)
 * cannot linger in a build. `--noCheck` skips the type check (the test that installs a build;
 * `npm run typecheck` is the check).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { rootDir } from '../../server/config.ts';

/** The source folders compiled (tsconfig.build.json's `include`): each becomes `<out>/<folder>`. */
export const compiledFolders = ['app', 'server', 'engine', 'cases', 'catalogues', 'reports', 'stock'];

const args = process.argv.slice(2);
const out = resolve(args.find((a) => !a.startsWith('--')) ?? join(rootDir, 'dist'));
for (const folder of compiledFolders) rmSync(join(out, folder), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(rootDir, 'tsconfig.build.json'), '--outDir', out, ...args.filter((a) => a === '--noCheck')], { cwd: rootDir, stdio: 'inherit' });
const demo = join(rootDir, 'catalogues', 'demo');
for (const file of readdirSync(demo).filter((f) => f.endsWith('.json'))) cpSync(join(demo, file), join(out, 'catalogues', 'demo', file));
console.log(`server compiled to ${out}`);
