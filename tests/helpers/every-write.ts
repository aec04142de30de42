// The fixture both halves of the one-door test share (tests/api/every-write.test.ts: every table;
// tests/api/every-write-actions.test.ts: every action): the demo workspace's units and catalogues,
// new cases, contacts, TPT courses, stock orders and transfers made through the API, and `change`,
// which runs a write and checks that the feed, the history and the analytic rows moved with it.
import { sql } from 'kysely';
import { beforeAll, expect } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import { schemasDir } from '../../server/config.ts';
import { isSynchronised } from '../../server/feed/types.ts';
import { analyticTable } from '../../engine/analytic.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { analyticSelect } from '../../server/analytic/compute.ts';
import { createCase, newPatient, unitNamed } from './cases.ts';
import type { ApiResponse } from './server.ts';
import { admin, server } from './use-server.ts';

export type Doc = Record<string, any>;

/** The declared tables (from the registry), by name. */
export const registry = loadSchemas(schemasDir);
export const tables = [...registry.tables.values()].sort((a, b) => a.name.localeCompare(b.name));
export const db = () => kysely(server.ctx.orm.em.fork());

// --- the fixture: the demo workspace's units and catalogues, new cases made through the API ----------

/** The demo workspace's rows the samples use (filled by {@link useWriteFixture}). */
export interface Fixture {
  workspaceId: string;
  unit: string;
  otherUnit: string;
  lab: string;
  regimen: string;
  product: string;
  profile: string;
  countryStructure: string;
  manualTag: string;
}
/** This file's fixture: read it in tests, after {@link useWriteFixture}'s `beforeAll`. */
export const f = {} as Fixture;
let serial = 0;
/** The next number of this file's counter (the one {@link fresh} names from). */
export const nextSerial = () => ++serial;
/** A short name no row has yet. */
export const fresh = (prefix: string) => `${prefix}${++serial}${Date.now() % 100000}`.slice(0, 15);

/** The answer's body, after checking it is a 200. */
export const ok = (r: ApiResponse, what: string) => {
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};

/** A new confirmed TB case of a new patient in the fixture's unit, registered 2025-01-10. */
export async function newCase(extra: Doc = {}): Promise<string> {
  const patientId = await newPatient(admin, { name: 'Дверь', lastName: fresh('Тест'), gender: 'FEMALE', birthDate: '1980-05-05' });
  return createCase(admin, patientId, f.unit, { diagnosisDate: '2025-01-10', ...extra });
}

/** A new contact's document: a new person, registered as a household contact of a new case on 2025-01-12. */
export async function contactDoc(): Promise<Doc> {
  const patientId = await newPatient(admin, { name: 'Контакт', lastName: fresh('Тест'), gender: 'MALE', birthDate: '1990-01-01' });
  return { caseId: await newCase(), patientId, registrationDate: '2025-01-12', contactType: 'household' };
}

/** A new contact; with `evaluated`, TB excluded on 2025-01-15. */
export async function newContact(evaluated = false): Promise<string> {
  const evaluation = evaluated ? { examinated: true, dateOfExamination: '2025-01-15', symptoms: 'ABSENT', chestXray: 'NOT_DONE', infectionTest: 'NOT_DONE', evaluationOutcome: 'TB_EXCLUDED' } : {};
  return ok(await admin.post('/api/tbl/contact', { ...(await contactDoc()), ...evaluation }), 'contact').result as string;
}

/** A TPT course on 3HP of a contact with TB excluded, started on 2025-02-03 when `started`. */
export async function tptCourse(started = true): Promise<string> {
  const regimenId = (await admin.post('/api/tbl/tptregimen/query', { key: '3HP' })).body.list.find((r: Doc) => r.code === '3HP').id;
  const id = ok(await admin.post('/api/tbl/tptcourse', { contactId: await newContact(true), eligible: true, eligibilityDate: '2025-01-20', regimenId, weightKg: 60 }), 'tptcourse').result as string;
  if (started) ok(await admin.post(`/api/tbl/tptcourse/${id}/action/tptstart`, { startDate: '2025-02-03' }), 'tptstart');
  return id;
}

/** A new case on treatment since 2025-01-13 (2HRZE/4HR). */
export async function treatedCase(): Promise<string> {
  const caseId = await newCase();
  ok(await admin.post('/api/cases/case/treatment/start', { caseId, unitId: f.unit, iniDate: '2025-01-13', regimenId: f.regimen }), 'treatment start');
  return caseId;
}

/** A new order of the fixture's unit (the demo's Bishkek unit: supplied and authorised by the national centre), at `state`; its id. */
export async function newOrder(state: 'NEW' | 'AUTHORIZED' | 'SENT'): Promise<string> {
  const id = ok(await admin.post('/api/tbl/stockorder', { unitId: f.unit, date: '2025-02-01', items: [{ productId: f.product, quantity: 2 }] }), 'order').result as string;
  if (state === 'NEW') return id;
  ok(await admin.post(`/api/tbl/stockorder/${id}/action/authorize`, { date: '2025-02-02' }), 'authorize');
  if (state === 'AUTHORIZED') return id;
  const supplier = String((await db().selectFrom('unit').select('supplier_id').where('id', '=', f.unit).executeTakeFirstOrThrow()).supplier_id);
  const sourceId = (await admin.post('/api/tbl/source/query', { pageSize: 10 })).body.list[0].id;
  const movement = ok(await admin.post('/api/tbl/stockmovement', { type: 'RECEIPT', unitId: supplier, date: '2025-02-01', productId: f.product, sourceId, batchNumber: fresh('O'), manufacturer: 'Lupin', expiryDate: '2030-01-31', quantity: 5 }), 'receipt').result;
  const batchId = (ok(await admin.get(`/api/tbl/stockmovement/${movement}`), 'movement') as Doc).batchId;
  ok(await admin.post(`/api/tbl/stockorder/${id}/action/send`, { date: '2025-02-03', shipped: [{ batchId, quantity: 2 }] }), 'send');
  return id;
}

/** A transfer of 2 units of a new batch from the fixture's unit to the other one, sent through the API; its id. */
export async function newTransfer(): Promise<string> {
  const sourceId = (await admin.post('/api/tbl/source/query', { pageSize: 10 })).body.list[0].id;
  const movement = ok(await admin.post('/api/tbl/stockmovement', { type: 'RECEIPT', unitId: f.unit, date: '2025-02-01', productId: f.product, sourceId, batchNumber: fresh('T'), manufacturer: 'Lupin', expiryDate: '2030-01-31', quantity: 5 }), 'receipt').result;
  const batchId = (ok(await admin.get(`/api/tbl/stockmovement/${movement}`), 'movement') as Doc).batchId;
  return ok(await admin.post('/api/tbl/stocktransfer', { unitFromId: f.unit, unitToId: f.otherUnit, date: '2025-02-02', items: [{ batchId, quantity: 2 }] }), 'transfer').result as string;
}

// --- what a change left ------------------------------------------------------------------------------

type Snapshot = Map<string, { table: string; version: number; content: string }>;
const feedTables = () => tables.filter((d) => isSynchronised(d));

async function snapshot(): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const def of feedTables()) {
    const rows = (await sql<Doc>`select * from ${sql.table(def.name)} where workspace_id = ${f.workspaceId}`.execute(db())).rows;
    for (const { updated_at: _u, version, ...rest } of rows) out.set(String(rest.id), { table: def.name, version: Number(version), content: JSON.stringify(rest) });
  }
  return out;
}

/** A change row of the feed. */
export interface Fed {
  row_id: string;
  table_name: string;
  op: string;
  row_version: number;
  data: Doc | null;
}
const lastSeq = async () => Number((await sql<{ n: string | null }>`select max(seq) as n from changelog`.execute(db())).rows[0].n ?? 0);

/**
 * Runs `act` and checks the feed against what changed in the workspace: a row made has its create
 * (version 1) and then one update per further version; a changed row one change per version it went
 * through; a deleted row its delete (version + 1); an unchanged row nothing. Answers the act's result
 * and the change rows it made.
 */
export async function change<T>(what: string, act: () => Promise<T>): Promise<{ result: T; fed: Fed[]; history: Doc[] }> {
  const before = await snapshot();
  const since = await lastSeq();
  // a timestamp comes back as text (the type parsers keep its microseconds): compared as read
  const historyAt = (await sql<{ at: string | null }>`select max(exec_date) as at from cmdhistory`.execute(db())).rows[0].at ?? new Date(0).toISOString();
  const result = await act();
  const after = await snapshot();
  // the workspace's feed (a new workspace's own rows are fed to its own readers)
  const fed = (await sql<Fed>`select row_id, table_name, op, row_version, data from changelog where seq > ${since} and workspace_id = ${f.workspaceId} order by tx_key, seq`.execute(db())).rows;
  const versions = new Map<string, number[]>();
  for (const c of fed) if (c.op !== 'left') versions.set(c.row_id, [...(versions.get(c.row_id) ?? []), c.row_version]);
  const problems: string[] = [];
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  for (const [id, now] of after) {
    const was = before.get(id);
    const got = versions.get(id) ?? [];
    versions.delete(id);
    if (was && was.version === now.version) {
      if (was.content !== now.content) problems.push(`${now.table} ${id}: changed, version kept`);
      else if (got.length) problems.push(`${now.table} ${id}: unchanged, fed ${got}`);
      continue;
    }
    const expected = range(was ? was.version + 1 : 1, now.version);
    if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(`${now.table} ${id}: versions ${expected}, fed ${got}`);
  }
  for (const [id, was] of before) {
    if (after.has(id)) continue;
    const got = versions.get(id) ?? [];
    versions.delete(id);
    const ops = fed.filter((c) => c.row_id === id).map((c) => c.op);
    if (got.at(-1) !== was.version + 1 || ops.at(-1) !== 'delete') problems.push(`${was.table} ${id}: deleted at version ${was.version}, fed ${ops} ${got}`);
  }
  // rows made and deleted within the act: fed from their create to their delete
  for (const [id, got] of versions) {
    const ops = fed.filter((c) => c.row_id === id && c.op !== 'left').map((c) => c.op);
    if (!(ops[0] === 'create' && ops.at(-1) === 'delete' && JSON.stringify(got) === JSON.stringify(range(1, got.length)))) problems.push(`${id}: fed ${ops} ${got}, not in the workspace`);
  }
  expect(problems, what).toEqual([]);
  // the cases' analytic rows moved with the change, in its transaction
  const a = analyticTable(registry, reportCatalogue(registry));
  const rows = async (q: any) => (await sql<Doc>`select * from (${q}) x order by id`.execute(db())).rows.map((r) => JSON.stringify(r, Object.keys(r).sort()));
  expect(await rows(sql`select * from caseanalytic where workspace_id = ${f.workspaceId}`), `${what}: the analytic rows`).toEqual(await rows(analyticSelect(a, sql`c.workspace_id = ${f.workspaceId}`)));
  const history = await db().selectFrom('cmdhistory').selectAll().where('exec_date', '>', historyAt).orderBy('exec_date').execute();
  return { result, fed, history };
}

/** A row's version (0 when it is gone). */
export const versionOf = async (table: string, id: string) => Number((await kyselyByName(server.ctx.orm.em.fork()).selectFrom(table).select('version').where('id', '=', id).executeTakeFirst())?.version ?? 0);

/**
 * Fills {@link f} before the file's tests (after `useTestServer`'s login). Call it once, at the top.
 * @example
 * useTestServer();
 * useWriteFixture();
 * it('makes a case', async () => expect(await newCase()).toBeTruthy());
 */
export function useWriteFixture(): void {
  beforeAll(async () => {
  const unit = await unitNamed(admin, 'Бишкекский');
  const units = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list as Doc[];
  const workspaceId = String((await db().selectFrom('unit').select('workspace_id').where('id', '=', unit).executeTakeFirstOrThrow()).workspace_id);
  Object.assign(f, {
    workspaceId,
    unit,
    otherUnit: await unitNamed(admin, 'Ысык-Атинский'),
    lab: units.find((u) => u.type === 'LAB')!.id,
    regimen: (await admin.post('/api/tbl/regimen/query', { pageSize: 50 })).body.list.find((r: Doc) => r.name === '2HRZE/4HR').id,
    product: (await admin.post('/api/tbl/product/query', { pageSize: 100 })).body.list.find((x: Doc) => x.shortName === 'HR 75/150').id,
    profile: (await admin.post('/api/tbl/userprofile/query', { pageSize: 50 })).body.list[0].id,
    countryStructure: (await admin.post('/api/tbl/countrystructure/query', { pageSize: 50 })).body.list.find((c: Doc) => c.level === 1).id,
    manualTag: (await admin.post('/api/tbl/tag/query', { pageSize: 100 })).body.list.find((g: Doc) => !g.autoGenerated).id,
  } satisfies Fixture);
  }, 120_000);
}

/** A new workspace user's document (login DOOR…, in the fixture's unit, with its first profile). */
export function userDoc(): Doc {
  const login = fresh('DOOR').toUpperCase();
  return { login, name: 'Дверь Тест', email: `${login.toLowerCase()}@example.org`, sendSystemMessages: false, unitId: f.unit, profiles: [f.profile], view: 'UNIT' };
}

/** A new workspace user made through the API; its id. */
export async function newUser(): Promise<string> {
  return ok(await admin.post('/api/tbl/userws', userDoc()), 'userws').result;
}
