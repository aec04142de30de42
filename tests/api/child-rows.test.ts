// Child rows (a regimen's medicines, a profile's permissions) keep their ids across saves: an
// update changes the rows it names by id, inserts the new ones, deletes the missing ones and keeps
// the order; the command history names a changed row instead of a removal and an addition.
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../engine/i18n.ts';
import { kysely } from '../../server/db/kysely.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

let meds: { value: string; label: string }[];

const db = () => kysely(server.ctx.orm.em.fork());
const storedRows = (regimenId: string) =>
  db().selectFrom('regimen_medicines').select(['id', 'idx', 'days', 'default_dose_unit']).where('parent_id', '=', regimenId).orderBy('idx').execute();
const history = (id: string) => db().selectFrom('cmdhistory').select(['action', 'detail']).where('entity_id', '=', id).orderBy('exec_date').execute();
const row = (i: number, days: number, dose = 1) => ({ medicineId: meds[i].value, defaultDoseUnit: dose, defaultFrequency: 7, iniDay: 0, days });
const read = async (id: string) => (await admin.get(`/api/tbl/regimen/${id}`)).body;
const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

useTestServer();
beforeAll(async () => {
  meds = (await admin.post('/api/opts/product', { for: 'regimen.medicines.medicineId' })).body;
  expect(meds.length).toBeGreaterThanOrEqual(3);
}, 180_000);

async function newRegimen(name: string) {
  const r = await admin.post('/api/tbl/regimen', { name, classification: 'TB', medicines: [row(0, 30), row(1, 60), row(2, 90)] });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as string;
}

describe("a regimen's medicines", () => {
  it('are read with their ids, in their order', async () => {
    const id = await newRegimen('Строки: чтение');
    const doc = await read(id);
    expect(doc.medicines.map((m: any) => m.days)).toEqual([30, 60, 90]);
    for (const m of doc.medicines) expect(m.id).toMatch(uuidRe);
    expect(doc.medicines.map((m: any) => m.id)).toEqual((await storedRows(id)).map((r) => r.id));
  });

  it("keep every id when one row's dose changes; the history names that row", async () => {
    const id = await newRegimen('Строки: доза');
    const before = await read(id);
    const medicines = structuredClone(before.medicines);
    medicines[1].defaultDoseUnit = 3;
    const r = await admin.post(`/api/tbl/regimen/${id}`, { medicines });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = await storedRows(id);
    expect(rows.map((x) => x.id)).toEqual(before.medicines.map((m: any) => m.id));
    expect(rows.map((x) => x.default_dose_unit)).toEqual([1, 3, 1]);

    const update = (await history(id)).find((h) => h.action === 'update')!.detail as any;
    expect(update.items).toBeUndefined(); // no '-row' and '+row'
    const dose = t('ru', 'regimen.defaultDoseUnit');
    expect(update.diffs).toEqual([{ title: `${t('ru', 'regimen.medicines')} (${meds[1].label}): ${dose}`, prevValue: 1, newValue: 3 }]);
  });

  it('delete a removed row, give an added row an id (new or the client’s) and keep the order', async () => {
    const id = await newRegimen('Строки: состав');
    const before = (await read(id)).medicines;
    const mine = crypto.randomUUID();
    const medicines = [{ ...row(2, 15), id: mine }, before[0], row(1, 45), before[2]]; // before[1] removed
    const r = await admin.post(`/api/tbl/regimen/${id}`, { medicines });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = await storedRows(id);
    expect(rows.map((x) => x.days)).toEqual([15, 30, 45, 90]);
    expect(rows.map((x) => x.idx)).toEqual([0, 1, 2, 3]);
    expect(rows[0].id).toBe(mine);
    expect(rows[1].id).toBe(before[0].id);
    expect(rows[2].id).toMatch(uuidRe);
    expect([mine, ...before.map((m: any) => m.id)]).not.toContain(rows[2].id);
    expect(rows[3].id).toBe(before[2].id);
    expect(await db().selectFrom('regimen_medicines').select('id').where('id', '=', before[1].id).execute()).toEqual([]);

    const detail = (await history(id)).find((h) => h.action === 'update')!.detail as any;
    const title = t('ru', 'regimen.medicines');
    expect(detail.items.filter((i: any) => i.title === `+${title}`)).toHaveLength(2);
    expect(detail.items.filter((i: any) => i.title === `-${title}`)).toHaveLength(1);
    expect(detail.items.find((i: any) => i.title === `-${title}`).value).toContain(meds[1].label);
  });

  it('keep their ids when moved, and the new order is stored and named in the history', async () => {
    const id = await newRegimen('Строки: порядок');
    const before = (await read(id)).medicines;
    const r = await admin.post(`/api/tbl/regimen/${id}`, { medicines: [before[2], before[0], before[1]] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = await storedRows(id);
    expect(rows.map((x) => x.id)).toEqual([before[2].id, before[0].id, before[1].id]);
    expect(rows.map((x) => x.days)).toEqual([90, 30, 60]);
    const detail = (await history(id)).find((h) => h.action === 'update')!.detail as any;
    expect(detail.diffs).toHaveLength(1);
    expect(detail.diffs[0].title).toBe(t('ru', 'regimen.medicines'));
    expect(detail.diffs[0].newValue.indexOf(meds[2].label)).toBeLessThan(detail.diffs[0].newValue.indexOf(meds[0].label));
  });

  it('sent back without ids (an older client) keep the ids of unchanged rows; a save changing nothing writes nothing', async () => {
    const id = await newRegimen('Строки: без id');
    const before = (await read(id)).medicines;
    const plain = before.map(({ id: _id, ...m }: any) => m);
    expect((await admin.post(`/api/tbl/regimen/${id}`, { medicines: plain })).status).toBe(200);
    expect((await history(id)).map((h) => h.action)).toEqual(['create']);
    plain[0].days = 31;
    expect((await admin.post(`/api/tbl/regimen/${id}`, { medicines: plain })).status).toBe(200);
    const rows = await storedRows(id);
    expect(rows.slice(1).map((x) => x.id)).toEqual([before[1].id, before[2].id]);
    expect(rows[0].id).not.toBe(before[0].id); // a changed row without its id is a new row
    expect(rows.map((x) => x.days)).toEqual([31, 60, 90]);
  });

  it('refuse an id twice in one list, an id that is not a uuid, and another regimen’s row id; nothing changes', async () => {
    const id = await newRegimen('Строки: чужие');
    const other = await newRegimen('Строки: другая');
    const before = (await read(id)).medicines;
    const theirs = (await read(other)).medicines;

    const twice = await admin.post(`/api/tbl/regimen/${id}`, { medicines: [before[0], { ...before[1], id: before[0].id }] });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([{ field: 'medicines.1.id', msg: t('ru', 'msg.duplicate') }]);

    const bad = await admin.post(`/api/tbl/regimen/${id}`, { medicines: [{ ...before[0], id: `urn:uuid:${before[0].id}` }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: any) => e.field)).toEqual(['medicines.0.id']);

    const stolen = await admin.post(`/api/tbl/regimen/${id}`, { medicines: [...before, { ...theirs[0], days: 7 }] });
    expect(stolen.status).toBe(409);
    expect(stolen.body.errors).toEqual([{ field: 'medicines.3.id', msg: t('ru', 'msg.idTaken') }]);

    expect((await storedRows(id)).map((x) => x.id)).toEqual(before.map((m: any) => m.id));
    expect((await storedRows(other)).map((x) => [x.id, x.days])).toEqual(theirs.map((m: any) => [m.id, m.days]));
    expect((await history(id)).map((h) => h.action)).toEqual(['create']);
  });

  it('are served in the form with a hidden id the form keeps', async () => {
    const id = await newRegimen('Строки: форма');
    const r = await admin.post('/api/tbl/regimen/form', { id });
    expect(r.status).toBe(200);
    expect(r.body.schema.properties.medicines.items.properties.id).toMatchObject({ type: 'string', format: 'uuid' });
    expect(r.body.resources.uiSchema.medicines.items.id).toEqual({ 'ui:widget': 'hidden' });
    expect(r.body.doc.medicines.every((m: any) => uuidRe.test(m.id))).toBe(true);
  });
});

describe("a profile's permissions and a user's profiles", () => {
  it('keep the ids of kept permissions when one is ticked off, sent without ids as the permission tree does', async () => {
    const created = await admin.post('/api/tbl/userprofile', { name: 'Строки: права', permissions: [{ permission: 'SOURCES', canChange: true }, { permission: 'UNITS' }, { permission: 'REGIMENS' }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const pid = created.body.result;
    const before = (await admin.get(`/api/tbl/userprofile/${pid}`)).body.permissions;
    const kept = [before[0], before[2]].map(({ id: _id, ...p }: any) => p);
    expect((await admin.post(`/api/tbl/userprofile/${pid}`, { permissions: kept })).status).toBe(200);
    const after = (await admin.get(`/api/tbl/userprofile/${pid}`)).body.permissions;
    expect(after.map((p: any) => [p.id, p.permission])).toEqual([[before[0].id, 'SOURCES'], [before[2].id, 'REGIMENS']]);
  });

  it('stay plain values (a user’s profiles): their rows are matched by value', async () => {
    const profiles = (await admin.post('/api/tbl/userprofile/query', {})).body.list.map((p: any) => p.id);
    const user = await admin.post('/api/tbl/userws', { login: 'ROWSUSER', name: 'Rows', email: 'rows@example.org', unitId: (await admin.post('/api/tbl/unit/query', { pageSize: 1 })).body.list[0].id, profiles: [profiles[0]], view: 'WORKSPACE' });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    const uid = user.body.result;
    const rowsOf = () => db().selectFrom('userws_profiles').select(['id', 'value_id', 'idx']).where('parent_id', '=', uid).orderBy('idx').execute();
    const [first] = await rowsOf();
    expect((await admin.get(`/api/tbl/userws/${uid}`)).body.profiles).toEqual([profiles[0]]);
    expect((await admin.post(`/api/tbl/userws/${uid}`, { profiles: [profiles[1], profiles[0]] })).status).toBe(200);
    const rows = await rowsOf();
    expect(rows.map((r) => r.value_id)).toEqual([profiles[1], profiles[0]]);
    expect(rows[1].id).toBe(first.id);
  });
});
