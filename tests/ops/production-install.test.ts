// The production build as a ministry's server gets it: compiled, installed with
// `npm ci --omit=dev` into a folder of its own, started with `npm run start:prod` on PostgreSQL (the
// migrations run from the compiled files), signed in to, its UI served compressed; the Node version
// is checked before anything is loaded.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nodeVersionProblem, requiredNode } from '../../app/node-version.ts';
import { clientHeader } from '../../engine/client-header.ts';
import { rootDir } from '../../server/config.ts';
import { createTestDatabase, dropTestDatabase } from '../helpers/pg.ts';
import { installRelease } from '../helpers/release.ts';
import { childEnv, spawnServer, type ServerProcess } from '../helpers/server-process.ts';

const run = promisify(execFile);
let dir: string;
let databaseUrl: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tb-release-'));
  await installRelease(dir);
  databaseUrl = await createTestDatabase('release');
  server = await spawnServer('npm', ['run', 'start:prod'], {
    cwd: dir,
    env: childEnv({ DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', TB_DEMO_CASES: '0', TB_DATA_DIR: join(dir, 'data') }),
  });
}, 400_000);

afterAll(async () => {
  await server?.stop('SIGTERM');
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a release installed without devDependencies', () => {
  it('has no TypeScript, build or test tooling in its node_modules', () => {
    for (const dev of ['typescript', 'tsx', 'vite', 'vitest', 'react', 'antd']) expect(existsSync(join(dir, 'node_modules', dev)), dev).toBe(false);
    expect(existsSync(join(dir, 'node_modules', '@mikro-orm', 'postgresql'))).toBe(true);
  });

  it('migrates an empty PostgreSQL database, seeds the demo and lets the administrator sign in', async () => {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [clientHeader]: '1' },
      body: JSON.stringify({ login: 'ADMIN', password: 'Admin123' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const session = await fetch(`${server.url}/api/sys/session`, { method: 'POST', headers: { cookie, [clientHeader]: '1' } });
    expect((await session.json()).userLogin).toBe('ADMIN');
  });

  it('serves the built UI, its scripts gzipped', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const asset = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
  });

  it('stops on SIGTERM (npm hands the signal to the server: `exec node`): its port closes', async () => {
    await server.stop('SIGTERM');
    await vi.waitFor(() => expect(fetch(`${server.url}/api/health`)).rejects.toThrow(), { timeout: 15_000, interval: 200 });
  });
});

describe('the Node version check', () => {
  it('asks for the version package.json declares', () => {
    const engines = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')).engines.node as string;
    expect(engines).toBe(`>=${requiredNode.replace(/\.0$/, '')}`);
  });

  it('refuses 22.16.1 and 20.20.2 with a message naming both versions, accepts 22.17.0 and 24.21.0', () => {
    expect(nodeVersionProblem('22.16.1')).toMatch(/needs Node\.js 22\.17\.0 or newer; this is 22\.16\.1/);
    expect(nodeVersionProblem('20.20.2')).toMatch(/this is 20\.20\.2/);
    expect(nodeVersionProblem('22.17.0')).toBeUndefined();
    expect(nodeVersionProblem('24.21.0')).toBeUndefined();
    expect(nodeVersionProblem('23.0.0')).toBeUndefined();
  });

  // the machine's own Node, when it is an older one (Debian's 20 here): the entry says why and stops
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => existsSync(p) && nodeVersionProblem(String(execFileSync(p, ['-p', 'process.versions.node'])).trim()));
  it.skipIf(!oldNode)(`an older Node (${oldNode ?? 'none on this machine'}) running the build exits 1 with the reason`, async () => {
    const r = await run(oldNode!, ['dist/app/production.js'], { cwd: dir, env: childEnv({}) }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/needs Node\.js 22\.17\.0 or newer/);
  });
});

