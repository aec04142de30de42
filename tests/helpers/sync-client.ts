// An offline client beside a test server: the same product in client mode (`TB_CLIENT_MODE`) on a
// database of its own — a second database on the test run's PostgreSQL stands in for the client's
// embedded one (starting a second embedded PGlite per file would cost seconds more; the client's code
// does not know which it runs on) —, initialised from the server with a user's login.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../app/start.ts';
import { rootDir } from '../../server/config.ts';
import { initialiseClient } from '../../server/sync/client/init.ts';
import { createFromTemplate, dropTestDatabase } from './pg.ts';
import { ApiClient } from './server.ts';

/** A running offline client: its server process, its database, a login to it, and a restart. */
export interface OfflineClient {
  server: RunningServer;
  databaseUrl: string;
  login(login: string, password: string): Promise<ApiClient>;
  /** Stops the client's server (as a restart would: the synchronisation running in it is gone) and starts it again on its database. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

const start = (databaseUrl: string) =>
  startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: false, demoCases: 0, clientMode: true, outboxDir: `.tmp/outbox-${process.pid}` });

/** The empty, migrated database of a client (the template's migrations run once per test run). */
const migrated = async (url: string) => (await start(url)).close();

/**
 * Starts an offline client on a fresh database and initialises it from `serverUrl` as `login` (unless
 * `initialise: false`: a first start, left to the initialisation page).
 * @example const client = await startOfflineClient(server.url, 'SYNCDOC', 'Passw0rd');
 */
export async function startOfflineClient(serverUrl: string, login: string, password: string, o: { initialise?: boolean } = {}): Promise<OfflineClient> {
  const databaseUrl = await createFromTemplate('cli', 'client', migrated);
  const self: OfflineClient = {
    server: await start(databaseUrl),
    databaseUrl,
    async login(user, pass) {
      const c = new ApiClient(self.server.url);
      const r = await c.post('/api/auth/login', { login: user, password: pass });
      if (r.status !== 200) throw new Error(`client login ${user} failed: ${JSON.stringify(r.body)}`);
      return c;
    },
    async restart() {
      await self.server.close();
      self.server = await start(databaseUrl);
    },
    async close() {
      await self.server.close();
      await dropTestDatabase(databaseUrl);
    },
  };
  if (o.initialise !== false) await initialiseClient(self.server.ctx, { serverUrl, login, password });
  return self;
}

/**
 * Runs a synchronisation through the client's API as its user would (password, then the status polled
 * until it is no longer running); answers the last status.
 * @example expect((await syncThroughApi(doctorOnClient, 'Passw0rd')).id).toBe('NOT_RUNNING');
 */
export async function syncThroughApi(user: ApiClient, password: string): Promise<any> {
  const started = await user.post('/api/offline/client/sync/synchronize', { password });
  if (started.status !== 200) throw new Error(`synchronize: ${started.status} ${JSON.stringify(started.body)}`);
  for (;;) {
    const s = (await user.get('/api/offline/client/sync/status')).body;
    if (s.id === 'NOT_RUNNING' || s.id === 'ERROR') return s;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An offline client running as a process of its own, on its own database. */
export interface ClientProcess {
  url: string;
  databaseUrl: string;
  /** Kills the process at once (SIGKILL: nothing of it runs after), as a crash or a pulled plug would. */
  kill(): Promise<void>;
  /** Starts the client again on its database. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Spawns the client's process on `databaseUrl`; answers once it listens. */
function spawnClient(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  // node itself (not the tsx wrapper, whose own child a SIGKILL would leave running)
  const child = spawn(process.execPath, ['--import', 'tsx', join(rootDir, 'tests/helpers/client-process.ts')], {
    cwd: rootDir,
    env: { ...process.env, DATABASE_URL: databaseUrl, TB_CLIENT_MODE: 'true', TB_OUTBOX: `.tmp/outbox-${process.pid}-child` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /LISTENING (\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`the client process exited (${code}) before listening: ${out}`)));
  });
}

/**
 * Starts an offline client as a separate process on a fresh, migrated database, not yet initialised
 * (its first-start route does that, as the initialisation page would).
 * @example const c = await startClientProcess(); await c.kill(); await c.start();
 */
export async function startClientProcess(): Promise<ClientProcess> {
  const databaseUrl = await createFromTemplate('cli', 'client', migrated);
  let running = await spawnClient(databaseUrl);
  const stop = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (running.child.exitCode !== null || running.child.signalCode !== null) return resolve();
      running.child.once('exit', () => resolve());
      running.child.kill(signal);
    });
  const self: ClientProcess = {
    url: running.url,
    databaseUrl,
    kill: () => stop('SIGKILL'),
    async start() {
      running = await spawnClient(databaseUrl);
      self.url = running.url;
    },
    async close() {
      await stop('SIGKILL');
      await dropTestDatabase(databaseUrl);
    },
  };
  return self;
}
