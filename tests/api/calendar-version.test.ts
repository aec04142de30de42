// Two users saving the same month of the intake calendar. Each save carries the month's
// version as its user read it; the second save of the same version is refused with 409 and the
// Russian message, and the first user's days stay — an acknowledged save is never silently lost.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { createUser } from '../helpers/users.ts';

let server: TestServer;
let admin: ApiClient;
let first: ApiClient;
let second: ApiClient;
let bishkek: string;
let regimen: string;

const T = '/api/cases/case/treatment';
const STALE = 'Запись уже изменена другим пользователем: обновите её и повторите';
const range = (from: number, to: number, status: string) => Array.from({ length: to - from + 1 }, (_, i) => ({ day: from + i, status }));
/** February 2025 as the tab shows it to `who`: its version and recorded days. */
const february = async (who: ApiClient, caseId: string) => {
  const r = await who.get(`${T}/${caseId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.followup.find((m: any) => m.year === 2025 && m.month === 2) as { version: number; days: { day: number; status: string }[] };
};
const save = (who: ApiClient, caseId: string, version: number, days: { day: number; status: string }[]) => who.post(`${T}/followup`, { caseId, year: 2025, month: 2, version, days });
const stored = async (caseId: string) =>
  (await kysely(server.ctx.orm.em.fork()).selectFrom('adherence').select(['days', 'version']).where('case_id', '=', caseId).where('year', '=', 2025).where('month', '=', 2).executeTakeFirst()) ?? null;
const changeRows = async (caseId: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from changelog l join adherence a on a.id = l.row_id where a.case_id = ${caseId}`.execute(kysely(server.ctx.orm.em.fork()))).rows[0].n;

/** A new case on 2HRZE/4HR from 6 January 2025. */
async function treatedCase(): Promise<string> {
  const patientId = await newPatient(admin, { name: 'Айбек', lastName: 'Жумабаев', gender: 'MALE', birthDate: '1975-07-07' });
  const caseId = await createCase(admin, patientId, bishkek, { registrationDate: '2025-01-02', diagnosisDate: '2025-01-02' });
  const r = await admin.post(`${T}/start`, { caseId, unitId: bishkek, iniDate: '2025-01-06', regimenId: regimen });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return caseId;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login();
  bishkek = await unitNamed(admin, 'Бишкекский');
  regimen = (await admin.post('/api/tbl/regimen/query', { pageSize: 50 })).body.list.find((r: any) => r.name === '2HRZE/4HR').id;
  const nurse = [{ permission: 'CASEMAN' }, { permission: 'CASE_INTAKEMED', canChange: true }];
  first = await createUser(server, admin, 'CALFIRST', nurse, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
  second = await createUser(server, admin, 'CALSECOND', nurse, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
}, 180_000);
afterAll(() => server?.close());

it('the second of two users saving the month they both read gets 409 and the first one’s days stay', async () => {
  const caseId = await treatedCase();
  const seenByFirst = await february(first, caseId);
  const seenBySecond = await february(second, caseId);
  expect([seenByFirst.version, seenBySecond.version]).toEqual([0, 0]); // nothing stored yet

  const saved = await save(first, caseId, seenByFirst.version, range(1, 10, 'DOTS'));
  expect(saved.body).toEqual({ success: true, result: { version: 1 } });
  const refused = await save(second, caseId, seenBySecond.version, range(1, 10, 'NOT_TAKEN'));
  expect(refused.status).toBe(409);
  expect(refused.body.errors).toEqual([{ field: 'version', msg: STALE }]);
  expect(await stored(caseId)).toEqual({ days: 'D'.repeat(10) + '-'.repeat(18), version: 1 });
  expect(await changeRows(caseId)).toBe(1);

  // read again, the second user's save goes through on the version they now see
  const reread = await february(second, caseId);
  expect(reread.version).toBe(1);
  expect((await save(second, caseId, reread.version, range(1, 10, 'SELF_ADMIN'))).body).toEqual({ success: true, result: { version: 2 } });
  // and the first user's next save, on the version their save answered, is stale now
  expect((await save(first, caseId, 1, range(1, 12, 'DOTS'))).status).toBe(409);
  expect(await stored(caseId)).toEqual({ days: 'S'.repeat(10) + '-'.repeat(18), version: 2 });
});

it('of two saves of the same version sent at once, exactly one is kept and the other refused', async () => {
  const caseId = await treatedCase();
  const [a, b] = await Promise.all([save(first, caseId, 0, range(1, 5, 'DOTS')), save(second, caseId, 0, range(1, 5, 'NOT_TAKEN'))]);
  expect([a.status, b.status].sort()).toEqual([200, 409]);
  const winner = a.status === 200 ? 'D' : 'N';
  expect(await stored(caseId)).toEqual({ days: winner.repeat(5) + '-'.repeat(23), version: 1 });
});

it('a month cleared or made since the user read it is stale too', async () => {
  const caseId = await treatedCase();
  expect((await save(first, caseId, 0, range(1, 3, 'DOTS'))).status).toBe(200);
  // cleared by the first user (no day left: the month's row goes)
  expect((await save(first, caseId, 1, [])).body).toEqual({ success: true, result: { version: 0 } });
  expect(await stored(caseId)).toBeNull();
  // the second user still holds version 1
  const r = await save(second, caseId, 1, range(1, 3, 'SELF_ADMIN'));
  expect(r.status).toBe(409);
  expect(await stored(caseId)).toBeNull();
  // and one who read the empty month (0) while another made it is refused as well
  expect((await save(first, caseId, 0, range(1, 2, 'DOTS'))).status).toBe(200);
  expect((await save(second, caseId, 0, range(1, 2, 'NOT_TAKEN'))).status).toBe(409);
  expect(await stored(caseId)).toEqual({ days: 'DD' + '-'.repeat(26), version: 1 });
});
