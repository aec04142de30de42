// SQL is typed by the generated database interface (docs/architecture.md › SQL and its types): a query
// builder typed `Kysely<any>` is allowed only in the files that page lists, so a new untyped one
// fails here until it is typed or listed with its reason.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { rootDir } from '../../server/config.ts';
import { SERVER_FOLDERS, sourceFiles } from './source-files.ts';

/** Whether a file's text types a query builder as `Kysely<any>` (a comment mentioning it aside). */
const untyped = (text: string) => text.split('\n').some((line) => /Kysely<any>/.test(line.replace(/\/\/.*$|^\s*\*.*$/, '')));

const users = SERVER_FOLDERS
  .flatMap((d) => sourceFiles(d, { tests: false }))
  .filter((f) => untyped(readFileSync(join(rootDir, f), 'utf8')));

/** The files the architecture page lists as still `Kysely<any>`. */
function listed(): string[] {
  const doc = readFileSync(join(rootDir, 'docs/architecture.md'), 'utf8');
  const from = doc.indexOf('- Still `Kysely<any>` by signature');
  const section = doc.slice(from, doc.indexOf('\n- ', from + 1));
  return [...section.matchAll(new RegExp(`\`((?:${SERVER_FOLDERS.join('|')})/[\\w/.-]+\\.ts)\``, 'g'))].map((m) => m[1]);
}

test('every file typing a query builder Kysely<any> is listed in docs/architecture.md, and every listed file does', () => {
  expect(listed().length).toBeGreaterThan(0);
  expect([...new Set(listed())].sort()).toEqual(users.sort());
});

test('self-test: a builder typed Kysely<any> is found, a typed one or a comment is not', () => {
  expect(untyped("export function rows(db: Kysely<any>, id: string) {")).toBe(true);
  expect(untyped("const db = kysely(em) as Kysely<any>;")).toBe(true);
  expect(untyped("export function rows(db: Kysely<Database>, id: string) {")).toBe(false);
  expect(untyped("// no Kysely<any> here: the interface types it")).toBe(false);
  expect(untyped(" * the same builder untyped (`Kysely<any>`)")).toBe(false);
});
