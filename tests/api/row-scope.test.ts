// Row scope by the user's view: a unit-view doctor sees, changes and points at the cases of their
// unit only, whatever the request names; an area view sees its subtree, every level of it; a workspace's administrator
// cannot list another workspace's patients by naming it.
import { beforeAll, describe, expect, it } from 'vitest';
import { startServerWithSchemas } from '../helpers/extra-schemas.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createCase, newPatient } from '../helpers/cases.ts';
import { createUser } from '../helpers/users.ts';
import { addWorkspace } from '../helpers/workspace.ts';

/** Case writes are workflow actions (admin-only as plain CRUD), so writes are tested on two declared tables. */
const casenote = {
  $id: 'casenote', title: 'casenote', type: 'object', additionalProperties: false,
  'x-table': { name: 'casenote', workspace: true, permission: 'CASECONTACT', parent: 'caseId' },
  'x-list': { title: 'text' },
  required: ['caseId', 'text'],
  properties: { caseId: { type: 'string', format: 'uuid', 'x-ref': 'tbcase', title: 'tbcase.title' }, text: { type: 'string', maxLength: 100, title: 'global.name' } },
};
const unitnote = {
  $id: 'unitnote', title: 'unitnote', type: 'object', additionalProperties: false,
  'x-table': { name: 'unitnote', workspace: true, permission: 'CASE_MED_EXAM', scope: { unit: 'unitId' } },
  'x-list': { title: 'text' },
  required: ['unitId', 'text'],
  properties: { unitId: { type: 'string', format: 'uuid', 'x-ref': 'unit', title: 'unit.title' }, text: { type: 'string', maxLength: 100, title: 'global.name' } },
};

/** A sub-record declaring no permission of its own: its parent's (CASEMAN; CASEMAN_EDT to write). */
const caseremark = {
  $id: 'caseremark', title: 'caseremark', type: 'object', additionalProperties: false,
  'x-table': { name: 'caseremark', parent: 'caseId' },
  'x-list': { title: 'text' },
  required: ['caseId', 'text'],
  properties: { caseId: { type: 'string', format: 'uuid', 'x-ref': 'tbcase', title: 'tbcase.title' }, text: { type: 'string', maxLength: 100, title: 'global.name' } },
};

let doctor: ApiClient;
let cases: any[];
let bishkek: string;
let own: any;
let other: any;

const unitOf = async (name: string) => (await admin.post('/api/tbl/unit/query', { key: name })).body.list[0];

useTestServer(() => startServerWithSchemas('rowscope', [casenote, unitnote, caseremark]));
beforeAll(async () => {
  cases = (await admin.post('/api/tbl/tbcase/query', {})).body.list;
  const bishkekUnit = cases.find((c) => c.caseNumber === 'ТБ-2024-0003').ownerUnit;
  bishkek = bishkekUnit.id;
  own = cases.find((c) => c.caseNumber === 'ТБ-2024-0003');
  other = cases.find((c) => c.caseNumber === 'ТБ-2024-0001');
  const perms = [{ permission: 'CASEMAN' }, { permission: 'CASE_MED_EXAM', canChange: true }, { permission: 'CASECONTACT', canChange: true }];
  doctor = await createUser(server, admin, 'UNITDOC', perms, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
}, 180_000);

describe('a unit-view user', () => {
  it('lists only the cases of their unit (and counts only those)', async () => {
    const r = await doctor.post('/api/tbl/tbcase/query', {});
    expect(r.status).toBe(200);
    expect(r.body.list.length).toBeGreaterThan(0);
    expect(new Set(r.body.list.map((c: any) => c.ownerUnitId))).toEqual(new Set([bishkek]));
    expect(r.body.count).toBe(cases.filter((c) => c.ownerUnitId === bishkek).length);
    expect(cases.length).toBeGreaterThan(r.body.count);
  });

  it('cannot read another unit’s case by id, nor its patient', async () => {
    expect((await doctor.get(`/api/tbl/tbcase/${other.id}`)).status).toBe(404);
    expect((await doctor.post('/api/tbl/tbcase/form', { id: other.id })).status).toBe(404);
    expect((await doctor.get(`/api/tbl/patient/${other.patientId}`)).status).toBe(404);
    expect((await doctor.get(`/api/tbl/tbcase/${own.id}`)).status).toBe(200);
    const patients = (await doctor.post('/api/tbl/patient/query', {})).body.list.map((p: any) => p.id);
    expect(patients).toContain(own.patientId);
    expect(patients).not.toContain(other.patientId);
  });

  it('cannot update or delete another unit’s row; nothing changes', async () => {
    const theirs = (await admin.post('/api/tbl/unitnote', { unitId: other.ownerUnitId, text: 'чужая' })).body.result;
    const up = await doctor.post(`/api/tbl/unitnote/${theirs}`, { text: 'ВЗЛОМ' });
    expect(up.status).toBe(404);
    const del = await doctor.delete(`/api/tbl/unitnote/${theirs}`);
    expect(del.status).toBe(404);
    const still = await admin.get(`/api/tbl/unitnote/${theirs}`);
    expect(still.status).toBe(200);
    expect(still.body.text).toBe('чужая');
  });

  it('cannot move their row to another unit, nor create one there', async () => {
    const mine = await doctor.post('/api/tbl/unitnote', { unitId: bishkek, text: 'своя' });
    expect(mine.status).toBe(200);
    const move = await doctor.post(`/api/tbl/unitnote/${mine.body.result}`, { unitId: other.ownerUnitId });
    expect(move.status).toBe(400);
    expect(move.body.errors[0].field).toBe('unitId');
    expect((await admin.get(`/api/tbl/unitnote/${mine.body.result}`)).body.unitId).toBe(bishkek);
    const create = await doctor.post('/api/tbl/unitnote', { unitId: other.ownerUnitId, text: 'туда' });
    expect(create.status).toBe(400);
    expect(create.body.errors[0].field).toBe('unitId');
  });

  it('sees and writes the sub-records of their own cases only (the parent’s scope applies)', async () => {
    const theirs = await admin.post('/api/tbl/casenote', { caseId: other.id, text: 'заметка' });
    expect(theirs.status).toBe(200);
    expect((await doctor.get(`/api/tbl/casenote/${theirs.body.result}`)).status).toBe(404);
    expect((await doctor.post(`/api/tbl/casenote/${theirs.body.result}`, { text: 'ВЗЛОМ' })).status).toBe(404);
    const mine = await doctor.post('/api/tbl/casenote', { caseId: own.id, text: 'своя заметка' });
    expect(mine.status).toBe(200);
    expect((await doctor.post('/api/tbl/casenote/query', {})).body.list.map((n: any) => n.id)).toEqual([mine.body.result]);
  });

  it('reads but cannot write a sub-record that inherits its parent’s permission and workspace', async () => {
    const theirs = (await admin.post('/api/tbl/caseremark', { caseId: other.id, text: 'чужое' })).body.result;
    const mine = (await admin.post('/api/tbl/caseremark', { caseId: own.id, text: 'своё' })).body.result;
    const seen = await doctor.post('/api/tbl/caseremark/query', {});
    expect(seen.status).toBe(200);
    expect(seen.body.list.map((r: any) => r.id)).toEqual([mine]);
    expect((await doctor.post('/api/tbl/caseremark', { caseId: own.id, text: 'x' })).status).toBe(403);
    expect((await doctor.delete(`/api/tbl/caseremark/${theirs}`)).status).toBe(403);
  });

  it('cannot point a sub-record at a case outside their view', async () => {
    const r = await doctor.post('/api/tbl/casenote', { caseId: other.id, text: 'туда' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'caseId', msg: 'Запись не найдена.' }]);
    expect((await admin.post('/api/tbl/casenote/query', { caseId: other.id })).body.list.map((n: any) => n.text)).toEqual(['заметка']);
  });

  it('is offered only the patients and cases of their view in lookups', async () => {
    const patients = (await doctor.post('/api/opts/patient', {})).body.map((o: any) => o.value);
    expect(patients).toContain(own.patientId);
    expect(patients).not.toContain(other.patientId);
    const labels = (await doctor.post('/api/opts/patient', {})).body.map((o: any) => o.label);
    expect(labels.every((l: string) => l.length > 0)).toBe(true);
  });

  it('finds through global search only the cases of their view', async () => {
    const mine = await doctor.post('/api/session/search', { key: 'Иванов' });
    expect(mine.body.some((h: any) => h.title.includes('Иванов'))).toBe(true);
    const theirs = await doctor.post('/api/session/search', { key: 'Ошурков' });
    expect(theirs.status).toBe(200);
    expect(theirs.body.filter((h: any) => h.type.startsWith('CASE'))).toEqual([]);
    const byNumber = await doctor.post('/api/session/search', { key: 'ТБ-2024-0001' });
    expect(byNumber.body.filter((h: any) => h.type.startsWith('CASE'))).toEqual([]);
    // the administrator finds it: the case exists
    expect((await admin.post('/api/session/search', { key: 'Ошурков' })).body.some((h: any) => h.type.startsWith('CASE'))).toBe(true);
  });

  it('cannot widen the scope by naming one in the request', async () => {
    const r = await doctor.post('/api/tbl/tbcase/query', { scope: 'WORKSPACE' });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('scope');
    const byId = await doctor.post('/api/tbl/tbcase/query', { id: other.id });
    expect(byId.body.list).toEqual([]);
  });
});

describe('an area-view user', () => {
  it('sees the cases of the units in their area subtree only', async () => {
    const unit = await unitOf('Ош');
    const area = await createUser(server, admin, 'AREADOC', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: unit.id, view: 'ADMINUNIT' });
    const seen = (await area.post('/api/tbl/tbcase/query', {})).body.list;
    expect(seen.map((c: any) => c.id)).toContain(other.id);
    expect(seen.map((c: any) => c.id)).not.toContain(own.id);
    expect((await area.get(`/api/tbl/tbcase/${own.id}`)).status).toBe(404);
  });
});

describe('an area-view user, at each depth of the area tree', () => {
  // A case in a unit at each level of the demo tree (country › region › district › village ›
  // section, levels 1–5); users whose unit lies at level 1, 2 and 5 see their area and every level
  // below it, and nothing beside or above it.
  const placed: Record<string, string> = {};
  const units: Record<string, string> = {};
  const users: Record<string, ApiClient> = {};
  const areaNamed = async (name: string) => ((await admin.post('/api/tbl/adminunit/query', { key: name, pageSize: 50 })).body.list as any[]).find((a) => a.name === name).id as string;
  const caseIn = async (key: string, areaName: string) => {
    const unit = await admin.post('/api/tbl/unit', { type: 'TBUNIT', name: `Диспансер (${key})`, active: true, address: { adminUnitId: await areaNamed(areaName) } });
    expect(unit.status, JSON.stringify(unit.body)).toBe(200);
    units[key] = unit.body.result;
    const patientId = await newPatient(admin, { name: 'Айбек', lastName: `Глубинов ${key}`, gender: 'MALE', birthDate: '1980-01-01' });
    placed[key] = await createCase(admin, patientId, units[key]);
  };

  beforeAll(async () => {
    await caseIn('country', 'Кыргызская Республика');
    await caseIn('region', 'Чуйская область');
    await caseIn('district', 'Аламудунский район');
    await caseIn('village', 'с. Лебединовка');
    await caseIn('section', 'Врачебный участок № 1 (Лебединовка)');
    await caseIn('another section', 'Врачебный участок № 2 (Лебединовка)');
    await caseIn('another region', 'г. Бишкек');
    await caseIn('another region’s district', 'Ленинский район');
    for (const at of ['country', 'region', 'section']) {
      users[at] = await createUser(server, admin, `AREA${at.toUpperCase()}`, [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: units[at], view: 'ADMINUNIT' });
    }
  }, 180_000);

  it.each([
    // the user's area, the case's place, seen
    ['region', 'region', 'the area itself', true],
    ['region', 'district', 'one level below', true],
    ['region', 'village', 'two levels below', true],
    ['region', 'section', 'three levels below', true],
    ['region', 'country', 'the area above', false],
    ['region', 'another region', 'a sibling area', false],
    ['region', 'another region’s district', 'below a sibling area', false],
    ['country', 'country', 'the root area itself', true],
    ['country', 'another region’s district', 'two levels below the root', true],
    ['country', 'section', 'four levels below the root', true],
    ['section', 'section', 'the deepest area itself (level 5)', true],
    ['section', 'another section', 'a sibling of the deepest area', false],
    ['section', 'village', 'the area above', false],
  ])('a user of the %s sees a case of the %s (%s): %s', async (at, key, _where, seen) => {
    const listed = ((await users[at].post('/api/tbl/tbcase/query', { pageSize: 500 })).body.list as any[]).map((c) => c.id);
    expect(listed.includes(placed[key])).toBe(seen);
    expect((await users[at].get(`/api/tbl/tbcase/${placed[key]}`)).status).toBe(seen ? 200 : 404);
  });
});

describe('another workspace’s administrator', () => {
  it('cannot list this workspace’s patients, cases or units by naming it in a lookup', async () => {
    const b = await addWorkspace(server, 'Чужое пространство', ['INTRUDER']);
    const { kysely } = await import('../../server/db/kysely.ts');
    const { hashPassword } = await import('../../server/auth/password.ts');
    await kysely(server.ctx.orm.em.fork()).updateTable('sysuser').set({ password_hash: await hashPassword('Passw0rd'), password_expired: false }).where('login', '=', 'INTRUDER').execute();
    const intruder = await server.login('INTRUDER', 'Passw0rd', b.workspaceId);
    const session = (await admin.post('/api/sys/session', {})).body;
    const wsA = session.workspaceId ?? session.workspace?.id;
    expect(typeof wsA).toBe('string');
    for (const table of ['patient', 'tbcase', 'adminunit', 'product']) {
      const r = await intruder.post(`/api/opts/${table}`, { workspaceId: wsA });
      expect(r.status, table).toBe(403);
      expect(JSON.stringify(r.body)).not.toContain('Ошурков');
    }
  });
});
