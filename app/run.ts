/**
 * Starts the platform from the environment's settings, says where it runs and how to sign in, and
 * stops it gracefully on SIGINT/SIGTERM (server/ops/shutdown.ts): what `npm start` and
 * `npm run start:prod` share.
 */
import { startServer } from './start.ts';
import { domainModules } from './domains.ts';
import { log } from '../server/log.ts';
import { clientStartLine } from '../server/sync/client/start-line.ts';

/**
 * Starts the server and keeps it running until a signal stops it.
 * @example await runServer();
 */
export async function runServer(): Promise<void> {
  const server = await startServer();
  const db = server.ctx.config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${server.ctx.config.dataDir}`;
  log.info({ url: server.url, database: db, node: process.versions.node }, `TB platform is running at ${server.url} (database: ${db})`);
  const logins = domainModules.flatMap((m) => m.demoLogins ?? []);
  // the demo's published passwords (README), not secrets: a trial user reads them here
  if (logins.length && server.ctx.config.seedDemo && !server.ctx.config.clientMode) {
    const width = Math.max(...logins.map((x) => `${x.login} / ${x.password}`.length));
    log.info(`Demo logins (workspace «Демонстрационная»):\n${logins.map((x) => `  ${`${x.login} / ${x.password}`.padEnd(width)}  ${x.who}`).join('\n')}`);
  }
  // an offline client holds no demo: it says how it is set up (docs/sync.md)
  if (server.ctx.config.clientMode) log.info(await clientStartLine(server.ctx, server.url));
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, async () => {
      // a second signal (Ctrl-C again) does not wait
      if (stopping) process.exit(1);
      stopping = true;
      log.info({ signal: sig }, 'stopping');
      await server.close();
      log.info('stopped');
      process.exit(0);
    });
  }
}
