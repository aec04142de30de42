// `npm run backup` and `npm run restore` as an operator runs them: processes of their own on a data
// folder (TB_DATA_DIR), beside a server that may be running on it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { rootDir } from '../../server/config.ts';
import { childEnv } from './server-process.ts';

const run = promisify(execFile);

/**
 * Runs `npm run <command> -- <args>` (backup or restore) on the data folder `dataDir`; answers its
 * exit code and output.
 * @example await runBackupCommand('backup', dataDir, ['/tmp/b.tar.gz']) // { code: 0, out: 'Backup taken by the running server: …' }
 */
export async function runBackupCommand(command: 'backup' | 'restore', dataDir: string, args: string[]): Promise<{ code: number; out: string }> {
  return run(process.execPath, [join(rootDir, 'bin/tb.mjs'), command, ...args], { cwd: rootDir, env: childEnv({ TB_DATA_DIR: dataDir }) }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}
