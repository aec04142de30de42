// The set-up the case workflow's test files share (tests/api/case-workflow.test.ts and
// tests/api/case-transfer.test.ts): Bishkek and Kant, a patient, and three users of unit view —
// a workflow user of each unit (every workflow permission) and a Bishkek reader (CASEMAN only);
// a new Bishkek case, the stored case, an action run as a user, and the refusal a user sees.
import { beforeAll, expect } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from './server.ts';
import { admin, server } from './use-server.ts';
import { createCase, newPatient, unitNamed } from './cases.ts';
import { createUser } from './users.ts';

/** Bishkek's workflow user, unit view (live binding, set by {@link useWorkflowUsers}). */
export let bdoc: ApiClient;
/** Kant's workflow user, unit view. */
export let kdoc: ApiClient;
/** A Bishkek user with CASEMAN only, unit view. */
export let reader: ApiClient;
/** The demo's Bishkek unit ('Бишкекский'). */
export let bishkek: string;
/** The demo's Kant unit ('Ысык-Атинский'). */
export let kant: string;
/** The patient every {@link newCase} belongs to (Асель Токтогулова, her mother Гулнара, document ID1234567). */
export let patientId: string;

export const db = () => kysely(server.ctx.orm.em.fork());
/** The case as the administrator reads it. */
export const stored = async (id: string) => (await admin.get(`/api/tbl/tbcase/${id}`)).body;
/** Runs the case action `name` on case `id` as `who`. */
export const act = (who: ApiClient, id: string, name: string, body: unknown = {}) => who.post(`/api/tbl/tbcase/${id}/action/${name}`, body);
/** Every workflow permission: read cases, validate, close, reopen, transfer, make one. */
export const WORKFLOW = ['CASEMAN', 'CASE_VALIDATE', 'CASE_CLOSE', 'CASE_REOPEN', 'CASE_TRANSFER', 'NEWCASE'].map((permission) => ({ permission }));

/** A new case of Bishkek (by the administrator, the only one with plain case writes). */
export const newCase = (extra: Record<string, unknown> = {}) => createCase(admin, patientId, bishkek, extra);

/** The refusal a user sees: 4xx with one message and no field. */
export const refused = (r: { status: number; body: any }, status: number, msg: string) => {
  expect(r.status).toBe(status);
  expect(r.body).toEqual({ success: false, errors: [{ field: null, msg }] });
};

/**
 * Makes the units, the patient and the users before the file's tests (after `useTestServer`).
 * @example
 * useTestServer();
 * useWorkflowUsers();
 * it('validates', async () => expect((await act(bdoc, await newCase({ validated: false }), 'validate')).status).toBe(200));
 */
export function useWorkflowUsers(): void {
  beforeAll(async () => {
    bishkek = await unitNamed(admin, 'Бишкекский');
    kant = await unitNamed(admin, 'Ысык-Атинский');
    patientId = await newPatient(admin, { name: 'Асель', lastName: 'Токтогулова', gender: 'FEMALE', birthDate: '1990-05-01', motherName: 'Гулнара', documentNumber: 'ID1234567' });
    bdoc = await createUser(server, admin, 'WFBISHKEK', WORKFLOW, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    kdoc = await createUser(server, admin, 'WFKANT', WORKFLOW, 'Passw0rd', { unitId: kant, view: 'UNIT' });
    reader = await createUser(server, admin, 'WFREADER', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
  }, 180_000);
}
