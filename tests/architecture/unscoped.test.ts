// Reads are scoped by default: the only door past the session's view is `TableStore.unscoped`, and
// docs/architecture.md lists every file that opens it — a new use without its line there fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { rootDir } from '../../server/config.ts';
import { SERVER_FOLDERS, sourceFiles } from './source-files.ts';

const DOOR = 'TableStore.unscoped(';

const sources = (dir: string) => sourceFiles(dir);

/** The files that open the door (its own declaration aside). */
const users = SERVER_FOLDERS
  .flatMap(sources)
  .filter((f) => f !== 'server/tbl/store.ts' && readFileSync(join(rootDir, f), 'utf8').includes(DOOR));

/** The files the architecture page lists under the unscoped door. */
function listed(): string[] {
  const doc = readFileSync(join(rootDir, 'docs/architecture.md'), 'utf8');
  const from = doc.indexOf('`TableStore.unscoped(reason');
  const section = doc.slice(from, doc.indexOf('`TableStore.names`', from));
  return [...section.matchAll(new RegExp(`\`((?:${SERVER_FOLDERS.join('|')})/[\\w/.-]+\\.ts)\``, 'g'))].map((m) => m[1]);
}

test('every use of the unscoped door is listed in docs/architecture.md, and every listed file uses it', () => {
  expect(users.length).toBeGreaterThan(0);
  expect([...new Set(listed())].sort()).toEqual(users.sort());
});

test('the store has no public constructor: a store is made scoped (`of`) or through the named door', () => {
  const store = readFileSync(join(rootDir, 'server/tbl/store.ts'), 'utf8');
  expect(store).toMatch(/private constructor\(/);
  const outside = [...SERVER_FOLDERS, 'tests'].flatMap(sources).filter((f) => /new TableStore\(/.test(readFileSync(join(rootDir, f), 'utf8')));
  expect(outside).toEqual(['server/tbl/store.ts']);
});
