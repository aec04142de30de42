// The upload's critical hole: `POST /api/sync/push` applied a change under the author the
// client named (`userId`), so a doctor naming the unit's administrator made themself a workspace
// administrator. Now every change is applied as the uploader — the session's user, the only one the
// server has proof of — and the named author is the client's word only. Checked for every table an
// upload may write × every persona of the authorization matrix (and a unit doctor), each uploading as
// a forged author who holds every right: a persona without the table's write permission (authz-expected.ts,
// written by hand from the spec) is refused 'Нет прав доступа' and the row it named survives. Then the
// exploits as found, a replayed change id that answers only its own uploader, and the client's time
// bounded below as well as above.
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { PUSH_PERMISSIONS, TABLE_RULES } from './authz-expected.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { historyOf } from '../helpers/history.ts';
import { holds, makePersonas, type Persona } from '../helpers/personas.ts';
import { clientChanges, push } from '../helpers/push.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

useTestServer();
const FORBIDDEN = [{ field: null, msg: 'Нет прав доступа' }];
const db = () => kysely(server.ctx.orm.em.fork());
const userIdOf = async (login: string) => String((await db().selectFrom('sysuser').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id);
const membershipOf = (login: string) =>
  db().selectFrom('userws').innerJoin('sysuser', 'sysuser.id', 'userws.user_id').select(['userws.id', 'userws.administrator', 'userws.view', 'userws.version']).where('sysuser.login', '=', login).executeTakeFirstOrThrow();

let bishkek: string;
/** The forged author: an administrator of the workspace in the personas' unit, holding every right. */
let powerId: string;
let personas: Persona[];
let doctor: ApiClient;
let doctorId: string;
/** A row of the demo workspace per table the upload writes (when there is one), with its version. */
const rowOf = new Map<string, { id: string; version: number }>();
const DOCTOR_HOLDS = ['CASEMAN', 'NEWCASE', 'EXAM_MICROSCOPY', 'EXAM_MICROSCOPY_EDT', 'CASE_COMMENTS'];

beforeAll(async () => {
  bishkek = await unitNamed(admin, 'Бишкекский');
  await createUser(server, admin, 'SPPOWER', [], 'Passw0rd', { unitId: bishkek, view: 'WORKSPACE' });
  const power = await membershipOf('SPPOWER');
  expect((await admin.post(`/api/tbl/userws/${power.id}`, { administrator: true, version: power.version })).status).toBe(200);
  powerId = await userIdOf('SPPOWER');
  personas = await makePersonas(server, admin, { prefix: 'SP', unitId: bishkek });
  doctor = await createUser(server, admin, 'SPDOC', [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }, { permission: 'EXAM_MICROSCOPY', canChange: true }, { permission: 'CASE_COMMENTS' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
  doctorId = await userIdOf('SPDOC');
  personas.push({ name: 'unit doctor', client: doctor, otherWorkspace: false, has: holds(DOCTOR_HOLDS) });
  for (const table of Object.keys(TABLE_RULES)) {
    const r = await admin.post(`/api/tbl/${table}/query`, { page: 1, pageSize: 1 });
    const row = r.body?.list?.[0];
    if (row?.id) rowOf.set(table, { id: row.id, version: Number(row.version ?? 1) });
  }
}, 300_000);

describe('every table an upload writes × every persona, uploading as a forged author who may do everything', () => {
  it('the table list is the app\'s', () => {
    const { registry } = server.ctx;
    expect([...registry.tables.keys()].filter((n) => registry.apiTable(n)).sort()).toEqual(Object.keys(TABLE_RULES).sort());
  });

  it('anonymous: 401, nothing applied', async () => {
    const anon = personas.find((p) => p.name === 'anonymous')!.client!;
    const r = await anon.post('/api/sync/push', { changes: clientChanges({ table: 'tbcase', op: 'update', id: rowOf.get('tbcase')!.id, baseVersion: 1, data: {}, userId: powerId }) });
    expect(r.status).toBe(401);
  });

  for (const op of ['create', 'update', 'delete'] as const) {
    it(`${op}: refused 'Нет прав доступа' without the table's own permission, whoever the client names`, async () => {
      const failures: string[] = [];
      for (const p of personas.filter((x) => x.name !== 'anonymous')) {
        const tables = Object.keys(TABLE_RULES);
        const allowed = (table: string) => {
          const own = TABLE_RULES[table][op];
          return own === null || p.has(own) || (PUSH_PERMISSIONS[table]?.[op] ?? []).some((x) => p.has(x));
        };
        // permitted uploads name a row that does not exist (nothing is changed); refused ones and the
        // other workspace name real rows of the demo workspace, which must survive
        const idOf = (table: string) => (op === 'create' || (allowed(table) && !p.otherWorkspace) ? crypto.randomUUID() : (rowOf.get(table)?.id ?? crypto.randomUUID()));
        const changes = clientChanges(...tables.map((table) => ({ table, op, id: idOf(table), userId: powerId, ...(op === 'create' ? { data: {} } : { baseVersion: 1 }), ...(op === 'update' ? { data: {} } : {}) })));
        const answers = await push(p.client!, changes);
        answers.forEach((a, i) => {
          const table = tables[i];
          const refused = a.errors?.length === 1 && a.errors[0].field === null && a.errors[0].msg === FORBIDDEN[0].msg;
          if (!allowed(table) && !refused) failures.push(`${p.name}: ${op} ${table} → ${a.result} ${JSON.stringify(a.errors ?? [])} (want 'Нет прав доступа')`);
          if (allowed(table) && refused) failures.push(`${p.name}: ${op} ${table} → refused, though the persona may`);
          if (p.otherWorkspace && a.result !== 'rejected') failures.push(`${p.name}: ${op} ${table} → ${a.result} in workspace A`);
        });
      }
      expect(failures).toEqual([]);
      for (const [table, row] of rowOf) {
        const now = await admin.get(`/api/tbl/${table}/${row.id}`);
        expect([table, now.status, now.body.version ?? 1]).toEqual([table, 200, row.version]);
      }
    }, 300_000);
  }
});

describe('the exploits as found', () => {
  it('a unit doctor naming the unit\'s administrator as author cannot make themself a workspace administrator', async () => {
    const own = await membershipOf('SPDOC');
    const [a] = await push(doctor, clientChanges({ table: 'userws', op: 'update', id: String(own.id), baseVersion: own.version, data: { administrator: true, view: 'WORKSPACE' }, userId: powerId }));
    expect([a.result, a.errors]).toEqual(['rejected', FORBIDDEN]);
    expect(await membershipOf('SPDOC')).toMatchObject({ administrator: false, view: 'UNIT', version: own.version });
  });

  it('a user with no case permission cannot write a case comment as the doctor', async () => {
    const none = personas.find((p) => p.name === 'no permission')!.client!;
    const caseId = await createCase(admin, await newPatient(admin, { name: 'Гульнара', gender: 'FEMALE', birthDate: '1985-03-04' }), bishkek);
    const id = crypto.randomUUID();
    const [a] = await push(none, clientChanges({ table: 'casecomment', op: 'create', id, data: { caseId, comment: 'Написано от имени врача' }, userId: doctorId }));
    expect([a.result, a.errors]).toEqual(['rejected', FORBIDDEN]);
    expect((await admin.get(`/api/tbl/casecomment/${id}`)).status).toBe(404);
  });

  it('a change naming another author is applied as the uploader: the history names the uploader, the named author is only kept as the client\'s word', async () => {
    const caseId = await createCase(admin, await newPatient(admin, { name: 'Эрмек', gender: 'MALE', birthDate: '1970-01-02' }), bishkek);
    const lab = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: any) => u.type === 'LAB').id;
    const id = crypto.randomUUID();
    const [a] = await push(doctor, clientChanges({ table: 'exammic', op: 'create', id, data: { caseId, date: '2025-02-02', laboratoryId: lab, result: 'NEGATIVE' }, userId: powerId }));
    expect(a.result).toBe('applied');
    expect((await historyOf(id)).map((e) => e.user_id)).toEqual([doctorId]);
    const stored = await db().selectFrom('syncpush').select(['user_id', 'pushed_by']).where('row_id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ user_id: powerId, pushed_by: doctorId });
  });
});

describe('a replayed change id answers only its own uploader', () => {
  it('another user sending the doctor\'s change id learns nothing of it and applies nothing; the doctor\'s retry gets its answer', async () => {
    const caseId = await createCase(admin, await newPatient(admin, { name: 'Айбек', gender: 'MALE', birthDate: '1991-07-08' }), bishkek, { caseNumber: 'ПВТ-0' });
    expect((await admin.post(`/api/tbl/tbcase/${caseId}`, { caseNumber: 'ПВТ-СЕРВЕР', version: 1 })).status).toBe(200);
    const change = clientChanges({ table: 'tbcase', op: 'update', id: caseId, baseVersion: 1, data: { caseNumber: 'ПВТ-ВРАЧ' } });
    const [mine] = await push(doctor, change);
    expect(mine).toMatchObject({ result: 'conflict', conflicts: [{ field: 'caseNumber', server: 'ПВТ-СЕРВЕР', client: 'ПВТ-ВРАЧ' }] });
    const other = personas.find((p) => p.name === 'read-only')!.client!;
    const [theirs] = await push(other, [{ ...change[0], data: { caseNumber: 'ПВТ-ЧУЖОЙ' } }]);
    expect(theirs).toEqual({ changeId: change[0].changeId, id: caseId, result: 'rejected', errors: [{ field: 'changeId', msg: 'Изменение с этим идентификатором уже передал другой пользователь' }] });
    expect(JSON.stringify(theirs)).not.toContain('ПВТ-ВРАЧ');
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body).toMatchObject({ caseNumber: 'ПВТ-СЕРВЕР', version: 2 });
    expect(await push(doctor, change)).toEqual([mine]);
  });
});

describe('the client\'s time, bounded', () => {
  const Y1999 = '1999-01-01T00:00:00.000Z';
  const execDates = async (id: string) => (await historyOf(id)).map((e) => new Date(e.exec_date as string).getTime());

  it('an edit dated before the change that made the version it edited is dated at that change', async () => {
    const caseId = await createCase(admin, await newPatient(admin, { name: 'Нурлан', gender: 'MALE', birthDate: '1980-02-03' }), bishkek, { caseNumber: 'ВРМ-0' });
    const [created] = await execDates(caseId);
    const [a] = await push(doctor, clientChanges({ table: 'tbcase', op: 'update', id: caseId, baseVersion: 1, data: { caseNumber: 'ВРМ-1' }, at: Y1999 }));
    expect(a.result).toBe('applied');
    const [, edited] = await execDates(caseId);
    expect(edited).toBeGreaterThanOrEqual(created);
    expect(edited).toBeLessThanOrEqual(Date.now());
  });

  it('a new row dated before the uploader\'s last synchronisation is dated then; one dated after it keeps its time', async () => {
    const reader = await createUser(server, admin, 'SPREADER', [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    let lastAsked = 0; // when the last page, the one that caught up, was asked for
    for (let after = '0.0', more = true; more; ) {
      lastAsked = Date.now();
      const r = await reader.post('/api/sync/changes', { after, limit: 1000 });
      expect(r.status).toBe(200);
      ({ last: after, more } = r.body);
    }
    // the synchronisation's time (the feed read's) is at most `synced`: a change dated a millisecond
    // later is after it, and once the clock has passed that it is not in the future either
    const synced = Date.now();
    const lateAt = new Date(synced + 1);
    while (Date.now() <= lateAt.getTime() + 1) await new Promise((r) => setTimeout(r, 1));
    const [early, late] = [crypto.randomUUID(), crypto.randomUUID()];
    const answers = await push(reader, clientChanges(
      { table: 'patient', op: 'create', id: early, data: { name: 'Ранний', gender: 'MALE' }, at: Y1999 },
      { table: 'patient', op: 'create', id: late, data: { name: 'Поздний', gender: 'MALE' }, at: lateAt.toISOString() },
    ));
    expect(answers.map((a) => a.result)).toEqual(['applied', 'applied']);
    const [earlyAt] = await execDates(early);
    expect(earlyAt).toBeGreaterThanOrEqual(lastAsked);
    expect(earlyAt).toBeLessThan(lateAt.getTime());
    expect(await execDates(late)).toEqual([lateAt.getTime()]);
  });

  it('a new row from a user who never synchronised is dated no earlier than their joining the workspace', async () => {
    const joined = Date.now();
    const fresh = await createUser(server, admin, 'SPFRESH', [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    const id = crypto.randomUUID();
    const [a] = await push(fresh, clientChanges({ table: 'patient', op: 'create', id, data: { name: 'Старый', gender: 'FEMALE' }, at: Y1999 }));
    expect(a.result).toBe('applied');
    const [at] = await execDates(id);
    expect(at).toBeGreaterThanOrEqual(joined - 1000);
  });
});
