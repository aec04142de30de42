// Past capacity the server says so at once: with a tiny limit configured — two requests
// at a time, one per user, two waiting, a user at most one — requests held by a table lock fill the
// places; a user's second waiting request and any request past the full queue get 503 with
// Retry-After straight away, another user still runs, health still answers, and the held requests
// and those waiting finish once the lock goes. No timing: the lock holds until the test lets go.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../app/start.ts';
import { Gate } from '../../server/ops/overload.ts';
import { sample } from '../helpers/metrics.ts';
import { dropTestDatabase } from '../helpers/pg.ts';
import { ApiClient, seededDatabase } from '../helpers/server.ts';

let server: RunningServer;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await seededDatabase('overload');
  server = await startServer({
    databaseUrl, port: 0, host: '127.0.0.1', seedDemo: false,
    overload: { maxConcurrent: 2, maxPerUser: 1, maxQueue: 2, maxQueueWaitMs: 120_000, retryAfterSeconds: 3 },
  });
});
afterAll(async () => {
  await server?.close();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

const signIn = async (login: string, password: string) => {
  const c = new ApiClient(server.url);
  expect((await c.post('/api/auth/login', { login, password })).status).toBe(200);
  return c;
};
const metric = async (name: string, labels: Record<string, string> = {}) => sample(await (await fetch(`${server.url}/metrics`)).text(), name, labels) ?? 0;

describe('a process past its limits', () => {
  it('refuses at once with 503 and Retry-After, per user and past the queue, while health answers', async () => {
    const admin = await signIn('ADMIN', 'Admin123');
    const doctor = await signIn('DOCTOR1', 'Doctor123');
    const admin2 = await signIn('ADMIN', 'Admin123'); // another session: another "user" of the limit
    const lock = new pg.Client({ connectionString: databaseUrl });
    await lock.connect();
    await lock.query('begin');
    await lock.query('lock table tbcase in access exclusive mode');
    try {
      // the admin's request waits on the lock, holding one of the two places
      const held = admin.post('/api/tbl/tbcase/query', {});
      await vi.waitFor(async () => expect(await metric('tb_http_in_flight')).toBe(1), { timeout: 15_000 });
      // the admin may run one at a time: the next waits in the queue, the one after is refused
      const adminWaits = admin.post('/api/tbl/unit/query', {});
      await vi.waitFor(async () => expect(await metric('tb_http_queued')).toBe(1), { timeout: 15_000 });
      const adminRefused = await admin.post('/api/tbl/unit/query', {});
      expect(adminRefused.status).toBe(503);
      expect(adminRefused.body.errors).toEqual([{ field: null, msg: 'Сервер перегружен. Повторите через несколько секунд' }]);
      // another user runs at once beside the held one
      expect((await doctor.post('/api/tbl/unit/query', {})).status).toBe(200);
      // … until the doctor is held too: both places taken
      const doctorHeld = doctor.post('/api/tbl/tbcase/query', {});
      await vi.waitFor(async () => expect(await metric('tb_http_in_flight')).toBe(2), { timeout: 15_000 });
      const secondSessionWaits = admin2.post('/api/tbl/unit/query', {});
      await vi.waitFor(async () => expect(await metric('tb_http_queued')).toBe(2), { timeout: 15_000 });
      // the queue is full: anyone is refused at once, told when to come back
      const refused = await fetch(`${server.url}/api/pub/sysconfig`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('3');
      // health is never limited
      expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
      expect(await metric('tb_http_refused_total', { reason: 'user queue full' })).toBe(1);
      expect(await metric('tb_http_refused_total', { reason: 'queue full' })).toBe(1);
      await lock.query('commit');
      // the held and the waiting requests are served once the lock goes
      for (const r of await Promise.all([held, adminWaits, doctorHeld, secondSessionWaits])) expect(r.status).toBe(200);
    } finally {
      await lock.query('rollback').catch(() => {});
      await lock.end();
    }
    expect(await metric('tb_http_in_flight')).toBe(0);
    expect(await metric('tb_http_queued')).toBe(0);
  });
});

describe('the gate', () => {
  it('refuses a request that waited its longest without a place', async () => {
    const gate = new Gate({ maxConcurrent: 1, maxPerUser: 1, maxQueue: 5, maxQueueWaitMs: 50, retryAfterSeconds: 1 });
    expect(gate.enter('a')).toBe('ok');
    expect(await gate.enter('b')).toBe('waited too long');
    expect(gate.queued).toBe(0);
    gate.leave('a');
    expect(gate.enter('b')).toBe('ok');
  });

  it('gives a freed place to the first waiting request whose user may run, first come first served', async () => {
    const gate = new Gate({ maxConcurrent: 2, maxPerUser: 1, maxQueue: 5, maxQueueWaitMs: 60_000, retryAfterSeconds: 1 });
    expect(gate.enter('a')).toBe('ok');
    expect(gate.enter('b')).toBe('ok');
    const order: string[] = [];
    const a2 = (gate.enter('a') as Promise<string>).then(() => order.push('a2'));
    const c1 = (gate.enter('c') as Promise<string>).then(() => order.push('c1'));
    gate.leave('b'); // a is still at its limit: c takes the place
    await c1;
    expect(order).toEqual(['c1']);
    gate.leave('a');
    await a2;
    expect(order).toEqual(['c1', 'a2']);
    expect(gate.running).toBe(2);
  });
});
