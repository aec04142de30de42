// The server side of an offline client's upload (`POST /api/sync/push`, docs/sync.md): each
// change gets one result — applied, merged (the server changed other fields meanwhile), conflict (the
// same field: the server's value kept, the client's in the conflict log), rejected with its reason —
// through the writer's permissions and validation; a retried upload is answered again and never
// applied twice; the history names the uploader (the author the client names is its word only:
// sync-push-authz.test.ts) and the time the client acted.
// Its set-up: tests/helpers/push-users.ts; the conflict log's screens and routes: sync-conflict-log.test.ts.
import { describe, expect, it } from 'vitest';
import { clientHeader } from '../../engine/client-header.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { clientChanges, push } from '../helpers/push.ts';
import { bishkek, CASE_WORK, conflictsOf, db, doctor, historyOf, kantDoctorId, lab, nurseId, patientId, read, theClientActsNow, userIdOf, usePushUsers } from '../helpers/push-users.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

useTestServer();
usePushUsers();

describe('applied', () => {
  it('a patient, a case and an exam made offline are created with the client ids, in the history under the uploader at the time the client acted (the nurse it names is its word only)', async () => {
    const [pid, cid, eid] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const actedAt = new Date(Date.now() - 2 * 3600_000);
    actedAt.setMilliseconds(0);
    const at = actedAt.toISOString();
    const batch = clientChanges(
      { table: 'patient', op: 'create', id: pid, userId: nurseId, at, data: { name: 'Бакыт', lastName: 'Осмонов', gender: 'MALE', birthDate: '1979-02-03' } },
      { table: 'tbcase', op: 'create', id: cid, userId: nurseId, at, data: { patientId: pid, ownerUnitId: bishkek, notificationUnitId: bishkek, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW', registrationDate: '2025-03-01' } },
      { table: 'exammic', op: 'create', id: eid, userId: nurseId, at, data: { caseId: cid, date: '2025-03-02', laboratoryId: lab, result: 'POSITIVE', numberOfAFB: 5 } },
    );
    const answers = await push(doctor, batch);
    expect(answers.map((a) => [a.id, a.result, a.version]), JSON.stringify(answers)).toEqual([[pid, 'applied', 1], [cid, 'applied', 1], [eid, 'applied', 1]]);
    expect((await read('tbcase', cid)).patientId).toBe(pid);
    expect((await read('exammic', eid)).result).toBe('POSITIVE');
    // the derived column of the case follows the exam, as for an exam saved in the browser
    expect((await db().selectFrom('tbcase').select('microscopy_result').where('id', '=', cid).executeTakeFirstOrThrow()).microscopy_result).toBe('POSITIVE');
    for (const id of [pid, cid, eid]) {
      const [entry] = await historyOf(id);
      expect(entry.user_id).toBe(await userIdOf('PUSHDOC'));
      expect(new Date(entry.exec_date).toISOString()).toBe(at);
    }
  });

  it('an exam pushed recomputes the case\'s automatic tags, as one saved in the browser', async () => {
    const tag = (await admin.post('/api/tbl/tag', { name: 'Микроскопия ++ (офлайн)', active: true, consistencyCheck: false, sqlCondition: "tbcase.microscopy_result = 'PLUS2'" })).body.result;
    const id = await createCase(admin, patientId, bishkek);
    const tagsOf = async () => (await db().selectFrom('casetag').select('tag_id').where('case_id', '=', id).execute()).map((r) => r.tag_id);
    expect(await tagsOf()).not.toContain(tag);
    const [a] = await push(doctor, clientChanges({ table: 'exammic', op: 'create', id: crypto.randomUUID(), data: { caseId: id, date: '2025-02-03', laboratoryId: lab, result: 'PLUS2' } }));
    expect(a.result).toBe('applied');
    expect(await tagsOf()).toContain(tag);
  });

  it('a change made "in the future" by a client clock ahead is recorded at the server time of arrival', async () => {
    const id = await createCase(admin, patientId, bishkek, { caseNumber: 'БУД-1' });
    const before = Date.now();
    const [a] = await push(doctor, clientChanges({ table: 'tbcase', op: 'update', id, baseVersion: 1, data: { caseNumber: 'БУД-2' }, at: new Date(Date.now() + 86_400_000).toISOString() }));
    expect(a.result).toBe('applied');
    const entry = (await historyOf(id)).at(-1)!;
    expect(new Date(entry.exec_date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(entry.exec_date).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('a retried upload (the answer lost on the way) is answered the same and applied once', async () => {
    const id = await createCase(admin, patientId, bishkek, { caseNumber: 'ПОВ-1' });
    const pid = crypto.randomUUID();
    const batch = clientChanges(
      { table: 'tbcase', op: 'update', id, baseVersion: 1, data: { caseNumber: 'ПОВ-2' } },
      { table: 'patient', op: 'create', id: pid, data: { name: 'Нурия', gender: 'FEMALE' } },
    );
    const first = await push(doctor, batch);
    const again = await push(doctor, batch);
    expect(again).toEqual(first);
    expect(first.map((a) => a.result)).toEqual(['applied', 'applied']);
    expect((await read('tbcase', id)).version).toBe(2);
    expect((await historyOf(id)).filter((e) => e.action === 'update')).toHaveLength(1);
    expect(await db().selectFrom('changelog').select('id').where('row_id', '=', pid).execute()).toHaveLength(1);
  });

  it('a delete of an unchanged row is applied', async () => {
    const id = await createCase(admin, patientId, bishkek);
    const eid = (await admin.post('/api/tbl/exammic', { caseId: id, date: '2025-02-01', laboratoryId: lab, result: 'NEGATIVE' })).body.result;
    const [a] = await push(doctor, clientChanges({ table: 'exammic', op: 'delete', id: eid, baseVersion: 1 }));
    expect(a.result).toBe('applied');
    expect((await admin.get(`/api/tbl/exammic/${eid}`)).status).toBe(404);
  });
});

describe('merged and conflict', () => {
  it('fields changed on one side only merge: the server keeps its field and takes the client\'s', async () => {
    const id = await createCase(admin, patientId, bishkek, { caseNumber: 'СЛ-1' });
    expect((await admin.post(`/api/tbl/tbcase/${id}`, { diagnosisDate: '2025-01-08' })).status).toBe(200); // the server: version 2
    const [a] = await push(doctor, clientChanges({ table: 'tbcase', op: 'update', id, baseVersion: 1, data: { caseNumber: 'СЛ-2' } }));
    expect(a.result).toBe('merged');
    expect(a.version).toBe(3);
    const now = await read('tbcase', id);
    expect([now.caseNumber, now.diagnosisDate]).toEqual(['СЛ-2', '2025-01-08']);
    expect(await conflictsOf(id)).toHaveLength(0);
  });

  it('the same field changed on both sides keeps the server\'s value and logs the client\'s, on the case; other fields still merge', async () => {
    const id = await createCase(admin, patientId, bishkek, { caseNumber: 'КОН-1' });
    const at = await theClientActsNow(); // on its copy of version 1, before the server's edit
    expect((await admin.post(`/api/tbl/tbcase/${id}`, { caseNumber: 'КОН-СЕРВЕР' })).status).toBe(200);
    const [a] = await push(doctor, clientChanges({ table: 'tbcase', op: 'update', id, baseVersion: 1, userId: nurseId, at, data: { caseNumber: 'КОН-КЛИЕНТ', diagnosisDate: '2025-01-09' } }));
    expect(a.result).toBe('conflict');
    expect(a.conflicts).toEqual([{ field: 'caseNumber', server: 'КОН-СЕРВЕР', client: 'КОН-КЛИЕНТ' }]);
    const now = await read('tbcase', id);
    expect([now.caseNumber, now.diagnosisDate]).toEqual(['КОН-СЕРВЕР', '2025-01-09']);
    const [logged] = await conflictsOf(id);
    expect(logged).toMatchObject({ table_name: 'tbcase', root_id: id, field: 'caseNumber', user_id: await userIdOf('PUSHDOC'), server_version: 2, change_id: a.changeId, resolved: false });
    expect(logged.values).toEqual({ server: 'КОН-СЕРВЕР', client: 'КОН-КЛИЕНТ' });
    expect(new Date(logged.changed_at as string).toISOString()).toBe(at);
  });

  it('a conflict on an exam is logged on its case', async () => {
    const id = await createCase(admin, patientId, bishkek);
    const eid = (await admin.post('/api/tbl/exammic', { caseId: id, date: '2025-02-01', laboratoryId: lab, result: 'NEGATIVE' })).body.result;
    expect((await admin.post(`/api/tbl/exammic/${eid}`, { result: 'PLUS' })).status).toBe(200);
    const [a] = await push(doctor, clientChanges({ table: 'exammic', op: 'update', id: eid, baseVersion: 1, data: { result: 'POSITIVE' } }));
    expect(a.result).toBe('conflict');
    expect((await read('exammic', eid)).result).toBe('PLUS');
    expect((await conflictsOf(eid)).map((c) => [c.root_id, c.values])).toEqual([[id, { server: 'PLUS', client: 'POSITIVE' }]]);
  });

  it('the same value typed on both sides is no conflict', async () => {
    const id = await createCase(admin, patientId, bishkek, { caseNumber: 'ОДН-1' });
    expect((await admin.post(`/api/tbl/tbcase/${id}`, { caseNumber: 'ОДН-2' })).status).toBe(200);
    const [a] = await push(doctor, clientChanges({ table: 'tbcase', op: 'update', id, baseVersion: 1, data: { caseNumber: 'ОДН-2' } }));
    expect(a.result).toBe('merged');
    expect(await conflictsOf(id)).toHaveLength(0);
  });
});

describe('rejected, with the reason, and nothing written', () => {
  it('a change of a table the user may not write (permission removed meanwhile)', async () => {
    const reader = await createUser(server, admin, 'PUSHREADER', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    const id = await createCase(admin, patientId, bishkek, { caseNumber: 'ПРВ-1' });
    const [a] = await push(reader, clientChanges({ table: 'tbcase', op: 'update', id, baseVersion: 1, data: { caseNumber: 'ПРВ-2' } }));
    expect(a.result).toBe('rejected');
    expect(a.errors).toEqual([{ field: null, msg: 'Нет прав доступа' }]);
    expect((await read('tbcase', id)).caseNumber).toBe('ПРВ-1');
  });

  it('a case closed, validated or put on treatment in an upload by a user without that action’s permission; with it, applied', async () => {
    // the doctor may write cases (NEWCASE) but holds none of the workflow actions' permissions
    const id = await createCase(admin, patientId, bishkek, { state: 'ONTREATMENT', iniTreatmentDate: '2025-01-20' });
    for (const data of [{ state: 'CLOSED', outcome: 'CURED', outcomeDate: '2025-06-01' }, { validated: true }, { state: 'NOT_ONTREATMENT' }]) {
      const [a] = await push(doctor, clientChanges({ table: 'tbcase', op: 'update', id, baseVersion: 1, data }));
      expect([a.result, a.errors], JSON.stringify(data)).toEqual(['rejected', [{ field: null, msg: 'Нет прав доступа' }]]);
    }
    expect(await read('tbcase', id)).toMatchObject({ version: 1, state: 'ONTREATMENT', validated: false });
    // a cure without a treatment is refused whoever uploads it
    const untreated = await createCase(admin, patientId, bishkek);
    const [b] = await push(admin, clientChanges({ table: 'tbcase', op: 'update', id: untreated, baseVersion: 1, data: { state: 'CLOSED', outcome: 'CURED', outcomeDate: '2025-06-01' } }));
    expect([b.result, b.errors]).toEqual(['rejected', [{ field: 'outcome', msg: 'Этот исход не подходит случаю: излечение, завершённое, неэффективное и прерванное лечение — только после начала лечения, потеря до начала лечения — только до него' }]]);
    // the same close by a user of the unit who may close cases
    const closer = await createUser(server, admin, 'PUSHCLOSER', [...CASE_WORK, { permission: 'CASE_CLOSE' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    const [c] = await push(closer, clientChanges({ table: 'tbcase', op: 'update', id, baseVersion: 1, data: { state: 'CLOSED', outcome: 'CURED', outcomeDate: '2025-06-01' } }));
    expect(c.result).toBe('applied');
    expect(await read('tbcase', id)).toMatchObject({ state: 'CLOSED', outcome: 'CURED' });
  });

  it('a case made offline already closed, validated or on treatment needs those actions\' permissions too; a new case as the notification makes it, only the right to write cases', async () => {
    const made = (data: Record<string, unknown>) => clientChanges({ table: 'tbcase', op: 'create', id: crypto.randomUUID(), data: {
      patientId, ownerUnitId: bishkek, notificationUnitId: bishkek, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW', registrationDate: '2025-01-10', ...data } });
    const treated = { state: 'ONTREATMENT', iniTreatmentDate: '2025-01-20' };
    for (const data of [{ ...treated, state: 'CLOSED', outcome: 'CURED', outcomeDate: '2025-06-01' }, { validated: true }, treated]) {
      const [a] = await push(doctor, made(data));
      expect([a.result, a.errors], JSON.stringify(data)).toEqual(['rejected', [{ field: null, msg: 'Нет прав доступа' }]]);
      expect((await admin.get(`/api/tbl/tbcase/${a.id}`)).status).toBe(404);
    }
    const [plain] = await push(doctor, made({}));
    expect(plain.result).toBe('applied');
    const closer = await createUser(server, admin, 'PUSHCLOSER2', [...CASE_WORK, { permission: 'CASE_CLOSE' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    const [closed] = await push(closer, made({ ...treated, state: 'CLOSED', outcome: 'CURED', outcomeDate: '2025-06-01' }));
    expect(closed.result).toBe('applied');
  });

  it('a row breaking a rule of the form (a required field missing), and its retry answered the same', async () => {
    const id = crypto.randomUUID();
    const batch = clientChanges({ table: 'exammic', op: 'create', id, data: { caseId: await createCase(admin, patientId, bishkek), date: '2025-02-01', laboratoryId: lab } });
    const [a] = await push(doctor, batch);
    expect(a.result).toBe('rejected');
    expect(a.errors).toEqual([{ field: 'result', msg: 'Результат: Обязательное поле' }]);
    expect((await admin.get(`/api/tbl/exammic/${id}`)).status).toBe(404);
    expect(await push(doctor, batch)).toEqual([a]);
  });

  it('a change of a row deleted on the server, or outside the user\'s view', async () => {
    const gone = await createCase(admin, patientId, bishkek);
    expect((await admin.delete(`/api/tbl/tbcase/${gone}`)).status).toBe(200);
    const elsewhere = await createCase(admin, patientId, await unitNamed(admin, 'Ысык-Атинский'), { caseNumber: 'ЧУЖ-1' });
    const answers = await push(doctor, clientChanges(
      { table: 'tbcase', op: 'update', id: gone, baseVersion: 1, data: { caseNumber: 'X' } },
      { table: 'tbcase', op: 'update', id: elsewhere, baseVersion: 1, data: { caseNumber: 'X' } },
    ));
    expect(answers.map((a) => [a.result, a.errors])).toEqual([
      ['rejected', [{ field: 'id', msg: 'Запись удалена на сервере или вне вашей области просмотра' }]],
      ['rejected', [{ field: 'id', msg: 'Запись удалена на сервере или вне вашей области просмотра' }]],
    ]);
    expect((await read('tbcase', elsewhere)).caseNumber).toBe('ЧУЖ-1');
  });

  it('a delete of a row the server changed since the client\'s copy', async () => {
    const id = await createCase(admin, patientId, bishkek);
    const eid = (await admin.post('/api/tbl/exammic', { caseId: id, date: '2025-02-01', laboratoryId: lab, result: 'NEGATIVE' })).body.result;
    expect((await admin.post(`/api/tbl/exammic/${eid}`, { result: 'PLUS' })).status).toBe(200);
    const [a] = await push(doctor, clientChanges({ table: 'exammic', op: 'delete', id: eid, baseVersion: 1 }));
    expect(a.result).toBe('rejected');
    expect(a.errors![0].msg).toBe('Запись изменена на сервере после копии клиента: удаление не выполнено');
    expect((await read('exammic', eid)).result).toBe('PLUS');
  });

  it('a case linking to a patient another unit\'s client created offline (outside the view)', async () => {
    const kant = await server.login('PUSHKANT', 'Passw0rd');
    const theirs = crypto.randomUUID();
    expect((await push(kant, clientChanges({ table: 'patient', op: 'create', id: theirs, data: { name: 'Чужой', gender: 'MALE' } })))[0].result).toBe('applied');
    const [a] = await push(doctor, clientChanges({ table: 'tbcase', op: 'create', id: crypto.randomUUID(), data: { patientId: theirs, ownerUnitId: bishkek, notificationUnitId: bishkek, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW', registrationDate: '2025-03-01' } }));
    expect(a.result).toBe('rejected');
    expect(a.errors).toEqual([{ field: 'patientId', msg: 'Запись не найдена.' }]);
  });

  it('a change said to be made by a user of another unit is applied as the uploader: the name grants and refuses nothing', async () => {
    const id = await createCase(admin, patientId, bishkek, { caseNumber: 'ДРУ-1' });
    const [a] = await push(doctor, clientChanges({ table: 'tbcase', op: 'update', id, baseVersion: 1, userId: kantDoctorId, data: { caseNumber: 'ДРУ-2' } }));
    expect(a.result).toBe('applied');
    expect((await read('tbcase', id)).caseNumber).toBe('ДРУ-2');
    expect((await historyOf(id)).filter((e) => e.action === 'update').map((e) => e.user_id)).toEqual([await userIdOf('PUSHDOC')]);
  });

  it('a create with the id of a row already there', async () => {
    const [a] = await push(doctor, clientChanges({ table: 'patient', op: 'create', id: patientId, data: { name: 'Дубль', gender: 'MALE' } }));
    expect(a.result).toBe('rejected');
    expect(a.errors).toEqual([{ field: 'id', msg: 'Запись с таким идентификатором уже существует' }]);
  });

  it('one refused change does not undo the others of the upload', async () => {
    const id = await createCase(admin, patientId, bishkek, { caseNumber: 'ПАК-1' });
    const answers = await push(doctor, clientChanges(
      { table: 'tbcase', op: 'update', id, baseVersion: 1, data: { registrationDate: '2999-01-01' } },
      { table: 'tbcase', op: 'update', id, baseVersion: 1, data: { caseNumber: 'ПАК-2' } },
    ));
    expect(answers.map((a) => a.result)).toEqual(['rejected', 'applied']);
    expect((await read('tbcase', id)).caseNumber).toBe('ПАК-2');
  });

  it('a change refused by the database half-way (a patient deleted while a case names them) undoes only itself: the changes around it keep their rows, history entries, feed entries and automatic tags', async () => {
    const tag = (await admin.post('/api/tbl/tag', { name: 'Пакет (офлайн)', active: true, consistencyCheck: false, sqlCondition: "tbcase.case_number like 'ПАКЕТ-%'" })).body.result;
    const [first, last] = [await createCase(admin, patientId, bishkek, { caseNumber: 'ПАК3-1' }), await createCase(admin, patientId, bishkek, { caseNumber: 'ПАК3-2' })];
    const named = await newPatient(admin, { name: 'Тилек', lastName: 'Сыдыков', gender: 'MALE', birthDate: '1970-01-01' });
    await createCase(admin, named, bishkek);
    const answers = await push(admin, clientChanges(
      { table: 'tbcase', op: 'update', id: first, baseVersion: 1, data: { caseNumber: 'ПАКЕТ-1' } },
      { table: 'patient', op: 'delete', id: named, baseVersion: 1 },
      { table: 'tbcase', op: 'update', id: last, baseVersion: 1, data: { caseNumber: 'ПАКЕТ-2' } },
    ));
    expect(answers.map((a) => [a.result, a.errors]), JSON.stringify(answers)).toEqual([['applied', undefined], ['rejected', [{ field: null, msg: 'Запись используется и не может быть удалена' }]], ['applied', undefined]]);
    expect((await read('patient', named)).id).toBe(named);
    // nothing of the refused delete reached the history or the feed (its feed entry was written before the delete failed)
    expect(await historyOf(named)).toHaveLength(1);
    expect(await db().selectFrom('changelog').select('op').where('row_id', '=', named).execute()).toEqual([{ op: 'create' }]);
    for (const [id, number] of [[first, 'ПАКЕТ-1'], [last, 'ПАКЕТ-2']]) {
      expect((await read('tbcase', id)).caseNumber).toBe(number);
      expect((await historyOf(id)).map((e) => e.action).sort()).toEqual(['create', 'update']);
      expect((await db().selectFrom('changelog').select('op').where('row_id', '=', id).orderBy('row_version').execute()).map((r) => r.op)).toEqual(['create', 'update']);
      expect((await db().selectFrom('casetag').select('tag_id').where('case_id', '=', id).execute()).map((r) => r.tag_id)).toContain(tag);
    }
  });
});

describe('the upload itself', () => {
  it('a malformed upload is 400 with the field named, and nothing is applied', async () => {
    const id = await createCase(admin, patientId, bishkek, { caseNumber: 'ПЛХ-1' });
    const good = clientChanges({ table: 'tbcase', op: 'update', id, baseVersion: 1, data: { caseNumber: 'ПЛХ-2' } })[0];
    for (const changes of [[{ ...good, changeId: 'not-a-uuid' }], [{ ...good, op: 'upsert' }], [{ ...good, extra: 1 }], Array.from({ length: 201 }, () => good)]) {
      const r = await doctor.post('/api/sync/push', { changes });
      expect(r.status).toBe(400);
      expect(r.body.errors.length).toBeGreaterThan(0);
    }
    expect((await read('tbcase', id)).caseNumber).toBe('ПЛХ-1');
  });

  it('the feed travels compressed to a client that accepts it, and reads the same', async () => {
    // read as the administrator: the doctor's read to the end would date the doctor's later uploads no earlier
    const headers = { 'content-type': 'application/json', cookie: admin.cookie, 'accept-encoding': 'gzip' };
    const r = await fetch(`${server.url}/api/sync/changes`, { method: 'POST', headers: { ...headers, ...admin.headers, [clientHeader]: '1' }, body: JSON.stringify({ after: '0.0', limit: 1000 }) });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('gzip');
    const body = await r.json();
    expect(body.changes.length).toBeGreaterThan(10);
    expect(body.changes).toEqual((await admin.post('/api/sync/changes', { after: '0.0', limit: 1000 })).body.changes);
  });

  it('a table the API does not serve is rejected', async () => {
    const [a] = await push(doctor, clientChanges({ table: 'changelog', op: 'create', id: crypto.randomUUID(), data: {} }));
    expect(a).toMatchObject({ result: 'rejected', errors: [{ field: 'table', msg: 'Неизвестная таблица' }] });
  });
});
