/**
 * `npm run backup [-- <file>]`: a consistent copy of the embedded database (PGlite: `npm start`, the
 * offline client) of `TB_DATA_DIR` into `<file>`, else into a new file of `TB_BACKUP_DIR` (default
 * `<TB_DATA_DIR>/backups`). While the server runs it is asked through its control line and copies
 * between two transactions; when it does not, the folder is opened here. On PostgreSQL its own tools
 * back it up (docs/production.md › Backups).
 */
import { exitOnOldNode } from './node-version.ts';

exitOnOldNode();
const { configFromEnv } = await import('../server/config.ts');
const { askServer } = await import('../server/ops/backup/control.ts');
const { backupName, pruneBackups } = await import('../server/ops/backup/daily.ts');
const { copyPglite, openPglite } = await import('../server/ops/backup/pglite-copy.ts');
const { existsSync } = await import('node:fs');
const { join, resolve } = await import('node:path');

const config = configFromEnv();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump, or base backups and WAL archiving (docs/production.md › Backups).');
  process.exit(2);
}
const dataDir = config.dataDir!;
const given = process.argv[2];
const file = resolve(given ?? join(config.backupDir, backupName()));
const asked = await askServer(dataDir, { op: 'backup', file });
if (asked && !asked.ok) {
  console.error(`The server refused: ${asked.error}`);
  process.exit(1);
}
if (asked) {
  console.log(`Backup taken by the running server: ${file} (${asked.bytes} bytes)`);
} else {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    console.error(`No embedded database in ${resolve(dataDir)} (TB_DATA_DIR).`);
    process.exit(1);
  }
  const pg = await openPglite(dataDir);
  try {
    const bytes = await copyPglite(pg, file);
    console.log(`Backup taken (no server was running): ${file} (${bytes} bytes)`);
  } finally {
    await pg.close();
  }
}
if (!given) for (const old of pruneBackups(config.backupDir, config.backupKeep)) console.log(`Deleted the old backup ${old} (TB_BACKUP_KEEP=${config.backupKeep})`);
