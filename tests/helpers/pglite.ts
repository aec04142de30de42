// A server on the embedded PGlite (what `npm start` uses without DATABASE_URL), seeded as a first
// start seeds it. Migrating and seeding PGlite takes ~20 s; the first file of the run does it once
// into a data folder, and every file starts on its own copy of that folder in about a second. The
// offline client's empty, migrated folder is made the same way (tests/helpers/sync-client.ts).
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startServer, type RunningServer } from '../../app/start.ts';
import type { HostOptions } from '../../server/start.ts';
import { pgliteTemplate, TMP, type TemplateKind } from './pglite-folder.ts';
import { withRunLock } from './pg.ts';

/** The options every PGlite test server starts with (the demo seeded, its default 300 cases). */
const liteOptions = (dataDir: string) => ({ dataDir, port: 0, host: '127.0.0.1', seedDemo: true, outboxDir: `.tmp/outbox-${process.pid}` });

/**
 * The run's template data folder of a kind, built by `build` in the first process that asks (the
 * others wait); `build` gets the folder to make, which is renamed when whole — a half-built folder is
 * never copied.
 * @example const template = await templateFolder('seeded', async (dir) => (await startServer(liteOptions(dir))).close());
 */
export async function templateFolder(kind: TemplateKind, build: (dir: string) => Promise<void>): Promise<string> {
  const template = pgliteTemplate(inject('pgRunPrefix'), kind);
  await withRunLock(template, async () => {
    if (existsSync(template)) return;
    await mkdir(TMP, { recursive: true });
    // folders of runs that ended over an hour ago are of no use
    for (const f of await readdir(TMP)) {
      const p = join(TMP, f);
      if (/^pglite-(seeded|client|copy)-/.test(f) && Date.now() - (await stat(p)).mtimeMs > 3_600_000) await rm(p, { recursive: true, force: true });
    }
    const building = `${template}-wip`;
    await rm(building, { recursive: true, force: true });
    await build(building);
    await rename(building, template);
  });
  return template;
}

/**
 * A copy of a template data folder of the run, for one server; the caller removes it.
 * @example const dir = await copyOfTemplate(template); … await rm(dir, { recursive: true, force: true });
 */
export async function copyOfTemplate(template: string): Promise<string> {
  const dir = join(TMP, `pglite-copy-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  await cp(template, dir, { recursive: true });
  return dir;
}

/**
 * A copy of the run's seeded PGlite data folder (the demo seeded as a first start seeds it); the caller removes it.
 * @example const dir = await seededPgliteFolder(); const server = await startServer({ dataDir: dir, port: 0 });
 */
export async function seededPgliteFolder(): Promise<string> {
  return copyOfTemplate(await templateFolder('seeded', async (dir) => (await startServer(liteOptions(dir))).close()));
}

/**
 * Starts a seeded server on a PGlite of its own (a copy of the run's seeded data folder), with
 * `overrides` of its settings; `close()` stops it and removes the copy.
 * @example const lite = await startPgliteServer(); const c = new ApiClient(lite.url); … await lite.close();
 */
export async function startPgliteServer(overrides: HostOptions = {}): Promise<RunningServer> {
  const dir = await seededPgliteFolder();
  const server = await startServer({ ...liteOptions(dir), ...overrides });
  return {
    ...server,
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
