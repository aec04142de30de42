// Issue 24, the offline client against a real server (docs/sync.md): two processes' worth of the
// product — the server on its database, the client in client mode on its own — one pair for the file.
// A doctor of Bishkek initialises the client, works offline, synchronises; the server's changes come
// back. Expected values are written from the rules (who sees what, which value wins), never read
// back from the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import type { ApiClient } from '../helpers/server.ts';
import { startOfflineClient, syncThroughApi, type OfflineClient } from '../helpers/sync-client.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

useTestServer();
const CASE_WORK = [{ permission: 'CASEMAN' }, { permission: 'EXAM_MICROSCOPY', canChange: true }, { permission: 'NEWCASE' }];
const PASSWORD = 'Passw0rd';
let client: OfflineClient;
let onClient: ApiClient; // the doctor, logged in on the client
let bishkek: string;
let kant: string;
let serverCase: string; // a Bishkek case made on the server before the initialisation
let otherUnitCase: string; // a case of another unit: never on the client

const clientDb = () => kysely(client.server.ctx.orm.em.fork());
const serverDb = () => kysely(server.ctx.orm.em.fork());
const onClientRow = (table: string, id: string) => clientDb().selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();

beforeAll(async () => {
  bishkek = await unitNamed(admin, 'Бишкекский');
  kant = await unitNamed(admin, 'Ысык-Атинский');
  const patient = await newPatient(admin, { name: 'Асель', lastName: 'Жумабаева', gender: 'FEMALE', birthDate: '1990-05-06' });
  serverCase = await createCase(admin, patient, bishkek, { caseNumber: 'СРВ-1' });
  otherUnitCase = await createCase(admin, await newPatient(admin, { name: 'Нурлан', lastName: 'Касымов', gender: 'MALE', birthDate: '1985-01-02' }), kant);
  await createUser(server, admin, 'SYNCDOC', CASE_WORK, PASSWORD, { unitId: bishkek, view: 'UNIT' });
  client = await startOfflineClient(server.url, 'SYNCDOC', PASSWORD);
  onClient = await client.login('SYNCDOC', PASSWORD);
}, 180_000);
afterAll(() => client?.close());

describe('initialise', () => {
  it("holds the unit's cases, not another unit's, and its user logs in offline", async () => {
    expect((await onClientRow('tbcase', serverCase))?.case_number).toBe('СРВ-1');
    expect(await onClientRow('tbcase', otherUnitCase)).toBeUndefined();
    const session = (await onClient.post('/api/sys/session')).body;
    expect(session.userLogin).toBe('SYNCDOC');
    expect(session.clientMode).toBe(true);
    expect((await onClient.get(`/api/tbl/tbcase/${serverCase}`)).body.caseNumber).toBe('СРВ-1');
    expect((await onClient.get('/api/offline/client/sync/status')).body).toMatchObject({ id: 'NOT_RUNNING', rejected: [] });
  });
});
