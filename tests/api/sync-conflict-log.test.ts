// The conflict log of offline uploads (`/api/sync/conflicts`, docs/sync.md): a field changed on the
// server and, differently, on a client keeps the server's value and logs the client's; readers of
// the case see both with who changed each and when, a user with edit rights keeps one of them (an
// edit in the history), administrators list the workspace's open ones. The set-up it shares with
// sync-push.test.ts: tests/helpers/push-users.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { createCase } from '../helpers/cases.ts';
import { clientChanges, push } from '../helpers/push.ts';
import { bishkek, doctor, historyOf, nurseId, patientId, read, theClientActsNow, userIdOf, usePushUsers } from '../helpers/push-users.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

useTestServer();
usePushUsers();

describe('the conflict log, on the case and for administrators', () => {
  let caseId: string;
  let conflictAt: string;
  /** A case whose number was changed on the server and, differently, on the doctor's client (by the nurse, the client says). */
  async function conflictedCase(number: string): Promise<string> {
    const id = await createCase(admin, patientId, bishkek, { caseNumber: `${number}-0` });
    conflictAt = await theClientActsNow();
    expect((await admin.post(`/api/tbl/tbcase/${id}`, { caseNumber: `${number}-С` })).status).toBe(200);
    const [a] = await push(doctor, clientChanges({ table: 'tbcase', op: 'update', id, baseVersion: 1, userId: nurseId, at: conflictAt, data: { caseNumber: `${number}-К` } }));
    expect(a.result).toBe('conflict');
    return id;
  }
  const conflictsOfCase = async (client: ApiClient, rootId: string) => {
    const r = await client.get(`/api/sync/conflicts/case/${rootId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.list;
  };

  let caseAt: string;
  beforeAll(async () => {
    caseId = await conflictedCase('ЖУР');
    caseAt = conflictAt;
  });

  it('a reader of the case sees both values, the field\'s title, who changed it on the client and when', async () => {
    const [c] = await conflictsOfCase(doctor, caseId);
    expect(c).toMatchObject({ table: 'tbcase', rowId: caseId, field: 'caseNumber', fieldTitle: 'Номер случая', server: 'ЖУР-С', client: 'ЖУР-К', serverText: 'ЖУР-С', clientText: 'ЖУР-К', userName: 'PUSHDOC', changedAt: caseAt, resolved: false, mayResolve: true });
  });

  it('a coded field\'s values are labels, with who changed it on the server and when; the conflicts of the reader\'s view are listed for an offline client', async () => {
    const id = await createCase(admin, patientId, bishkek, { caseNumber: 'ГРП-1' });
    const at = await theClientActsNow();
    const before = Date.now();
    expect((await admin.post(`/api/tbl/tbcase/${id}`, { registrationGroup: 'RELAPSE' })).status).toBe(200);
    const after = Date.now();
    const [a] = await push(doctor, clientChanges({ table: 'tbcase', op: 'update', id, baseVersion: 1, at, data: { registrationGroup: 'AFTER_DEFAULT' } }));
    expect(a.result).toBe('conflict');
    const [c] = await conflictsOfCase(doctor, id);
    expect(c).toMatchObject({
      field: 'registrationGroup', fieldTitle: 'Группа регистрации', server: 'RELAPSE', client: 'AFTER_DEFAULT',
      serverText: 'Рецидив', clientText: 'Лечение после перерыва', userName: 'PUSHDOC', changedAt: at, resolved: false,
    });
    expect(c.serverUserName).toMatch(/Администратор|ADMIN/);
    expect(Date.parse(c.serverChangedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(c.serverChangedAt)).toBeLessThanOrEqual(after + 1000);
    const recent = await doctor.get('/api/sync/conflicts/recent');
    expect(recent.status).toBe(200);
    expect(recent.body.list.map((x: { id: string }) => x.id)).toContain(c.id);
    expect(recent.body.list[0].id).toBe(c.id); // newest first
    const kant = await server.login('PUSHKANT', 'Passw0rd');
    expect((await kant.get('/api/sync/conflicts/recent')).body.list.map((x: { rootId: string }) => x.rootId)).not.toContain(id);
  });

  it('a user whose view does not hold the case sees none of its conflicts; one without edit rights sees them but may not resolve', async () => {
    const kant = await server.login('PUSHKANT', 'Passw0rd');
    expect(await conflictsOfCase(kant, caseId)).toEqual([]);
    const reader = await createUser(server, admin, 'CONFREADER', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    const [c] = await conflictsOfCase(reader, caseId);
    expect(c.mayResolve).toBe(false);
    const r = await reader.post(`/api/sync/conflicts/${c.id}/keep`, { keep: 'client' });
    expect(r.status).toBe(403);
    expect((await read('tbcase', caseId)).caseNumber).toBe('ЖУР-С');
  });

  it('"keep this one" on the client\'s value writes it as an edit of the user (history), and the conflict shows who resolved it', async () => {
    const [c] = await conflictsOfCase(doctor, caseId);
    expect((await doctor.post(`/api/sync/conflicts/${c.id}/keep`, { keep: 'client' })).status).toBe(200);
    expect((await read('tbcase', caseId)).caseNumber).toBe('ЖУР-К');
    const last = (await historyOf(caseId)).at(-1)!;
    expect(last.user_id).toBe(await userIdOf('PUSHDOC'));
    const [after] = await conflictsOfCase(doctor, caseId);
    expect(after).toMatchObject({ resolved: true, kept: 'client', resolvedByName: 'PUSHDOC', mayResolve: false });
    const again = await doctor.post(`/api/sync/conflicts/${c.id}/keep`, { keep: 'server' });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].msg).toBe('Конфликт уже решён');
  });

  it('"keep this one" on the server\'s value leaves the case as it is', async () => {
    const id = await conflictedCase('СРВ');
    const [c] = await conflictsOfCase(doctor, id);
    expect((await doctor.post(`/api/sync/conflicts/${c.id}/keep`, { keep: 'server' })).status).toBe(200);
    expect((await read('tbcase', id)).caseNumber).toBe('СРВ-С');
    expect((await conflictsOfCase(doctor, id))[0]).toMatchObject({ resolved: true, kept: 'server' });
  });

  it('administrators list the workspace\'s open conflicts, newest first; others may not', async () => {
    const open = await conflictedCase('АДМ');
    const r = await admin.post('/api/sync/conflicts', {});
    expect(r.status).toBe(200);
    const ids = r.body.list.map((c: { rootId: string }) => c.rootId);
    expect(ids[0]).toBe(open);
    expect(ids).not.toContain(caseId); // resolved above
    expect((await doctor.post('/api/sync/conflicts', {})).status).toBe(403);
  });

  it('bad input is 400', async () => {
    const [c] = await conflictsOfCase(doctor, caseId);
    expect((await doctor.post(`/api/sync/conflicts/${c.id}/keep`, { keep: 'both' })).status).toBe(400);
    expect((await doctor.post('/api/sync/conflicts/not-a-uuid/keep', { keep: 'client' })).status).toBe(400);
    expect((await doctor.get('/api/sync/conflicts/case/x')).status).toBe(400);
    expect((await admin.post('/api/sync/conflicts', { after: 'x' })).status).toBe(400);
  });
});
