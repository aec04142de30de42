// Bad input gets {errors: [{field, msg}]} with a 4xx and changes nothing; a server error gets a 500
// with an id, lands in the error log, and shows no stack.
import { describe, expect, it } from 'vitest';
import { exceptionClass } from '../../server/http/error-log.ts';
import { startPgliteServer } from '../helpers/pglite.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import { causeServerError } from '../helpers/failure.ts';
import { ApiClient, type TestServer } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

const count = async (table: string) => Number((await kyselyByName(server.ctx.orm.em.fork()).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);


useTestServer();

describe('validation errors', () => {
  const cases: [string, string, unknown, number, string | null][] = [
    ['unknown table', '/api/tbl/nosuchtable', { name: 'x' }, 404, null],
    ['unknown field', '/api/tbl/source', { shortName: 'A', name: 'B', colour: 'red' }, 400, 'colour'],
    ['wrong type', '/api/tbl/source', { shortName: 'A', name: 'B', active: 'yes' }, 400, 'active'],
    ['over max length', '/api/tbl/source', { shortName: 'X'.repeat(21), name: 'B' }, 400, 'shortName'],
    ['missing required', '/api/tbl/source', { name: 'B' }, 400, 'shortName'],
    ['bad id', '/api/tbl/source/not-an-id', { name: 'B' }, 400, 'id'],
    ['reference to nothing', '/api/tbl/unit', { type: 'LAB', name: 'L', address: { adminUnitId: '00000000-0000-4000-8000-000000000000' } }, 400, 'address.adminUnitId'],
    ['not a JSON object', '/api/tbl/source', '[1,2]', 400, null],
    ['a NUL character, which PostgreSQL cannot store', '/api/tbl/source', { shortName: 'N', name: 'a\u0000b' }, 400, 'name'],
    ['a lone high surrogate (JSON escape)', '/api/tbl/source', '{"shortName":"a\\ud800","name":"b"}', 400, 'shortName'],
    ['a lone low surrogate (JSON escape)', '/api/tbl/source', '{"shortName":"S","name":"\\udc00b"}', 400, 'name'],
    ['a reversed surrogate pair', '/api/tbl/source', '{"shortName":"S","name":"\\udc00\\ud800"}', 400, 'name'],
    ['a lone surrogate in a nested field', '/api/tbl/unit', '{"type":"LAB","name":"L","address":{"zipCode":"\\ud83d"}}', 400, 'address.zipCode'],
    ['a lone surrogate in a key', '/api/tbl/source', '{"shortName":"S","name":"b","\\ud800":1}', 400, null],
  ];

  it.each(cases)('%s → %d with a field error, nothing written', async (_name, path, body, status, field) => {
    const before = await count('source');
    const history = await count('cmdhistory');
    const r = await admin.post(path, body);
    expect(r.status).toBe(status);
    expect(r.body.errors.length).toBeGreaterThan(0);
    expect(r.body.errors.map((e: any) => e.field)).toContain(field);
    expect(typeof r.body.errors[0].msg).toBe('string');
    expect(await count('source')).toBe(before);
    expect(await count('cmdhistory')).toBe(history);
  });

  it('refuses a lone surrogate with a readable message, and stores a whole surrogate pair', async () => {
    const r = await admin.post('/api/tbl/source', '{"shortName":"a\\ud800","name":"b"}');
    expect(r.body.errors).toEqual([{ field: 'shortName', msg: 'Недопустимый символ в тексте' }]);
    const ok = await admin.post('/api/tbl/source', '{"shortName":"EMOJI","name":"b\\ud83d\\ude00"}');
    expect(ok.status).toBe(200);
    expect((await admin.get(`/api/tbl/source/${ok.body.result}`)).body.name).toBe('b\u{1F600}');
  });

  it('names the field by its Russian title', async () => {
    const r = await admin.post('/api/tbl/source', { shortName: 'X'.repeat(21), name: 'B' });
    expect(r.body.errors[0].msg).toMatch(/^Краткое название: должно быть не длиннее, чем 20 символов/);
  });

  it('words types and patterns in Russian, never a JSON type name or a regular expression', async () => {
    const substance = await admin.post('/api/tbl/substance', { shortName: 'T1', name: 'Т', line: 'OTHER', displayOrder: 'first', active: 'yes' });
    expect(substance.status).toBe(400);
    expect(substance.body.errors).toEqual(expect.arrayContaining([
      { field: 'displayOrder', msg: 'Порядок отображения: должно быть целым числом' },
      { field: 'active', msg: 'Активен: должно быть логическим значением (да/нет)' },
    ]));
    const unit = (await admin.post('/api/tbl/unit/query', { page: 1, pageSize: 1 })).body.list[0];
    const profile = (await admin.post('/api/opts/userprofile', {})).body[0].value;
    const user = { login: 'иван петров', name: 'Иван', email: 'ivan@example.org', unitId: unit.id, profiles: [profile], view: 'UNIT' };
    const r = await admin.post('/api/tbl/userws', user);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'login', msg: 'Логин: может содержать только латинские буквы, цифры и знаки _ . @ -' }]);
    const typed = await admin.post('/api/tbl/userws', { ...user, login: 'IVAN', name: 12 });
    expect(typed.body.errors).toEqual([{ field: 'name', msg: 'ФИО: должно быть строкой' }]);
    const all = JSON.stringify([substance.body, r.body, typed.body]);
    expect(all).not.toMatch(/string|integer|boolean|образцу|\^\[/);
  });

  it('words them in English for an English session', async () => {
    const en = await server.login();
    expect((await en.post('/api/sys/language/en')).status).toBe(200);
    try {
      const r = await en.post('/api/tbl/substance', { shortName: 'T2', name: 'T', line: 'OTHER', displayOrder: 1.5, customId: 7 });
      expect(r.body.errors).toEqual(expect.arrayContaining([
        { field: 'displayOrder', msg: 'Display order: must be an integer' },
        { field: 'customId', msg: expect.stringMatching(/: must be a string$/) },
      ]));
    } finally {
      await en.post('/api/sys/language/ru');
    }
  });

  it('refuses a duplicate short name with a field error', async () => {
    await admin.post('/api/tbl/source', { shortName: 'DUP', name: 'Первый' });
    const r = await admin.post('/api/tbl/source', { shortName: 'DUP', name: 'Второй' });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('shortName');
  });
});

describe('server errors', () => {
  it('answers 500 with an id, logs the request with the password masked, leaks no stack', async () => {
    const r = await causeServerError(server, admin, { password: 'secret1' });
    expect(r.status).toBe(500);
    expect(r.body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts|stack/i);
    const row = await kysely(server.ctx.orm.em.fork()).selectFrom('errorlog').selectAll().where('id', '=', r.body.errorId).executeTakeFirstOrThrow();
    expect(row.url).toBe('POST /api/sys/usersettings');
    expect(row.stack_trace).toContain('user-routes.ts');
    expect(row.request).toContain('******');
    expect(row.request).not.toContain('secret1');
    expect(row.user_name).toBe('Администратор системы');
    expect(row.exception_class).toBe('DatabaseError 42703');
  });

  it('names the exception class on PGlite too, whose bundle minifies class names (and answers rows as PostgreSQL does)', async () => {
    const lite = await startPgliteServer();
    try {
      const client = new ApiClient(lite.url);
      await client.post('/api/auth/login', { login: 'ADMIN', password: 'Admin123' });
      const r = await causeServerError(lite as TestServer, client); // the helper uses only `ctx`
      expect(r.status).toBe(500);
      const row = await kysely(lite.ctx.orm.em.fork()).selectFrom('errorlog').select('exception_class').where('id', '=', r.body.errorId).executeTakeFirstOrThrow();
      expect(row.exception_class).toBe('DatabaseError 42703');
      // the embedded database answers as PostgreSQL does: ISO update times, searches on the trigram-indexed fields
      const found = await client.post('/api/tbl/patient/query', { key: 'иванов' });
      expect(found.body.list.map((p: any) => p.lastName)).toContain('Иванов');
      expect(found.body.list[0].updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const trgm = await kysely(lite.ctx.orm.em.fork()).selectFrom('pg_indexes' as any).select('indexname').where('indexname', '=', 'patient_last_name_trgm').execute();
      expect(trgm).toHaveLength(1);
    } finally {
      await lite.close();
    }
  }, 300_000); // may wait for the run's seeded PGlite folder to be built (tests/helpers/pglite.ts)

  it('prefers a meaningful name to a minified one or to plain Error', () => {
    class N extends Error {}
    const minified = Object.assign(new N('x'), { name: 'error', code: '23505' });
    expect(exceptionClass(minified)).toBe('DatabaseError 23505');
    class ApiProblem extends Error {}
    expect(exceptionClass(new ApiProblem('x'))).toBe('ApiProblem');
    expect(exceptionClass(new TypeError('x'))).toBe('TypeError');
    expect(exceptionClass(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('Error');
    expect(exceptionClass('a string')).toBe('Error');
  });
});

/** A valid document of each catalogue, to spoil one way at a time. */
const catalogues: [string, (adminUnitId: string) => Record<string, unknown>][] = [
  ['source', () => ({ shortName: 'U1', name: 'Источник' })],
  ['substance', () => ({ shortName: 'U1', name: 'Субстанция', line: 'OTHER' })],
  ['unit', (adminUnitId) => ({ type: 'LAB', name: 'Лаборатория', address: { adminUnitId } })],
];

describe.each(catalogues)('unknown fields and bad ids: %s', (table, make) => {
  const firstArea = async () => (await admin.post('/api/tbl/adminunit/query', { rootUnits: true })).body.list[0].id;
  const expectRefused = async (r: { status: number; body: any }, status: number, field: string) => {
    expect(r.status).toBe(status);
    expect(r.body.errors.map((e: any) => e.field)).toEqual([field]);
  };

  it('refuses an unknown field, at the top or nested, on create and update; nothing written', async () => {
    const doc = make(await firstArea());
    const before = await count(table);
    const history = await count('cmdhistory');
    await expectRefused(await admin.post(`/api/tbl/${table}`, { ...doc, colour: 'red' }), 400, 'colour');
    if (table === 'unit') await expectRefused(await admin.post(`/api/tbl/${table}`, { ...doc, address: { ...(doc.address as object), colour: 'red' } }), 400, 'address.colour');
    const created = await admin.post(`/api/tbl/${table}`, doc);
    expect(created.status).toBe(200);
    const id = created.body.result;
    await expectRefused(await admin.post(`/api/tbl/${table}/${id}`, { colour: 'red' }), 400, 'colour');
    expect(await count(table)).toBe(before + 1);
    expect(await count('cmdhistory')).toBe(history + 1);
    await expectRefused(await admin.post(`/api/tbl/${table}/query`, { colour: 'red' }), 400, 'colour');
    expect((await admin.delete(`/api/tbl/${table}/${id}`)).status).toBe(200);
  });

  it('refuses a malformed id on read, form, update and delete; an unknown id is 404', async () => {
    const doc = make(await firstArea());
    const before = await count(table);
    await expectRefused(await admin.get(`/api/tbl/${table}/not-an-id`), 400, 'id');
    await expectRefused(await admin.get(`/api/tbl/${table}/form/not-an-id`), 400, 'id');
    await expectRefused(await admin.post(`/api/tbl/${table}/not-an-id`, doc), 400, 'id');
    await expectRefused(await admin.delete(`/api/tbl/${table}/not-an-id`), 400, 'id');
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect((await admin.get(`/api/tbl/${table}/${nobody}`)).status).toBe(404);
    expect((await admin.post(`/api/tbl/${table}/${nobody}`, doc)).status).toBe(404);
    expect((await admin.delete(`/api/tbl/${table}/${nobody}`)).status).toBe(404);
    expect(await count(table)).toBe(before);
  });
});

describe('query filters', () => {
  it('refuses a filter value of the wrong type with a field error', async () => {
    const r = await admin.post('/api/tbl/source/query', { active: 'maybe' });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('active');
    expect((await admin.post('/api/tbl/source/query', { active: true })).status).toBe(200);
  });
});
