// A case's comments and review issues: the generic table API on
// casecomment / issue / issuefollowup with the write permissions of the permission tree
// (CASE_COMMENTS, REM_COMMENTS, NEW_ISSUE, ANSWER_ISSUE, CLOSEDEL_ISSUE) enforced by the server, the
// author, unit and dates set by the server whatever the client sends, the issue's close / reopen
// actions, the case's row scope, and every write in the command history.
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { createUser } from '../helpers/users.ts';

let reader: ApiClient; // CASEMAN only
let talker: ApiClient; // comments, new issues, answers
let manager: ApiClient; // removes comments, closes / reopens / deletes issues
let stranger: ApiClient; // every permission, but another unit's view
let caseId: string;
let bishkek: string;

const db = () => kysely(server.ctx.orm.em.fork());
const userIdOf = async (login: string) => (await db().selectFrom('sysuser').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id as string;
const historyOf = (id: string) => db().selectFrom('cmdhistory').select(['type', 'action', 'user_id']).where('entity_id', '=', id).orderBy('exec_date').execute();
const ALL = ['CASEMAN', 'CASE_COMMENTS', 'REM_COMMENTS', 'NEW_ISSUE', 'ANSWER_ISSUE', 'CLOSEDEL_ISSUE'].map((permission) => ({ permission }));

/** A refusal as the user sees it: the status and `{success:false, errors:[{field, msg}]}`. */
function refused(r: { status: number; body: any }, status: number, field: string | null, msg?: RegExp | string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.success).toBe(false);
  expect(r.body.errors.map((e: { field: string | null }) => e.field)).toContain(field);
  if (msg) expect(r.body.errors.find((e: { field: string | null }) => e.field === field).msg).toMatch(msg);
}

useTestServer();
beforeAll(async () => {
  bishkek = await unitNamed(admin, 'Бишкекский');
  const kant = await unitNamed(admin, 'Ысык-Атинский');
  const patientId = await newPatient(admin, { name: 'Нурлан', lastName: 'Осмонов', gender: 'MALE', birthDate: '1985-03-02' });
  caseId = await createCase(admin, patientId, bishkek, { registrationDate: '2025-02-10' });
  const place = { unitId: bishkek, view: 'UNIT' as const };
  reader = await createUser(server, admin, 'TALKREADER', [{ permission: 'CASEMAN' }], 'Passw0rd', place);
  talker = await createUser(server, admin, 'TALKER', ['CASEMAN', 'CASE_COMMENTS', 'NEW_ISSUE', 'ANSWER_ISSUE'].map((permission) => ({ permission })), 'Passw0rd', place);
  manager = await createUser(server, admin, 'TALKMANAGER', ['CASEMAN', 'REM_COMMENTS', 'CLOSEDEL_ISSUE'].map((permission) => ({ permission })), 'Passw0rd', place);
  stranger = await createUser(server, admin, 'TALKSTRANGER', ALL, 'Passw0rd', { unitId: kant, view: 'UNIT' });
}, 180_000);

describe('comments', () => {
  it('adds a comment with CASE_COMMENTS only; the author and the date are the server’s; listed per group with the author’s name', async () => {
    refused(await reader.post('/api/tbl/casecomment', { caseId, group: 'DATA', comment: 'Нет прав' }), 403, null);
    const before = Date.now();
    const r = await talker.post('/api/tbl/casecomment', { caseId, group: 'DATA', comment: '  Проверить адрес  ', userId: await userIdOf('ADMIN'), date: '2001-01-01T00:00:00Z' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await talker.post('/api/tbl/casecomment', { caseId, group: 'CONTACTS', comment: 'Контакты обследованы' });
    const row = await db().selectFrom('casecomment').selectAll().where('id', '=', r.body.result).executeTakeFirstOrThrow();
    expect(row.comment).toBe('Проверить адрес');
    expect(row.user_id).toBe(await userIdOf('TALKER'));
    expect(new Date(row.date as string).getTime()).toBeGreaterThanOrEqual(before - 5000);

    const list = await reader.post('/api/tbl/casecomment/query', { caseId, group: 'DATA' });
    expect(list.status).toBe(200);
    expect(list.body.list.map((c: any) => [c.comment, c.group, c.user?.name])).toEqual([['Проверить адрес', 'DATA', 'TALKER']]);
  });

  it('refuses a blank comment and an unknown group with {errors:[{field, msg}]}; nothing stored', async () => {
    const n = async () => Number((await db().selectFrom('casecomment').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const count = await n();
    refused(await talker.post('/api/tbl/casecomment', { caseId, group: 'DATA', comment: '   ' }), 400, 'comment', /Комментарий/);
    refused(await talker.post('/api/tbl/casecomment', { caseId, group: 'NOPE', comment: 'x' }), 400, 'group');
    expect(await n()).toBe(count);
  });

  it('lets only the author change a comment, and only REM_COMMENTS remove it; the history has each write', async () => {
    const id = (await talker.post('/api/tbl/casecomment', { caseId, group: 'COMORBIDITIES', comment: 'Диабет?' })).body.result as string;
    expect((await talker.post(`/api/tbl/casecomment/${id}`, { comment: 'Диабет подтверждён' })).status).toBe(200);
    const admins = await admin.post('/api/tbl/casecomment', { caseId, group: 'COMORBIDITIES', comment: 'Чужой' });
    refused(await talker.post(`/api/tbl/casecomment/${admins.body.result}`, { comment: 'Правка' }), 403, null, 'Изменить можно только свою запись');
    refused(await talker.delete(`/api/tbl/casecomment/${id}`), 403, null);
    expect((await manager.delete(`/api/tbl/casecomment/${id}`)).status).toBe(200);
    expect(await db().selectFrom('casecomment').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    const talkerId = await userIdOf('TALKER');
    expect(await historyOf(id)).toEqual([
      { type: 'casecomment', action: 'create', user_id: talkerId },
      { type: 'casecomment', action: 'update', user_id: talkerId },
      { type: 'casecomment', action: 'delete', user_id: await userIdOf('TALKMANAGER') },
    ]);
  });

  it('keeps comments inside the case’s view: another unit’s user neither reads nor adds them', async () => {
    const list = await stranger.post('/api/tbl/casecomment/query', { caseId });
    expect(list.status).toBe(200);
    expect(list.body.list).toEqual([]);
    refused(await stranger.post('/api/tbl/casecomment', { caseId, group: 'DATA', comment: 'Чужой случай' }), 400, 'caseId');
  });
});

describe('review issues', () => {
  let issueId: string;

  it('opens an issue with NEW_ISSUE: title ≤ 200 and description required; author, unit, date and state are the server’s', async () => {
    refused(await reader.post('/api/tbl/issue', { caseId, title: 'Вопрос', description: 'Текст' }), 403, null);
    refused(await talker.post('/api/tbl/issue', { caseId, title: 'Я'.repeat(201), description: 'Текст' }), 400, 'title', /Заголовок/);
    refused(await talker.post('/api/tbl/issue', { caseId, title: 'Без описания' }), 400, 'description', /Описание/);
    const r = await talker.post('/api/tbl/issue', { caseId, title: 'Я'.repeat(200), description: 'Нет даты диагноза', closed: true, unitId: null, creationDate: '2001-01-01T00:00:00Z' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    issueId = r.body.result;
    const row = await db().selectFrom('issue').selectAll().where('id', '=', issueId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ closed: false, unit_id: bishkek, user_id: await userIdOf('TALKER') });
    expect(new Date(row.creation_date as string).getFullYear()).toBeGreaterThan(2020);
    const read = (await reader.get(`/api/tbl/issue/${issueId}`)).body;
    expect(read.user.name).toBe('TALKER');
    expect(read.unit.name).toMatch(/Бишкек/);
  });

  it('answers with ANSWER_ISSUE (text required); the answer carries its author, unit and date', async () => {
    refused(await reader.post('/api/tbl/issuefollowup', { issueId, text: 'Ответ' }), 403, null);
    refused(await talker.post('/api/tbl/issuefollowup', { issueId, text: '' }), 400, 'text', /Ответ/);
    const r = await talker.post('/api/tbl/issuefollowup', { issueId, text: 'Дата внесена' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const list = await reader.post('/api/tbl/issuefollowup/query', { issueId });
    expect(list.body.list.map((a: any) => [a.text, a.user?.name, !!a.followupDate])).toEqual([['Дата внесена', 'TALKER', true]]);
  });

  it('closes and reopens with CLOSEDEL_ISSUE only (actions, also not by a plain update); a closed issue takes no answer; the history names each step', async () => {
    refused(await talker.post(`/api/tbl/issue/${issueId}/action/closeIssue`, {}), 403, null);
    refused(await talker.post(`/api/tbl/issue/${issueId}`, { closed: true }), 403, null);
    expect((await manager.post(`/api/tbl/issue/${issueId}/action/closeIssue`, {})).status).toBe(200);
    expect((await reader.get(`/api/tbl/issue/${issueId}`)).body.closed).toBe(true);
    refused(await manager.post(`/api/tbl/issue/${issueId}/action/closeIssue`, {}), 400, null, 'Вопрос уже закрыт');
    refused(await talker.post('/api/tbl/issuefollowup', { issueId, text: 'Поздно' }), 400, 'issueId', /закрыт/);
    expect((await manager.post(`/api/tbl/issue/${issueId}/action/reopenIssue`, {})).status).toBe(200);
    expect((await reader.get(`/api/tbl/issue/${issueId}`)).body.closed).toBe(false);
    refused(await manager.post(`/api/tbl/issue/${issueId}/action/reopenIssue`, {}), 400, null, 'Вопрос не закрыт');
    const managerId = await userIdOf('TALKMANAGER');
    expect((await historyOf(issueId)).map((h) => [h.action, h.user_id === managerId])).toEqual([['create', false], ['closeIssue', true], ['reopenIssue', true]]);
  });

  it('deletes an issue with CLOSEDEL_ISSUE only, its answers with it', async () => {
    const id = (await talker.post('/api/tbl/issue', { caseId, title: 'Удалить', description: 'Ошибочный вопрос' })).body.result as string;
    await talker.post('/api/tbl/issuefollowup', { issueId: id, text: 'Ответ' });
    refused(await talker.delete(`/api/tbl/issue/${id}`), 403, null);
    expect((await manager.delete(`/api/tbl/issue/${id}`)).status).toBe(200);
    expect(await db().selectFrom('issuefollowup').select('id').where('issue_id', '=', id).execute()).toEqual([]);
    expect((await historyOf(id)).map((h) => h.action)).toEqual(['create', 'delete']);
  });

  it('keeps issues inside the case’s view', async () => {
    expect((await stranger.post('/api/tbl/issue/query', { caseId })).body.list).toEqual([]);
    expect((await stranger.get(`/api/tbl/issue/${issueId}`)).status).toBe(404);
    refused(await stranger.post('/api/tbl/issue', { caseId, title: 'Чужой', description: 'Чужой' }), 400, 'caseId');
    refused(await stranger.post('/api/tbl/issuefollowup', { issueId, text: 'Чужой' }), 400, 'issueId');
  });
});
