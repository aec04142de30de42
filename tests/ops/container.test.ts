// The containers: compose.yaml builds the image from this checkout (Dockerfile) and starts
// it beside PostgreSQL 16, whose first start gives the server exactly the documented rights
// (deploy/postgres-init.sh: a login that is not a superuser, owning its database); the server
// migrates, seeds the demo, answers ready, the administrator signs in; `docker compose stop` ends it
// gracefully (exit 0). Only where a container engine with compose runs: elsewhere the file is
// skipped and says why.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientHeader } from '../../engine/client-header.ts';
import { rootDir } from '../../server/config.ts';

const run = promisify(execFile);

/** The engine's command when it and its compose answer, else why not. */
function engine(): { cmd: string } | { why: string } {
  for (const cmd of ['docker', 'podman']) {
    try {
      execFileSync(cmd, ['info'], { stdio: 'ignore', timeout: 20_000 });
      execFileSync(cmd, ['compose', 'version'], { stdio: 'ignore', timeout: 20_000 });
      return { cmd };
    } catch {
      // not this one
    }
  }
  return { why: 'no container engine with compose answers here (docker/podman info, compose version)' };
}

const found = engine();
if ('why' in found) console.warn(`tests/ops/container.test.ts skipped: ${found.why}`);
const cmd = 'cmd' in found ? found.cmd : 'docker';
const project = `tbtest${randomBytes(3).toString('hex')}`;
let port = 0;
const env = () => ({ ...process.env, POSTGRES_PASSWORD: randomBytes(8).toString('hex'), TB_DB_PASSWORD: 'tb-test-password', TB_SEED_DEMO: 'true', TB_PORT: String(port) });
const compose = (...args: string[]) => run(cmd, ['compose', '-p', project, '-f', 'compose.yaml', ...args], { cwd: rootDir, env: composeEnv, timeout: 1_500_000, maxBuffer: 1 << 26 });
let composeEnv: NodeJS.ProcessEnv = {};

describe.skipIf('why' in found)('compose.yaml: the image and PostgreSQL', () => {
  beforeAll(async () => {
    port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    composeEnv = env();
    await compose('up', '-d', '--build', '--wait');
  }, 1_600_000);

  afterAll(async () => {
    await compose('down', '-v').catch(() => {});
  }, 300_000);

  it('answers ready on the published port, and the administrator signs in', async () => {
    const url = `http://127.0.0.1:${port}`;
    await vi.waitFor(async () => expect((await fetch(`${url}/api/health/ready`)).status).toBe(200), { timeout: 300_000, interval: 1000 });
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1' }, body: JSON.stringify({ login: 'ADMIN', password: 'Admin123' }) });
    expect(login.status).toBe(200);
    // the server's login is not a superuser (the documented rights, not the image's postgres)
    const { stdout } = await compose('exec', '-T', 'db', 'psql', '-U', 'postgres', '-d', 'tb', '-Atc', "select rolsuper from pg_roles where rolname = 'tbapp'");
    expect(stdout.trim()).toBe('f');
  }, 400_000);

  it('stops gracefully on docker compose stop: the server exits 0', async () => {
    await compose('stop', 'server');
    const { stdout } = await compose('ps', '-a', '--format', '{{.Service}} {{.ExitCode}}');
    expect(stdout).toMatch(/^server 0$/m);
  }, 120_000);
});
