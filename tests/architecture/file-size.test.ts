// Small files with one idea each: no source file over 400 lines (the generated ones aside). The few
// test files still over it are listed with their length today, a ceiling: one may shrink off the
// list, none may grow, and a new file over the limit fails here until it is split by idea (shared
// set-up goes to tests/helpers/).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { rootDir } from '../../server/config.ts';
import { SOURCE_FOLDERS, sourceFiles } from './source-files.ts';

/** The most lines a source file may have. */
export const MAX_LINES = 400;

/** Test files still longer, each with its length when listed: the most it may have until it is split (none today). */
const STILL_LONG: Record<string, number> = {};

/** Lines of a file's text (a last line without its newline counts; the final newline does not make one). */
export const linesOf = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

const lengths = Object.fromEntries(
  SOURCE_FOLDERS.flatMap((d) => sourceFiles(d))
    .filter((f) => !f.startsWith('engine/generated/'))
    .map((f) => [f, linesOf(readFileSync(join(rootDir, f), 'utf8'))] as const),
);

test(`no source file is longer than ${MAX_LINES} lines but the listed ones, and none of those grew`, () => {
  const over = Object.entries(lengths).filter(([f, n]) => n > (STILL_LONG[f] ?? MAX_LINES));
  expect(over).toEqual([]);
});

test('every listed file still exists and is still over the limit (a split one leaves the list)', () => {
  for (const [f, most] of Object.entries(STILL_LONG)) {
    expect(lengths[f], f).toBeGreaterThan(MAX_LINES);
    expect(most).toBeGreaterThan(MAX_LINES);
  }
});

test('self-test: lines are counted as an editor numbers them', () => {
  expect(linesOf('a\nb\n')).toBe(2);
  expect(linesOf('a\nb')).toBe(2);
  expect(linesOf(`${'x\n'.repeat(MAX_LINES + 1)}`)).toBeGreaterThan(MAX_LINES);
});
