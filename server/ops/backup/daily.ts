/**
 * The embedded database's backups on a schedule (`TB_BACKUP_DAILY=true`): at start and every hour the
 * server looks at its backup folder (`TB_BACKUP_DIR`, else `<TB_DATA_DIR>/backups`) and takes a copy
 * when the newest is a day old or there is none — so a laptop switched on each morning is backed up
 * each morning — then keeps the newest `TB_BACKUP_KEEP` (7) and deletes the older ones.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const named = /^tb-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/;

/**
 * The file name of a backup taken at `at` (UTC; names sort by time).
 * @example backupName(new Date('2026-11-29T03:10:05Z')) // 'tb-backup-2026-11-29T03-10-05Z.tar.gz'
 */
export const backupName = (at = new Date()): string => `tb-backup-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;

/**
 * The backups in `dir`, oldest first (only files named as {@link backupName} makes them).
 * @example backupsIn('/srv/tb/data/backups') // ['tb-backup-2026-11-28T03-00-00Z.tar.gz', …]
 */
export function backupsIn(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => named.test(f)).sort();
  } catch {
    return [];
  }
}

/**
 * Deletes all but the newest `keep` backups of `dir`; answers the names deleted.
 * @example pruneBackups(dir, 7) // ['tb-backup-2026-11-21T03-00-00Z.tar.gz']
 */
export function pruneBackups(dir: string, keep: number): string[] {
  const all = backupsIn(dir);
  const old = all.slice(0, Math.max(0, all.length - Math.max(1, keep)));
  for (const f of old) rmSync(join(dir, f), { force: true });
  return old;
}

/**
 * Whether a scheduled backup is due: no backup, or the newest taken over a day before `now`.
 * @example backupDue(dir) // true on a new installation
 */
export function backupDue(dir: string, now = Date.now()): boolean {
  const newest = backupsIn(dir).at(-1);
  return !newest || now - statSync(join(dir, newest)).mtimeMs >= 24 * 3600_000;
}

/**
 * Runs `take` now and every hour when a backup is due (never two at once); answers the stop.
 * @example const stop = scheduleBackups(dir, () => service.backup()); stop();
 */
export function scheduleBackups(dir: string, take: () => Promise<unknown>, everyMs = 3600_000): () => void {
  let running = false;
  const tick = async () => {
    if (running || !backupDue(dir)) return;
    running = true;
    try {
      await take();
    } catch {
      // logged by `take`; the next hour tries again
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, 0);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
