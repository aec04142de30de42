// One door for every row change: a row of a declared table is written only by the table
// writer (`server/tbl/`: TableWriter, its system door `system-write.ts`, its batch door
// `batch-write.ts`), which bumps its version and feeds the change log. This test reads every
// source file of the app for a statement that inserts, updates or deletes a declared table by hand
// (Kysely's `insertInto/updateTable/deleteFrom('<table>')`, SQL text `insert into / update / delete
// from <table>`) and fails on any not in the short list below, each with why it may; and no file
// outside server/tbl imports the store's row statements (`server/tbl/store-writes.ts`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { rootDir, schemasDir } from '../../server/config.ts';
import { SERVER_FOLDERS, sourceFiles } from './source-files.ts';

/** Tables that are not data a client follows: what writes them by hand, and why. */
const notData: Record<string, string> = {
  changelog: 'the change feed itself, written by server/feed/record.ts at the commit',
  tombstone: 'the feed’s deleted ids, written with the changelog rows',
  cmdhistory: 'the command history, written by server/history/record.ts for the writer',
  errorlog: 'the error log: a failure is logged in its own statement, outside the failed transaction',
  syssession: 'login sessions: the authentication’s own rows (login, touch, logout, workspace switch)',
  loginattempt: 'failed and successful logins counted per address and login (lockout)',
  tagrefresh: 'the daily tag refresh’s claim of a workspace’s day (an upsert taken in the refresh’s transaction)',
  syncpush: 'the answers to offline clients’ uploads, written by server/sync/push.ts in the transaction that applied each change',
  importjob: 'an import’s file, mapping and progress, claimed and advanced by its background steps (cases/import/job-store.ts); the rows it imports go through the writer',
  importchunk: 'the pieces of an uploaded file until it is read (cases/import/job-store.ts)',
  importrow: 'an uploaded file’s rows as read and what the dry run or run made of each (cases/import/job-store.ts)',
  importledger: 'what an import made from which row, written in the transaction of that write (cases/import/ledger.ts)',
  synctoken: 'offline clients’ synchronisation keys: the authentication’s own rows like sessions (issued, touched, revoked: server/sync/token.ts, server/auth/sync-key.ts, end-sessions.ts)',
  job: 'the background jobs’ queue, claims, leases and progress (server/jobs/store.ts); what a job changes goes through the writer',
  syncreader: 'when each user last read the change feed to its end, written by server/sync/routes.ts as the read answers (an upload dates nothing of theirs earlier)',
};

/** Files that write declared data tables in bulk before any client can follow the feed. */
const bulkFiles: Record<string, string> = {
  'cases/generate.ts': 'generated cases for the benchmarks (npm run gen:cases)',
  'cases/contacts/generate.ts': 'generated contacts and TPT courses for the benchmarks (npm run bench:reports)',
  'cases/treatment/generate.ts': 'generated treatments for the benchmarks',
  'stock/generate.ts': 'generated units and stock for the benchmark (npm run bench:stock)',
};

/** The writer's own files: the one door. */
const door = (f: string) => f.startsWith('server/tbl/') || f.startsWith('server/db/migrations/');

const sources = (dir: string) => sourceFiles(dir, { tests: false });

const registry = loadSchemas(schemasDir);
const tables = [...registry.tables.values()].flatMap((d) => [d.name, ...d.children.map((c) => c.table)]);

/** The declared tables a file's source writes by hand. */
function writtenTables(text: string): string[] {
  const names = tables.join('|');
  const kysely = new RegExp(`\\b(?:insertInto|updateTable|deleteFrom)\\(\\s*['"\`](${names})(?:\\s+as\\s+\\w+)?['"\`]`, 'g');
  const sqlText = new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+"?(${names})"?(?:\\s+(?:as\\s+)?\\w+)?\\s*(?:\\(|set\\b|where\\b|select\\b|values\\b|$)`, 'gim');
  return [...new Set([...text.matchAll(kysely), ...text.matchAll(sqlText)].map((m) => m[1]))];
}

test('the test sees a hand-written write when there is one', () => {
  expect(writtenTables("await db.updateTable('tbcase').set({ state: 'CLOSED' })")).toEqual(['tbcase']);
  expect(writtenTables('sql`insert into casetag (id, case_id) values (…)`')).toEqual(['casetag']);
  expect(writtenTables('sql`delete from casetag c where c.tag_id = ${t}`')).toEqual(['casetag']);
  expect(writtenTables('sql`update sysuser set language = ${l}`')).toEqual(['sysuser']);
  expect(writtenTables("db.selectFrom('tbcase').select('id')")).toEqual([]);
});

test('no file writes a declared table beside the writer, but the listed exceptions', () => {
  const byHand: string[] = [];
  for (const f of SERVER_FOLDERS.flatMap(sources)) {
    if (door(f) || f in bulkFiles) continue;
    for (const table of writtenTables(readFileSync(join(rootDir, f), 'utf8'))) if (!(table in notData)) byHand.push(`${f}: ${table}`);
  }
  expect(byHand).toEqual([]);
});

test('every exception is still needed: its table is declared, its file still writes by hand', () => {
  for (const table of Object.keys(notData)) expect(tables, table).toContain(table);
  for (const f of Object.keys(bulkFiles)) expect(writtenTables(readFileSync(join(rootDir, f), 'utf8')).length, f).toBeGreaterThan(0);
});

/** Whether a file's source imports the store's row statements (insert, update, delete). */
const importsRowStatements = (text: string) => /from\s+['"][^'"]*(?:\/tbl\/|\.\/|\.\.\/)(?:store-writes|store\/row-statements)(?:\.ts)?['"]/.test(text);

test('the test sees an import of the row statements when there is one', () => {
  expect(importsRowStatements("import { storeWrites } from '../../server/tbl/store-writes.ts';")).toBe(true);
  expect(importsRowStatements("import { insertRow } from '../server/tbl/store/row-statements.ts';")).toBe(true);
  expect(importsRowStatements("import { TableStore } from '../../server/tbl/store.ts';")).toBe(false);
  expect(importsRowStatements("import { TableWriter } from '../../server/tbl/write.ts';")).toBe(false);
});

test('only the writer’s own files (server/tbl) reach the store’s insert, update and delete', () => {
  const outside = SERVER_FOLDERS.flatMap(sources).filter((f) => !f.startsWith('server/tbl/') && importsRowStatements(readFileSync(join(rootDir, f), 'utf8')));
  expect(outside).toEqual([]);
});
