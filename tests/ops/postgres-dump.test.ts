// The small site's PostgreSQL backup, restored (docs/production.md › Backups): pg_dump's
// custom format of a live database, the database dropped, pg_restore into a new one — every case,
// history entry, change-feed row and position and stock movement as they were, and the server starts
// on it. Needs a pg_dump at least as new as the test server (pg_dump refuses newer servers): where
// the machine's is older, the test says so and is skipped.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startServer } from '../../app/start.ts';
import { backupContents } from '../helpers/backup-contents.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { createTestDatabase, dropTestDatabase } from '../helpers/pg.ts';
import { ApiClient, seededDatabase } from '../helpers/server.ts';
import { day, moved, stockPlaces } from '../helpers/stock.ts';

const major = (text: string) => Number(/(\d+)(?:\.\d+)?/.exec(text)?.[1] ?? 0);
const tool = (name: string) => {
  try {
    return { path: name, major: major(execFileSync(name, ['--version']).toString()) };
  } catch {
    return undefined;
  }
};
const pgDump = tool('pg_dump');
const pgRestore = tool('pg_restore');
let serverMajor = 0;
let why = '';

beforeAll(async () => {
  const c = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await c.connect();
  serverMajor = Math.floor(Number((await c.query('show server_version_num')).rows[0].server_version_num) / 10000);
  await c.end();
  if (!pgDump || !pgRestore) why = 'no pg_dump/pg_restore on this machine';
  else if (pgDump.major < serverMajor) why = `pg_dump ${pgDump.major} is older than the test server (PostgreSQL ${serverMajor})`;
});

/** What must come back whole (tests/helpers/backup-contents.ts), read from the database at `url`. */
async function snapshot(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await backupContents(async (q) => (await c.query(q)).rows);
  } finally {
    await c.end();
  }
}

describe('pg_dump and pg_restore', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tb-pgdump-'));
  let source = '';
  let target = '';
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    for (const url of [source, target]) if (url) await dropTestDatabase(url);
  });

  it('restore a dump of a live database whole, and the server starts on it', async (t) => {
    if (why) return t.skip(why);
    source = await seededDatabase('dumped');
    const server = await startServer({ databaseUrl: source, port: 0, host: '127.0.0.1', seedDemo: false });
    const admin = new ApiClient(server.url);
    expect((await admin.post('/api/auth/login', { login: 'ADMIN', password: 'Admin123' })).status).toBe(200);
    const caseId = await createCase(admin, await newPatient(admin, { name: 'Дамир', lastName: 'Дампов', gender: 'MALE', birthDate: '1970-01-02' }), await unitNamed(admin, 'Бишкекский'), { caseNumber: 'ДМП-1' });
    const p = await stockPlaces(admin);
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, quantity: 12, productId: p.hrze, sourceId: p.gf, batchNumber: 'DMP-1', manufacturer: 'Lupin', expiryDate: day(300) });
    const file = join(folder, 'tb.dump');
    // taken while the server runs (pg_dump reads one snapshot)
    execFileSync(pgDump!.path, ['--format=custom', `--file=${file}`, source]);
    await server.close();
    const before = await snapshot(source);
    await dropTestDatabase(source);
    source = '';
    target = await createTestDatabase('restored');
    execFileSync(pgRestore!.path, ['--no-owner', `--dbname=${target}`, file]);
    expect(await snapshot(target)).toEqual(before);
    const again = await startServer({ databaseUrl: target, port: 0, host: '127.0.0.1', seedDemo: false });
    try {
      const c = new ApiClient(again.url);
      expect((await c.post('/api/auth/login', { login: 'ADMIN', password: 'Admin123' })).status).toBe(200);
      expect((await c.get(`/api/tbl/tbcase/${caseId}`)).body.caseNumber).toBe('ДМП-1');
    } finally {
      await again.close();
    }
  }, 240_000);
});
