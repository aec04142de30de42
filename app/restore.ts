/**
 * `npm run restore -- <file>`: puts a backup taken by `npm run backup` (or the daily backup) back as
 * the embedded database of `TB_DATA_DIR`, the server stopped. The database there, if any, is kept
 * aside (`pglite.replaced-<time>`), never deleted. An offline client restored from an older copy
 * synchronises as usual: what it had sent since is already on the server, which answers a change it
 * sends again from its record of that change (docs/sync.md), and sends it the rest.
 */
import { exitOnOldNode } from './node-version.ts';

exitOnOldNode();
const { configFromEnv } = await import('../server/config.ts');
const { askServer } = await import('../server/ops/backup/control.ts');
const { unpackPglite } = await import('../server/ops/backup/pglite-copy.ts');
const { existsSync, readFileSync, readdirSync, renameSync } = await import('node:fs');
const { resolve } = await import('node:path');

const config = configFromEnv();
const file = process.argv[2];
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore, or from a base backup and its WAL (docs/production.md › Backups).');
  process.exit(2);
}
if (!file || !existsSync(file)) {
  console.error('usage: npm run restore -- <backup file>   (a tb-backup-….tar.gz of npm run backup)');
  process.exit(2);
}
const dataDir = resolve(config.dataDir!);
if (await askServer(dataDir, { op: 'ping' }, 5000)) {
  console.error(`A server is running on ${dataDir}: stop it first (systemctl stop, or Ctrl-C), then restore.`);
  process.exit(1);
}
let aside: string | undefined;
if (existsSync(dataDir) && readdirSync(dataDir).length) {
  aside = `${dataDir}.replaced-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
  renameSync(dataDir, aside);
}
const migrations = await unpackPglite(new Blob([readFileSync(file)], { type: 'application/x-gzip' }), dataDir);
console.log(`Restored ${resolve(file)} into ${dataDir} (${migrations} migrations applied there; the server migrates the rest at start).`);
if (aside) console.log(`The database that was there is kept in ${aside}: delete it once the restored one is checked.`);
