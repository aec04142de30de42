// Where the PGlite test servers' data folders go (tests/helpers/pglite.ts); apart, so that the run's
// global teardown can remove the run's template folders without loading the app.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir } from '../../server/config.ts';

/**
 * Shared memory where there is one (PGlite writes every page through the file system, and on a disk
 * it runs several times slower than `memory://`), else .tmp/; one folder per checkout.
 */
export const TMP = existsSync('/dev/shm') ? join('/dev/shm', `tb-tests-${createHash('sha1').update(rootDir).digest('hex').slice(0, 8)}`) : join(rootDir, '.tmp');

/** The run's template data folders: the demo seeded (a server), migrated and empty (an offline client). */
export const TEMPLATE_KINDS = ['seeded', 'client'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/**
 * The PGlite data folder of the run with this database prefix, of one kind (default: seeded).
 * @example for (const kind of TEMPLATE_KINDS) await rm(pgliteTemplate(runPrefix, kind), { recursive: true, force: true });
 */
export const pgliteTemplate = (runPrefix: string, kind: TemplateKind = 'seeded') => join(TMP, `pglite-${kind}-${runPrefix}`);
