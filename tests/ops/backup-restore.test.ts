// Backups of the embedded database with a restore that is tested: `npm run backup` asks a
// running PGlite server for a consistent copy, the data folder is destroyed, `npm run restore` puts
// the copy back — every case, history entry, change-feed row and position and stock movement as they
// were; a copy taken while writes run holds whole transactions only; the server starts on the
// restored folder and goes on from there. The daily backup keeps the newest copies.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../app/start.ts';
import { backupDue, backupName, backupsIn, pruneBackups } from '../../server/ops/backup/daily.ts';
import { openPglite } from '../../server/ops/backup/pglite-copy.ts';
import { runBackupCommand } from '../helpers/backup-cli.ts';
import { backupContents } from '../helpers/backup-contents.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { seededPgliteFolder, startPgliteServer } from '../helpers/pglite.ts';
import { ApiClient } from '../helpers/server.ts';
import { day, moved, stockPlaces } from '../helpers/stock.ts';

let lite: RunningServer;
let admin: ApiClient;
// TB_DATA_DIR as in production: the embedded database in its `pglite` folder
const folder = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'tb-backups-'));
const dataRoot = join(folder, 'data');
const dataDir = join(dataRoot, 'pglite');

beforeAll(async () => {
  mkdirSync(dataRoot);
  renameSync(await seededPgliteFolder(), dataDir);
  lite = await startServer({ dataDir, port: 0, host: '127.0.0.1', seedDemo: false, outboxDir: join(folder, 'outbox') });
  admin = new ApiClient(lite.url);
  expect((await admin.post('/api/auth/login', { login: 'ADMIN', password: 'Admin123' })).status).toBe(200);
}, 180_000);
afterAll(async () => {
  await lite?.close().catch(() => {});
  rmSync(folder, { recursive: true, force: true });
});

/** What must come back whole (tests/helpers/backup-contents.ts), read from the embedded database in `dir`. */
async function snapshot(dir: string) {
  const pg = await openPglite(dir);
  try {
    return await backupContents(async (q) => (await pg.query<Record<string, unknown>>(q)).rows);
  } finally {
    await pg.close();
  }
}

describe('npm run backup and npm run restore on the embedded database', () => {
  const quiet = join(folder, 'quiet.tar.gz');
  const busy = join(folder, 'busy.tar.gz');
  let before: Awaited<ReturnType<typeof snapshot>>;
  const made: string[] = [];

  it('copies a running server: once while it writes, once at rest', async () => {
    const patient = await newPatient(admin, { name: 'Нурбек', lastName: 'Резервов', gender: 'MALE', birthDate: '1981-03-04' });
    made.push(await createCase(admin, patient, await unitNamed(admin, 'Бишкекский'), { caseNumber: 'РЕЗ-1' }));
    const p = await stockPlaces(admin);
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, quantity: 40, productId: p.hrze, sourceId: p.gf, batchNumber: 'BKP-1', manufacturer: 'Lupin', expiryDate: day(400) });
    // sources written one after another while the copy is taken
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) expect((await admin.post('/api/tbl/source', { shortName: `BK${i}`, name: `Источник во время копии ${i}` })).status).toBe(200);
    })();
    const during = await runBackupCommand('backup', dataRoot, [busy]);
    writing = false;
    await writer;
    expect(during, during.out).toMatchObject({ code: 0, out: expect.stringContaining('Backup taken by the running server') });
    const atRest = await runBackupCommand('backup', dataRoot, [quiet]);
    expect(atRest.code, atRest.out).toBe(0);
    await lite.close();
    before = await snapshot(dataDir);
    expect([before.cases.length, before.history.length, before.feed.length, before.stock.length].every((n) => n > 0)).toBe(true);
  });

  it('refuses to restore over a running server', async () => {
    const other = await startPgliteServer();
    try {
      const r = await runBackupCommand('restore', other.ctx.config.dataDir!, [quiet]);
      expect(r.code).toBe(1);
      expect(r.out).toContain('A server is running on');
    } finally {
      await other.close();
    }
  });

  it('restores the copy at rest into a destroyed folder: every case, history entry, feed row and position, stock movement identical', async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const r = await runBackupCommand('restore', dataRoot, [quiet]);
    expect(r.code, r.out).toBe(0);
    expect(await snapshot(dataDir)).toEqual(before);
  });

  it('starts on the restored folder: the case reads as before, and a new change is fed after the restored ones', async () => {
    const again = await startServer({ dataDir, port: 0, host: '127.0.0.1', seedDemo: false, outboxDir: join(folder, 'outbox') });
    try {
      const c = new ApiClient(again.url);
      expect((await c.post('/api/auth/login', { login: 'ADMIN', password: 'Admin123' })).status).toBe(200);
      expect((await c.get(`/api/tbl/tbcase/${made[0]}`)).body.caseNumber).toBe('РЕЗ-1');
      expect((await c.post('/api/tbl/source', { shortName: 'AFTER', name: 'После восстановления' })).status).toBe(200);
    } finally {
      await again.close();
    }
    const after = await snapshot(dataDir);
    const last = before.feed.at(-1)!;
    const added = after.feed.filter((f) => f.table_name === 'source' && !before.feed.some((b) => b.row_id === f.row_id));
    expect(added).toHaveLength(1);
    expect(BigInt(String(added[0].seq))).toBeGreaterThan(BigInt(String(last.seq)));
  });

  it('a copy taken while writes ran holds whole transactions: each source with its history entry and its feed row', async () => {
    const dir = join(folder, 'busy-restored');
    expect((await runBackupCommand('restore', dir, [busy])).code).toBe(0);
    const pg = await openPglite(join(dir, 'pglite'));
    try {
      const q = async (sql: string) => (await pg.query<{ id: string }>(sql)).rows.map((r) => r.id).sort();
      const sources = await q("select id from source where short_name like 'BK%'");
      expect(sources.length).toBeGreaterThan(0);
      expect(await q("select entity_id::text as id from cmdhistory where entity_id in (select id from source where short_name like 'BK%')")).toEqual(sources);
      expect(await q("select row_id::text as id from changelog where table_name = 'source' and row_id in (select id from source where short_name like 'BK%')")).toEqual(sources);
      // and no history entry or feed row of a source the copy does not hold
      expect(await q("select h.entity_id::text as id from cmdhistory h where h.entity_name like 'BK%' and not exists (select from source s where s.id = h.entity_id)")).toEqual([]);
    } finally {
      await pg.close();
    }
  });
});

describe('the daily backup', () => {
  it('is due with no copy or a day-old one, and keeps the newest TB_BACKUP_KEEP', () => {
    const dir = join(folder, 'daily');
    expect(backupDue(dir)).toBe(true);
    const names = Array.from({ length: 9 }, (_, i) => backupName(new Date(Date.UTC(2026, 10, 20 + i, 3))));
    mkdirSync(dir, { recursive: true });
    for (const n of names) writeFileSync(join(dir, n), 'x');
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    const newest = join(dir, names.at(-1)!);
    utimesSync(newest, new Date(Date.now() - 23 * 3600_000), new Date(Date.now() - 23 * 3600_000));
    expect(backupDue(dir)).toBe(false);
    utimesSync(newest, new Date(Date.now() - 25 * 3600_000), new Date(Date.now() - 25 * 3600_000));
    expect(backupDue(dir)).toBe(true);
    expect(pruneBackups(dir, 7)).toEqual(names.slice(0, 2));
    expect(backupsIn(dir)).toEqual(names.slice(2));
    expect(existsSync(join(dir, 'notes.txt'))).toBe(true);
  });

  it('is taken at start when the settings turn it on, into TB_BACKUP_DIR', async () => {
    const backupDir = join(folder, 'daily-server');
    const server = await startPgliteServer({ backupDaily: true, backupDir, backupKeep: 2 });
    try {
      await expect.poll(async () => (await readdir(backupDir).catch(() => [])).filter((f) => f.endsWith('.tar.gz')).length, { timeout: 60_000 }).toBe(1);
    } finally {
      await server.close();
    }
  });
});
