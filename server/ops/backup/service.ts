/**
 * Backups of a server on the embedded database (PGlite; the offline client too): on request through
 * its control line (`npm run backup`, ./control.ts) and daily when the settings say so (./daily.ts).
 * On PostgreSQL nothing runs here: its own tools back it up (docs/production.md › Backups).
 */
import { isAbsolute, join, resolve } from 'node:path';
import { log } from '../../log.ts';
import type { AppContext } from '../../types.ts';
import { openControl } from './control.ts';
import { backupName, pruneBackups, scheduleBackups } from './daily.ts';
import { copyPglite, pgliteOf } from './pglite-copy.ts';

export interface BackupService {
  /** Takes a copy into `file` (default: a new file of the backup folder); answers where and its size. */
  backup(file?: string): Promise<{ file: string; bytes: number }>;
  close(): Promise<void>;
}

/**
 * Starts the backups of a server on PGlite (undefined on PostgreSQL).
 * @example const backups = await startBackups(ctx); await backups?.backup();
 */
export async function startBackups(ctx: AppContext): Promise<BackupService | undefined> {
  const { config } = ctx;
  if (config.databaseUrl || !config.dataDir || config.dataDir.startsWith('memory:')) return undefined;
  const pg = await pgliteOf(ctx.orm);
  if (!pg) return undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const backup = (file?: string) => {
    const target = file ? (isAbsolute(file) ? file : resolve(file)) : join(config.backupDir, backupName());
    const next = queue.then(async () => {
      const started = performance.now();
      const bytes = await copyPglite(pg, target);
      log.info({ file: target, bytes, ms: Math.round(performance.now() - started) }, 'backup taken');
      if (!file) for (const old of pruneBackups(config.backupDir, config.backupKeep)) log.info({ file: join(config.backupDir, old) }, 'backup deleted (TB_BACKUP_KEEP)');
      return { file: target, bytes };
    });
    queue = next.catch((e) => log.error({ err: e, file: target }, 'backup failed'));
    return next;
  };
  const closeControl = await openControl(config.dataDir, async (r) => {
    if (r.op === 'ping') return { ok: true };
    if (r.op === 'backup') return { ok: true, ...(await backup(r.file)) };
    return { ok: false, error: 'unknown request' };
  });
  const stopDaily = config.backupDaily ? scheduleBackups(config.backupDir, () => backup()) : () => {};
  return {
    backup,
    async close() {
      stopDaily();
      await closeControl();
      await queue;
    },
  };
}
