// The set-up the offline upload's test files share (tests/api/sync-push.test.ts and
// tests/api/sync-conflict-log.test.ts): a Bishkek doctor who uploads (unit view, cases and
// microscopy, joined a year ago), a nurse of the same unit the client may name as an author, a Kant
// doctor, the laboratory and a patient; reads of a row, its history and its conflicts.
import { beforeAll } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { newPatient, unitNamed } from './cases.ts';
import type { ApiClient } from './server.ts';
import { admin, server } from './use-server.ts';
import { createUser } from './users.ts';

/** PUSHDOC: Bishkek, unit view, cases and microscopy; the uploader (live binding, set by {@link usePushUsers}). */
export let doctor: ApiClient;
/** PUSHNURSE: another user of Bishkek, named by the client as the author of some changes. */
export let nurseId: string;
/** PUSHKANT: a user of another unit (Kant). */
export let kantDoctorId: string;
/** The demo's Bishkek unit. */
export let bishkek: string;
/** The demo's laboratory. */
export let lab: string;
/** Асель Жумабаева, a patient of Bishkek. */
export let patientId: string;

export const db = () => kysely(server.ctx.orm.em.fork());
/** A login's user id. */
export const userIdOf = async (login: string) => String((await db().selectFrom('sysuser').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id);
/** A row as the administrator reads it. */
export const read = async (table: string, id: string) => (await admin.get(`/api/tbl/${table}/${id}`)).body;
/** A row's history entries, oldest first. */
export const historyOf = (id: string) => db().selectFrom('cmdhistory').select(['user_id', 'exec_date', 'action']).where('entity_id', '=', id).orderBy('exec_date').execute();
/** The conflicts logged on a row. */
export const conflictsOf = (rowId: string) => db().selectFrom('syncconflict').selectAll().where('row_id', '=', rowId).execute();
/** A time just after the rows made so far and before the next: when the client acts on its copy. */
export const theClientActsNow = async () => {
  await new Promise((r) => setTimeout(r, 20));
  const at = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 20));
  return at;
};
/** The offline users' permissions: cases, microscopy, new cases. */
export const CASE_WORK = [{ permission: 'CASEMAN' }, { permission: 'EXAM_MICROSCOPY', canChange: true }, { permission: 'NEWCASE' }];

/**
 * Makes the units' users and the patient before the file's tests (after `useTestServer`).
 * @example
 * useTestServer();
 * usePushUsers();
 * it('applies', async () => expect((await push(doctor, clientChanges(…)))[0].result).toBe('applied'));
 */
export function usePushUsers(): void {
  beforeAll(async () => {
    bishkek = await unitNamed(admin, 'Бишкекский');
    const kant = await unitNamed(admin, 'Ысык-Атинский');
    lab = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: any) => u.type === 'LAB').id;
    patientId = await newPatient(admin, { name: 'Асель', lastName: 'Жумабаева', gender: 'FEMALE', birthDate: '1990-05-06' });
    doctor = await createUser(server, admin, 'PUSHDOC', CASE_WORK, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    await createUser(server, admin, 'PUSHNURSE', CASE_WORK, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    await createUser(server, admin, 'PUSHKANT', CASE_WORK, 'Passw0rd', { unitId: kant, view: 'UNIT' });
    nurseId = await userIdOf('PUSHNURSE');
    kantDoctorId = await userIdOf('PUSHKANT');
    // the doctor joined a year ago: a change is never dated before its uploader joined the workspace
    await db().updateTable('userws').set({ created_at: new Date(Date.now() - 365 * 86_400_000) }).where('user_id', '=', await userIdOf('PUSHDOC')).execute();
  }, 180_000);
}
