// Where the PGlite test servers' data folders go (tests/helpers/pglite.ts); apart, so that the run's
// global teardown can remove the run's seeded folder without loading the app.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir } from '../../server/config.ts';

/**
 * Shared memory where there is one (PGlite writes every page through the file system, and on a disk
 * it runs several times slower than `memory://`), else .tmp/; one folder per checkout.
 */
export const TMP = existsSync('/dev/shm') ? join('/dev/shm', `tb-tests-${createHash('sha1').update(rootDir).digest('hex').slice(0, 8)}`) : join(rootDir, '.tmp');

/**
 * The seeded PGlite data folder of the run with this database prefix.
 * @example await rm(pgliteTemplate(runPrefix), { recursive: true, force: true });
 */
export const pgliteTemplate = (runPrefix: string) => join(TMP, `pglite-seeded-${runPrefix}`);
