// DATABASE_READ_URL: reports, dashboards, the advanced search and the side menu's counts
// read the replica; writes — a new case, a saved report — go to the primary, never the replica.
// The replica here is a copy of the primary taken before the server starts and never replayed
// again, so a case written afterwards is in the primary only: the lists read from the primary show
// it, what reads the replica does not.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../app/start.ts';
import { ApiClient } from '../helpers/server.ts';
import { copyTestDatabase, createTestDatabase, dropTestDatabase } from '../helpers/pg.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';

let primary: string, replica: string;
let server: RunningServer;
let admin: ApiClient;
const options = { port: 0, host: '127.0.0.1', demoCases: 0, clientMode: false, trustProxy: false, outboxDir: `.tmp/outbox-${process.pid}` };

beforeAll(async () => {
  primary = await createTestDatabase('primary');
  await (await startServer({ ...options, databaseUrl: primary, seedDemo: true })).close();
  replica = await copyTestDatabase(primary, 'replica');
  server = await startServer({ ...options, databaseUrl: primary, databaseReadUrl: replica, seedDemo: false });
  admin = new ApiClient(server.url);
  expect((await admin.post('/api/auth/login', { login: 'ADMIN', password: 'Admin123' })).status).toBe(200);
}, 240_000);
afterAll(async () => {
  await server?.close();
  for (const url of [primary, replica]) if (url) await dropTestDatabase(url);
});

it('reads reports, search and counts from the replica; writes to the primary', async () => {
  const total = async () => (await admin.post('/api/cases/report/ind/exec', { rowVariables: ['gender'], columnVariables: ['classification'] })).body.indicator.total;
  const searched = async () => (await admin.post('/api/cases/search/count', {})).body.count;
  const listed = async () => (await admin.post('/api/tbl/tbcase/query', { pageSize: 1 })).body.count;
  const tbCount = async () => (await admin.post('/api/cases/summary', {})).body.counts.tb;
  const before = { total: await total(), searched: await searched(), listed: await listed(), tb: await tbCount() };
  expect(before.total).toBe(before.listed);

  const unit = await unitNamed(admin, 'Бишкекский городской');
  await createCase(admin, await newPatient(admin, { name: 'Реплика', lastName: 'Первичная', gender: 'MALE', birthDate: '1980-01-01' }), unit);
  // the primary has it
  expect(await listed()).toBe(before.listed + 1);
  // what reads the replica has not replayed it
  expect(await total()).toBe(before.total);
  expect(await searched()).toBe(before.searched);
  expect(await tbCount()).toBe(before.tb);

  // a saved report is written to the primary and listed from it at once
  const saved = await admin.post('/api/cases/report/save', { title: 'На первичной', indicators: [{ columnVariables: ['gender'], rowVariables: ['state'] }] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await admin.post('/api/cases/report/query', {})).body.result.map((r: any) => r.name)).toContain('На первичной');
  const run = await admin.post('/api/cases/report/exec', { reportId: saved.body.result });
  expect(run.body.result.indicators[0].data.total).toBe(before.total);
});
