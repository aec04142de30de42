// The fields a declared action owns (`x-by-action` in tbcase.json: state, validation, treatment
// start, outcome, transfer) change only through that action: an edit of the row is refused per
// field and changes nothing; and a case entered with its state and outcome already known must agree
// with the WHO definitions (cases/workflow/consistency.ts). docs/security.md.
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { historyOf } from '../helpers/history.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { createUser } from '../helpers/users.ts';

let bdoc: ApiClient; // a doctor of Bishkek with every workflow action, but no plain case writes
let bishkek: string;
let kant: string;
let patientId: string;

const db = () => kysely(server.ctx.orm.em.fork());
const stored = async (id: string) => (await admin.get(`/api/tbl/tbcase/${id}`)).body;
const newCase = (extra: Record<string, unknown> = {}) => createCase(admin, patientId, bishkek, extra);

useTestServer();
beforeAll(async () => {
  bishkek = await unitNamed(admin, 'Бишкекский');
  kant = await unitNamed(admin, 'Ысык-Атинский');
  patientId = await newPatient(admin, { name: 'Асель', lastName: 'Действиева', gender: 'FEMALE', birthDate: '1990-05-01' });
  const workflow = ['CASEMAN', 'CASE_VALIDATE', 'CASE_CLOSE', 'CASE_REOPEN', 'CASE_TRANSFER', 'NEWCASE'].map((permission) => ({ permission }));
  bdoc = await createUser(server, admin, 'BYACTION', workflow, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
}, 180_000);

describe('only an action changes what its action owns (x-by-action)', () => {
  const BY_ACTION = 'Это поле меняется только своим действием (например, «Закрыть случай», «Начать лечение»), не редактированием';

  it('closing, validating, starting treatment or transferring a case by editing its row is refused field by field, and nothing changes', async () => {
    const id = await newCase();
    const before = await stored(id);
    // (a doctor has no plain case writes at all: 403; the administrator, who has, meets the rule)
    expect((await bdoc.post(`/api/tbl/tbcase/${id}`, { state: 'CLOSED', outcome: 'CURED', outcomeDate: '2025-05-05' })).status).toBe(403);
    for (const [patch, fields] of [
      [{ state: 'CLOSED', outcome: 'CURED', outcomeDate: '2025-05-05' }, ['state', 'outcomeDate', 'outcome']],
      [{ state: 'ONTREATMENT', iniTreatmentDate: '2025-01-12' }, ['state', 'iniTreatmentDate']],
      [{ validated: true }, ['validated']],
      [{ transferring: true, transferFromUnitId: kant, moveDate: '2025-02-01' }, ['transferring', 'transferFromUnitId', 'moveDate']],
    ] as const) {
      const r = await admin.post(`/api/tbl/tbcase/${id}`, patch);
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([...fields].sort());
      expect(new Set(r.body.errors.map((e: { msg: string }) => e.msg))).toEqual(new Set([BY_ACTION]));
    }
    expect((await stored(id)).version).toBe(before.version);
    expect((await historyOf(id)).map((e) => e.action)).toEqual(['create']);
  });

  it('a whole row sent back with its state unchanged saves its other fields', async () => {
    const id = await newCase({ state: 'ONTREATMENT', iniTreatmentDate: '2025-01-12' });
    const { patient, ownerUnit, notificationUnit, ...row } = await stored(id); // the names read with it are not fields
    const r = await admin.post(`/api/tbl/tbcase/${id}`, { ...row, diagnosisDate: '2025-01-08' });
    expect(r.body).toEqual({ success: true, result: id });
    expect(await stored(id)).toMatchObject({ state: 'ONTREATMENT', iniTreatmentDate: '2025-01-12', diagnosisDate: '2025-01-08' });
  });

  it('a case entered from a paper register with its state and outcome must agree with the WHO definitions', async () => {
    const count = async () => Number((await db().selectFrom('tbcase').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const n = await count();
    for (const [extra, field, msg] of [
      [{ state: 'CLOSED', outcome: 'CURED', outcomeDate: '2025-05-05' }, 'outcome', 'Этот исход не подходит случаю: излечение, завершённое, неэффективное и прерванное лечение — только после начала лечения, потеря до начала лечения — только до него'],
      [{ state: 'CLOSED', iniTreatmentDate: '2025-01-12', outcome: 'LOST_FOLLOWUP_BEFORE_TREATMENT', outcomeDate: '2025-05-05' }, 'outcome', 'Этот исход не подходит случаю: излечение, завершённое, неэффективное и прерванное лечение — только после начала лечения, потеря до начала лечения — только до него'],
      [{ diagnosisType: 'SUSPECT', state: 'ONTREATMENT', iniTreatmentDate: '2025-01-12' }, 'state', 'Лечение начинают только подтверждённому случаю'],
      [{ state: 'ONTREATMENT' }, 'iniTreatmentDate', 'Случай на лечении должен иметь дату начала лечения'],
      [{ state: 'CLOSED', outcomeDate: '2025-05-05' }, 'outcome', 'Закрытый случай должен иметь исход'],
      [{ outcome: 'DIED', outcomeDate: '2025-05-05' }, 'outcome', 'Исход указывается только у закрытого случая'],
    ] as const) {
      const r = await admin.post('/api/tbl/tbcase', { patientId, ownerUnitId: bishkek, notificationUnitId: bishkek, diagnosisType: 'CONFIRMED', classification: 'TB', registrationDate: '2025-01-10', ...extra });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.errors).toEqual([{ field, msg }]);
    }
    expect(await count()).toBe(n);
    // the same case with its treatment's start is a cured case from the register
    const cured = await newCase({ state: 'CLOSED', iniTreatmentDate: '2025-01-12', outcome: 'CURED', outcomeDate: '2025-05-05' });
    expect(await stored(cured)).toMatchObject({ state: 'CLOSED', outcome: 'CURED' });
  });
});
