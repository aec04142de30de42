// The architecture tests read the folders named in source-files.ts: a top-level folder of TypeScript
// missing there would escape every rule, and one missing from tsconfig.json's include is never
// type-checked (stock/'s tests once were not).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { rootDir } from '../../server/config.ts';
import { SOURCE_FOLDERS, sourceFiles } from './source-files.ts';

// the build's output and the installed packages are not ours
const IGNORED = new Set(['node_modules', 'dist']);

/** The top-level folders holding TypeScript. */
const foldersWithCode = readdirSync(rootDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !IGNORED.has(e.name))
  .map((e) => e.name)
  .filter((d) => sourceFiles(d).length > 0);

test('every top-level folder of TypeScript is read by the architecture tests and type-checked', () => {
  expect(foldersWithCode.sort()).toEqual([...SOURCE_FOLDERS].sort());
  const tsconfig = JSON.parse(readFileSync(join(rootDir, 'tsconfig.json'), 'utf8')) as { include: string[] };
  expect(tsconfig.include.filter((p) => !p.includes('*')).sort()).toEqual([...SOURCE_FOLDERS].sort());
});

test('the file lister finds what it is asked for', () => {
  expect(sourceFiles('stock')).toContain('stock/ledger.ts');
  expect(sourceFiles('stock', { tests: false }).some((f) => f.endsWith('.test.ts'))).toBe(false);
  expect(sourceFiles('stock', { only: /\.test\.tsx?$/ }).every((f) => f.endsWith('.test.ts'))).toBe(true);
});
