import { startAutoSync } from './sync/client/auto.ts';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import '../engine/messages.ts';
import { loadSchemas } from '../engine/load.ts';
import { Validators } from '../engine/validate.ts';
import { createApp } from './app.ts';
import { configFromEnv, schemasDir, type ServerConfig } from './config.ts';
import { knownMigrations, migrationsPath, openOrm } from './db/orm.ts';
import { upgradeSchema } from './db/upgrade.ts';
import { relaxReferences, restoreRelaxedReferences } from './sync/client/relaxed.ts';
import { createMetrics } from './metrics/metrics.ts';
import { watchDatabase } from './metrics/database.ts';
import { drain } from './ops/shutdown.ts';
import { askServer } from './ops/backup/control.ts';
import { startBackups, type BackupService } from './ops/backup/service.ts';
import { Modules } from './modules.ts';
import type { AppContext, DomainModule } from './types.ts';
import { IdentityCache } from './auth/session-cache.ts';
import { queueAnalyticRefill } from './analytic/backfill.ts';
import { JobRunner } from './jobs/runner.ts';
import { registerHostJobs } from './jobs/host-kinds.ts';

export interface RunningServer {
  url: string;
  ctx: AppContext;
  /** Set when the demo workspace was created by this start. */
  demo?: { login: string; password: string };
  /** On the embedded database: its backups (server/ops/backup/). */
  backups?: BackupService;
  close(): Promise<void>;
}

/** What a start may change: the configuration, and where the schemas and migrations are (tests). */
export type HostOptions = Partial<ServerConfig> & { schemasDir?: string; migrationsDir?: string };

/**
 * The host with the given domain modules (the composition root, `app/start.ts`, names them): loads
 * the schemas, opens and migrates the database, starts the modules, seeds the demo on first start and listens.
 * @example const server = await startHost([], { port: 0, seedDemo: false }); // the bare host
 */
export async function startHost(domainModules: DomainModule[], overrides: HostOptions = {}): Promise<RunningServer> {
  const config: ServerConfig = { ...configFromEnv(), ...overrides };
  const schemaFolder = overrides.schemasDir ?? schemasDir;
  const registry = loadSchemas(schemaFolder);
  // a PGlite folder opened by two processes is corrupted: refuse while another server runs on it
  if (!config.databaseUrl && config.dataDir && !config.dataDir.startsWith('memory:') && (await askServer(config.dataDir, { op: 'ping' }, 5000))) {
    throw new Error(`another server is running on the embedded database ${config.dataDir}: stop it first`);
  }
  const orm = await openOrm(registry, { databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrations: overrides.migrationsDir, poolMax: config.dbPoolMax });
  const migrations = knownMigrations(overrides.migrationsDir ?? migrationsPath);
  try {
    await upgradeSchema(orm, migrations, async () => {
      for (const m of domainModules) await m.beforeMigrate?.(orm);
      // an offline client holds some references as ids only: their constraints are there while migrating, not after
      if (config.clientMode) await restoreRelaxedReferences(orm.em.fork(), registry);
    });
    if (config.clientMode) await relaxReferences(orm.em.fork(), registry);
  } catch (e) {
    await orm.close(true);
    throw e;
  }
  // a replica has the primary's schema (it replays it): nothing is migrated there
  const readOrm = config.databaseReadUrl ? await openOrm(registry, { databaseUrl: config.databaseReadUrl, poolMax: config.dbPoolMax }) : orm;
  const lifecycle = { migrations, stopping: false };
  const ctx: AppContext = { registry, schemasDir: schemaFolder, orm, readOrm, config, validators: new Validators(), modules: new Modules(domainModules, registry), identities: new IdentityCache(), metrics: createMetrics(), lifecycle, jobs: new JobRunner(config.jobs) };
  await watchDatabase(ctx);
  registerHostJobs(ctx);
  // the cases' analytic rows, when the declarations they are made by are new: a background job (server/analytic/backfill.ts)
  await queueAnalyticRefill(ctx);
  for (const m of domainModules) await m.start?.(ctx);
  let demo: RunningServer['demo'];
  // the offline client's rows come from its server (server/sync/client/), never from the demo
  if (config.seedDemo && !config.clientMode) for (const m of domainModules) demo = (await m.seed?.(ctx, demo)) ?? demo;
  const backups = await startBackups(ctx);
  // the offline client synchronises by itself with its key (server/sync/client/auto.ts)
  const auto = config.clientMode && config.syncAuto ? startAutoSync(ctx) : undefined;
  ctx.jobs.start(ctx);
  const app = createApp(ctx);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  // an idle connection is closed by its client, never under a request: a client's own idle limit is
  // shorter (Node's fetch 4 s), and a server's 5 s default raced it when either side's event loop was
  // busy (an offline client's PGlite working in its thread) — the request sent as the socket closed: ECONNRESET
  const http = server as unknown as { keepAliveTimeout: number; headersTimeout: number };
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host}:${port}`,
    ctx,
    demo,
    backups,
    close: async () => {
      ctx.lifecycle.stopping = true;
      auto?.stop();
      // the job in hand ends its batch and is queued again while the requests finish, before the pool closes
      await Promise.all([drain(server as unknown as Server, config.shutdownDelaySeconds, config.shutdownSeconds), ctx.jobs.stop()]);
      await backups?.close();
      await orm.close(true);
      if (readOrm !== orm) await readOrm.close(true);
    },
  };
}
