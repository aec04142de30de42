// One way to open an outermost write transaction: code of the server process that opens one itself
// (`….fork().transactional(…)`) does it through server/tbl/retry.ts writeTransaction, which runs the
// whole transaction again when PostgreSQL aborts it as a deadlock's victim or a serialization
// failure — a bare one answers the user 500 for a collision that is nobody's mistake. The files
// below open their own for a reason each; a new one fails here until it uses writeTransaction or
// is listed with why it may not.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { rootDir } from '../../server/config.ts';
import { SERVER_FOLDERS, sourceFiles } from './source-files.ts';

/** A transaction opened on a fresh entity manager, not through writeTransaction. */
const OWN_TRANSACTION = /\.fork\(\)\s*\.transactional\(/;

/** Files that open their own transaction without writeTransaction, and why. */
const mayOpenOwn: Record<string, string> = {
  'server/tbl/retry.ts': 'writeTransaction itself',
  'server/tbl/store/count.ts': 'a read: a count in a transaction of its own (no row written)',
  'server/tbl/feed-generated.ts': 'feeds generated rows after a benchmark’s generation, no user waiting',
  'cases/auto-tags/daily.ts': 'the daily refresh’s claim of a workspace’s day (no writer); a failed claim is taken at the next pass',
  'catalogues/tags/sandbox.ts': 'builds the tag-condition sandbox’s schema under an advisory lock (no row written)',
  'cases/demo.ts': 'the demo’s cases, seeded once at the start',
  'cases/contacts/demo.ts': 'the demo’s contacts, seeded once at the start',
  'catalogues/demo/seed.ts': 'the demo’s accounts, seeded once at the start',
  'stock/demo.ts': 'the demo’s stock, seeded once at the start',
  'server/sync/client/setup.ts': 'the offline client’s own database (one connection: no other transaction to collide with)',
  'server/sync/client/run.ts': 'the offline client’s own database (one connection: no other transaction to collide with)',
  'server/sync/client/rejected.ts': 'the offline client’s own database (one connection: no other transaction to collide with)',
};

const opening = SERVER_FOLDERS.flatMap((d) => sourceFiles(d, { tests: false })).filter((f) => OWN_TRANSACTION.test(readFileSync(join(rootDir, f), 'utf8')));

test('every outermost write transaction a file opens itself goes through writeTransaction, but the listed files’', () => {
  expect(opening.filter((f) => !(f in mayOpenOwn))).toEqual([]);
});

test('every listed file still opens its own (one that no longer does leaves the list)', () => {
  expect(Object.keys(mayOpenOwn).filter((f) => !opening.includes(f))).toEqual([]);
});

test('self-test: the pattern finds a fork’s transaction, on one line or two, and not writeTransaction', () => {
  expect(OWN_TRANSACTION.test('await ctx.orm.em.fork().transactional(async (em) => {')).toBe(true);
  expect(OWN_TRANSACTION.test('await em.fork()\n  .transactional((tx) => work(tx))')).toBe(true);
  expect(OWN_TRANSACTION.test("await writeTransaction(ctx, async (em) => work(em), 'stock dispense')")).toBe(false);
});
