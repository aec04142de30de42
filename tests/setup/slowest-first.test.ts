// The test files' start order (tests/setup/slowest-first.ts): the listed slowest files first on a
// clean clone, vitest's own order once it has every file's duration; the list names only files that exist.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../server/config.ts';
import { SLOWEST_FILES, slowestFirst } from './slowest-first.ts';

const base = ['/r/ui/a.test.ts', '/r/tests/browser/stock.test.ts', '/r/tests/api/b.test.ts', '/r/tests/api/sync-client-process.test.ts'];

describe('the order the test files start in', () => {
  it('without durations of an earlier run: the listed files first, slowest first, then the others in vitest\'s order', () => {
    expect(slowestFirst(base, '/r', false)).toEqual(['/r/tests/api/sync-client-process.test.ts', '/r/tests/browser/stock.test.ts', '/r/ui/a.test.ts', '/r/tests/api/b.test.ts']);
  });

  it('with a duration for every file: vitest\'s order, as it is', () => {
    expect(slowestFirst(base, '/r', true)).toEqual(base);
  });

  it('lists only files that exist, each once', () => {
    expect(SLOWEST_FILES.filter((f) => !existsSync(join(rootDir, f)))).toEqual([]);
    expect(new Set(SLOWEST_FILES).size).toBe(SLOWEST_FILES.length);
  });
});
