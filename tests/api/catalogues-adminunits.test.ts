// The admin-unit tree: the tree query with hasChildren, unitsCount and the
// country structure, level rules, and deletes refused with a message that says what is in the way.
import { describe, expect, it } from 'vitest';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

const byName = async (name: string) => (await admin.post('/api/tbl/adminunit/query', { key: name })).body.list.find((u: any) => u.name === name);
const csByName = async (name: string) => (await admin.post('/api/tbl/countrystructure/query', { name })).body.list[0];


useTestServer();

describe('tree query', () => {
  it('lists the root units with hasChildren, unitsCount and the country structure', async () => {
    const r = await admin.post('/api/tbl/adminunit/query', { rootUnits: true, fetchCountryStructure: true });
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(1);
    const units = (await admin.post('/api/tbl/unit/query', {})).body.count;
    expect(r.body.list[0]).toMatchObject({ name: 'Кыргызская Республика', level: 1, hasChildren: true, unitsCount: units });
    expect(r.body.csList).toHaveLength(7);
    expect(r.body.csList[0]).toEqual({ id: expect.any(String), name: 'Страна', level: 1 });
    expect(r.body.csList.map((c: any) => c.level)).toEqual([...r.body.csList.map((c: any) => c.level)].sort());
    expect((await admin.post('/api/tbl/adminunit/query', { rootUnits: true })).body.csList).toBeUndefined();
  });

  it('lists the children of a unit, and counts the units of each subtree', async () => {
    const kg = await byName('Кыргызская Республика');
    const r = await admin.post('/api/tbl/adminunit/query', { parentId: kg.id });
    const names = r.body.list.map((u: any) => u.name);
    expect(names).toEqual(['Иссык-Кульская область', 'Ошская область', 'Чуйская область', 'г. Бишкек', 'г. Ош']);
    const bishkek = r.body.list.find((u: any) => u.name === 'г. Бишкек');
    expect(bishkek).toMatchObject({ hasChildren: true, level: 2, parentId: kg.id });
    expect(bishkek.unitsCount).toBe(5); // НЦФ, the city dispensary, the city's TB coordination centre and two labs
    const leaves = await admin.post('/api/tbl/adminunit/query', { parentId: bishkek.id });
    expect(leaves.body.list.every((u: any) => u.hasChildren === false)).toBe(true);
    expect((await admin.get(`/api/tbl/adminunit/${bishkek.id}`)).body.unitsCount).toBe(5);
  });

  it('keeps unitsCount up to date when units come and go', async () => {
    const lenin = await byName('Ленинский район');
    const bishkek = await byName('г. Бишкек');
    const unit = await admin.post('/api/tbl/unit', { type: 'LAB', name: 'Новая лаборатория', address: { adminUnitId: lenin.id } });
    expect((await byName('г. Бишкек')).unitsCount).toBe(bishkek.unitsCount + 1);
    expect((await byName('Ленинский район')).unitsCount).toBe(lenin.unitsCount + 1);
    await admin.delete(`/api/tbl/unit/${unit.body.result}`);
    expect((await byName('г. Бишкек')).unitsCount).toBe(bishkek.unitsCount);
  });

  it('refuses unknown filters and bad ids like the generic query', async () => {
    expect((await admin.post('/api/tbl/adminunit/query', { colour: 'red' })).body.errors[0].field).toBe('colour');
    expect((await admin.post('/api/tbl/adminunit/query', { parentId: 'x' })).body.errors[0].field).toBe('parentId');
  });
});

describe('editing', () => {
  it('adds a child at the next level, with its path, and refuses a country structure of another level', async () => {
    const osh = await byName('г. Ош');
    const district = await csByName('Район');
    const r = await admin.post('/api/tbl/adminunit', { name: 'Новый район', parentId: osh.id, countryStructure: district.id, customId: 'KG-GO-1' });
    expect(r.status).toBe(200);
    const doc = (await admin.get(`/api/tbl/adminunit/${r.body.result}`)).body;
    expect(doc).toMatchObject({ level: 3, p0: { id: osh.p0.id }, p1: { id: osh.id }, p2: { id: r.body.result } });
    const wrong = await admin.post('/api/tbl/adminunit', { name: 'Не тот уровень', parentId: osh.id, countryStructure: (await csByName('Село')).id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('countryStructure');
    // rename, but never move
    expect((await admin.post(`/api/tbl/adminunit/${r.body.result}`, { name: 'Переименованный район' })).status).toBe(200);
    const moved = await admin.post(`/api/tbl/adminunit/${r.body.result}`, { parentId: (await byName('г. Бишкек')).id });
    expect(moved.body.errors[0].field).toBe('parentId');
  });

  it('stops at five levels', async () => {
    const section = await byName('Врачебный участок № 1 (Кант)');
    const r = await admin.post('/api/tbl/adminunit', { name: 'Шестой уровень', parentId: section.id, countryStructure: (await csByName('Участок')).id });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('parentId');
  });

  it('validates name, country structure and customId', async () => {
    const cs = (await csByName('Страна')).id;
    const cases: [object, string][] = [
      [{ countryStructure: cs }, 'name'],
      [{ name: '', countryStructure: cs }, 'name'],
      [{ name: 'x'.repeat(201), countryStructure: cs }, 'name'],
      [{ name: 'Без уровня' }, 'countryStructure'],
      [{ name: 'Длинный код', countryStructure: cs, customId: 'x'.repeat(51) }, 'customId'],
    ];
    const before = (await admin.post('/api/tbl/adminunit/query', {})).body.count;
    for (const [doc, field] of cases) {
      const r = await admin.post('/api/tbl/adminunit', doc);
      expect(r.status, JSON.stringify(doc)).toBe(400);
      expect(r.body.errors.map((e: any) => e.field)).toContain(field);
    }
    expect((await admin.post('/api/tbl/adminunit/query', {})).body.count).toBe(before);
  });

  it('offers the country structure of one level as options', async () => {
    const r = await admin.post('/api/opts/countrystructure', { level: 2 });
    expect(r.body.map((o: any) => o.label).sort()).toEqual(['Город республиканского значения', 'Область']);
  });
});

describe('deleting', () => {
  it('refuses a unit with children, naming how many', async () => {
    const r = await admin.delete(`/api/tbl/adminunit/${(await byName('Чуйская область')).id}`);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].msg).toMatch(/подчинённые единицы \(3\)/);
  });

  it('refuses a unit that units belong to, naming them', async () => {
    const r = await admin.delete(`/api/tbl/adminunit/${(await byName('Ленинский район')).id}`);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].msg).toMatch(/Бишкекский городской противотуберкулёзный диспансер/);
  });

  it('deletes a free leaf', async () => {
    const leaf = await byName('Врачебный участок № 2 (Лебединовка)');
    expect((await admin.delete(`/api/tbl/adminunit/${leaf.id}`)).status).toBe(200);
    expect((await admin.get(`/api/tbl/adminunit/${leaf.id}`)).status).toBe(404);
    expect((await byName('с. Лебединовка')).hasChildren).toBe(true);
  });

  it('keeps a country-structure level that units use, saying which', async () => {
    const village = await csByName('Село');
    const del = await admin.delete(`/api/tbl/countrystructure/${village.id}`);
    expect(del.status).toBe(400);
    expect(del.body.errors[0].msg).toMatch(/с\. Араван/);
    const move = await admin.post(`/api/tbl/countrystructure/${village.id}`, { level: 3 });
    expect(move.body.errors[0].field).toBe('level');
  });
});

describe('permissions', () => {
  it('lets ADMINUNITS read the tree but needs ADMINUNITS_EDT to change it', async () => {
    const reader = await createUser(server, admin, 'AUREADER', [{ permission: 'ADMINUNITS', canChange: false }]);
    const root = (await reader.post('/api/tbl/adminunit/query', { rootUnits: true, fetchCountryStructure: true })).body;
    expect(root.list).toHaveLength(1);
    const cs = root.csList[0].id;
    expect((await reader.post('/api/tbl/adminunit', { name: 'Нельзя', countryStructure: cs })).status).toBe(403);
    expect((await reader.post(`/api/tbl/adminunit/${root.list[0].id}`, { name: 'Нельзя' })).status).toBe(403);
    expect((await reader.delete(`/api/tbl/adminunit/${root.list[0].id}`)).status).toBe(403);
    expect((await reader.post('/api/tbl/countrystructure', { name: 'Нельзя', level: 5 })).status).toBe(403);
    // every user reads the areas (area pages, lookups); only ADMINUNITS_EDT changes them
    const doctor = await server.login('DOCTOR1', 'Doctor123');
    expect((await doctor.post('/api/tbl/adminunit/query', { rootUnits: true })).status).toBe(200);
    expect((await doctor.post(`/api/tbl/adminunit/${root.list[0].id}`, { name: 'Нельзя' })).status).toBe(403);
  });
});
