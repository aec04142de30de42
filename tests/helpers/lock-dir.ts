// A lock shared by the test processes of a run (and of runs side by side): a folder only one
// process can create. No database needed, so it also guards what is made before PostgreSQL starts.
import { mkdir, rm, stat } from 'node:fs/promises';

/**
 * Runs `fn` holding the lock folder `lock`; a lock older than `staleMs` is one a killed process left.
 * Gives up after `timeoutMs`.
 * @example await withLockDir('.tmp/ui-build.lock', () => build());
 */
export async function withLockDir<T>(lock: string, fn: () => Promise<T>, { staleMs = 120_000, timeoutMs = 180_000 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > staleMs) await rm(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`lock ${lock} held too long`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
