// An offline client beside a test server: the same product in client mode (`TB_CLIENT_MODE`) on a
// database of its own, initialised from the server with a user's login. In the test's process
// (`startOfflineClient`) a second database on the test run's PostgreSQL stands in for the client's
// embedded one (a PGlite in the test's own thread would slow every step; the client's code does not
// know which it runs on); as a process of its own (`startClientProcess`) it runs on its embedded PGlite.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../app/start.ts';
import { rootDir } from '../../server/config.ts';
import { initialiseClient } from '../../server/sync/client/init.ts';
import type { HoldPoint } from '../../server/sync/client/hold.ts';
import { createFromTemplate, dropTestDatabase } from './pg.ts';
import { copyOfTemplate, templateFolder } from './pglite.ts';
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
  startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: false, demoCases: 0, clientMode: true, syncAuto: false, outboxDir: `.tmp/outbox-${process.pid}` });

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

/** An offline client running as a process of its own, on its embedded PGlite. */
export interface ClientProcess {
  url: string;
  /** Its data folder (TB_DATA_DIR): the PGlite database under it. */
  dataDir: string;
  /** Kills the process at once (SIGKILL: nothing of it runs after), as a crash or a pulled plug would. */
  kill(): Promise<void>;
  /**
   * Runs `begin` (which starts a synchronisation) with the process told to hold that synchronisation
   * at `point` (server/sync/client/hold.ts `HoldPoint`), and kills it there.
   */
  killIn(point: HoldPoint, begin: () => Promise<void>): Promise<void>;
  /** Starts the client again on its data folder. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A spawned client process: its address, a line to its stdin, what it printed, and a stop with a signal (answers once it exited). */
interface Spawned {
  url: string;
  tell(line: string): void;
  /** Answers once the process has printed `text` (after what it printed before the call). */
  printed(text: string): Promise<void>;
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** Spawns the client's process on the data folder `dataDir` (its embedded PGlite); answers once it listens. */
function spawnClient(dataDir: string, extra: Record<string, string> = {}): Promise<Spawned> {
  const env: NodeJS.ProcessEnv = { ...process.env, TB_SYNC_AUTO: 'false', ...extra, TB_DATA_DIR: dataDir, TB_CLIENT_MODE: 'true', TB_OUTBOX: `.tmp/outbox-${process.pid}-child` };
  delete env.DATABASE_URL;
  delete env.DATABASE_READ_URL;
  // node itself (not the tsx wrapper, whose own child a SIGKILL would leave running)
  const child = spawn(process.execPath, ['--import', 'tsx', join(rootDir, 'tests/helpers/client-process.ts')], { cwd: rootDir, env, stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin!.on('error', () => {}); // a line told to a process just killed goes nowhere
  let out = '';
  const watchers = new Set<() => void>();
  child.stdout!.on('data', (b: Buffer) => {
    out += b.toString();
    for (const w of watchers) w();
  });
  let stopping = false;
  // a process gone by itself (not stopped by the test) is said, or the test sees only a refused call
  child.once('exit', (code, signal) => void (!stopping && console.error(`the client process on ${dataDir} exited by itself (${code ?? signal})`)));
  const stop = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  const printed = (text: string, from = out.length) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (out.indexOf(text, from) >= 0) {
          watchers.delete(check);
          child.off('exit', gone);
          resolve(out);
        }
      };
      const gone = () => reject(new Error(`the client process exited before printing ${text}: ${out}`));
      watchers.add(check);
      child.once('exit', gone);
      check();
    });
  return printed('LISTENING ', 0).then((all) => ({
    url: /LISTENING (\S+)/.exec(all)![1],
    tell: (line: string) => void child.stdin!.write(`${line}\n`),
    printed: async (text: string) => void (await printed(text)),
    stop,
  }));
}

/**
 * The run's empty client data folder: migrated by a client process of its own (PGlite's migrations take
 * ~10 s of a core, out of the test process's thread), closed cleanly, then copied for each client.
 */
const clientTemplate = () =>
  templateFolder('client', async (dir) => {
    const first = await spawnClient(dir);
    await first.stop('SIGTERM');
  });

/**
 * Starts an offline client as a separate process on its embedded PGlite (a fresh copy of the run's
 * migrated, empty client folder), not yet initialised (its first-start route does that, as the
 * initialisation page would). Start it early and await it when needed: it runs beside the test.
 * `env`: settings of its own (the automatic synchronisation's `TB_SYNC_INTERVAL_MINUTES`, `TB_SYNC_RETRY_SECONDS`).
 * @example const c = await startClientProcess(); await c.kill(); await c.start(); await c.close();
 */
export async function startClientProcess(env: Record<string, string> = {}): Promise<ClientProcess> {
  const dataDir = await copyOfTemplate(await clientTemplate());
  let running = await spawnClient(dataDir, env);
  const self: ClientProcess = {
    url: running.url,
    dataDir,
    kill: () => running.stop('SIGKILL'),
    async killIn(point, begin) {
      const holding = running.printed(`HOLDING ${point}`);
      running.tell(`hold ${point}`);
      await holding;
      const held = running.printed(`HELD ${point}`);
      held.catch(() => {}); // awaited below, unless `begin` failed
      await begin();
      await held;
      await running.stop('SIGKILL');
    },
    async start() {
      running = await spawnClient(dataDir, env);
      self.url = running.url;
    },
    async close() {
      await running.stop('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return self;
}
