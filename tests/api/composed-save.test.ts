// A composed form (the new notification: patient + case) loads by id and saves all its parts in one
// transaction through the generic writer: both parts or neither, each with its history entry and
// its table's write permission; the case's patient is the one saved with it.
import { describe, expect, it } from 'vitest';
import { t } from '../../engine/i18n.ts';
import { bundledForm } from '../../server/tbl/forms.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import { startServerWithSchemas } from '../helpers/extra-schemas.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

/** A variant whose fixed case values the case table refuses: only the second part fails, inside the transaction. */
const broken = { $id: 'newnotif_broken', 'x-extends': 'newnotif_tb', 'x-form': { values: { tbcase: { classification: 'NOPE' } } } };


const db = () => kysely(server.ctx.orm.em.fork());
const count = async (table: string) => Number((await kyselyByName(server.ctx.orm.em.fork()).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const counts = async () => ({ patient: await count('patient'), tbcase: await count('tbcase'), history: await count('cmdhistory') });
const historyOf = (id: string) => db().selectFrom('cmdhistory').select(['type', 'action', 'detail']).where('entity_id', '=', id).orderBy('exec_date').execute();

const notification = (name: string, caseNumber?: string) => ({
  patient: { name, lastName: 'Составная', gender: 'FEMALE', birthDate: '1990-04-05' },
  tbcase: { registrationDate: '2026-11-20', diagnosisDate: '2026-11-18', registrationGroup: 'NEW', ...(caseNumber ? { caseNumber } : {}) },
});


useTestServer(() => startServerWithSchemas('composed', [broken]));

describe('the new notification (patient + case)', () => {
  it('saves both parts in one go: the case points at the new patient and takes the form’s fixed values', async () => {
    const before = await counts();
    const r = await admin.post('/api/tbl/newnotif_tb/save', notification('Айгуль', 'КС-1'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { patient, tbcase } = r.body.ids;
    expect(r.body.result).toBe(tbcase);
    const c = await db().selectFrom('tbcase').selectAll().where('id', '=', tbcase).executeTakeFirstOrThrow();
    expect(c.patient_id).toBe(patient);
    expect([c.diagnosis_type, c.classification, c.state, c.case_number]).toEqual(['CONFIRMED', 'TB', 'NOT_ONTREATMENT', 'КС-1']);
    const session = (await admin.post('/api/sys/session')).body;
    expect(session.unitId).toMatch(/^[0-9a-f-]{36}$/);
    expect([c.owner_unit_id, c.notification_unit_id]).toEqual([session.unitId, session.unitId]);
    expect((await db().selectFrom('patient').select('name').where('id', '=', patient).executeTakeFirstOrThrow()).name).toBe('Айгуль');
    expect(await counts()).toEqual({ patient: before.patient + 1, tbcase: before.tbcase + 1, history: before.history + 2 });
    expect((await historyOf(patient)).map((h) => [h.type, h.action])).toEqual([['patient', 'create']]);
    expect((await historyOf(tbcase)).map((h) => [h.type, h.action])).toEqual([['tbcase', 'create']]);
  });

  it('loads back by the case’s id, and saves changes to both parts as updates of the same rows', async () => {
    const saved = (await admin.post('/api/tbl/newnotif_tb/save', notification('Бермет', 'КС-2'))).body;
    const form = await admin.post('/api/tbl/newnotif_tb/form', { id: saved.result });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body.doc).toEqual(notification('Бермет', 'КС-2'));
    expect(form.body.resources.form).toMatchObject({ name: 'newnotif_tb', id: saved.result, ids: saved.ids, versions: { patient: 1, tbcase: 1 } });

    const doc = structuredClone(form.body.doc);
    doc.patient.name = 'Бермет-2';
    doc.tbcase.caseNumber = 'КС-2б';
    const before = await counts();
    const r = await admin.post('/api/tbl/newnotif_tb/save', { ...doc, id: saved.result, versions: form.body.resources.form.versions });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.ids).toEqual(saved.ids);
    const after = await counts();
    expect([after.patient, after.tbcase, after.history]).toEqual([before.patient, before.tbcase, before.history + 2]);
    expect((await admin.post('/api/tbl/newnotif_tb/form', { id: saved.result })).body.doc).toEqual(doc);
    const update = (await historyOf(saved.ids.patient)).at(-1)!;
    expect(update.action).toBe('update');
    expect((update.detail as any).diffs).toEqual([{ title: t('ru', 'patient.name'), prevValue: 'Бермет', newValue: 'Бермет-2' }]);

    // a copy read before that change is stale: 409, and neither part changes
    const stale = await admin.post('/api/tbl/newnotif_tb/save', { ...doc, patient: { ...doc.patient, name: 'Поздно' }, id: saved.result, versions: form.body.resources.form.versions });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].field).toBe('patient.version');
    expect((await admin.post('/api/tbl/newnotif_tb/form', { id: saved.result })).body.doc.patient.name).toBe('Бермет-2');
  });

  it('stores neither part when the second is refused, and writes no history', async () => {
    const before = await counts();
    const r = await admin.post('/api/tbl/newnotif_broken/save', notification('Гульнара'));
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: any) => e.field)).toEqual(['tbcase.classification']);
    expect(await counts()).toEqual(before);
    expect(await db().selectFrom('patient').select('id').where('name', '=', 'Гульнара').execute()).toEqual([]);
  });

  it('refuses by the form’s own rules first, naming the part’s field: only the fields the form shows', async () => {
    const before = await counts();
    const { patient, tbcase } = notification('Динара');
    const missing = await admin.post('/api/tbl/newnotif_tb/save', { patient: { ...patient, name: undefined }, tbcase: { ...tbcase, registrationGroup: undefined } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: any) => e.field).sort()).toEqual(['patient.name', 'tbcase.registrationGroup']);
    const hidden = await admin.post('/api/tbl/newnotif_tb/save', { patient, tbcase: { ...tbcase, ownerUnitId: crypto.randomUUID() } });
    expect(hidden.status).toBe(400);
    expect(hidden.body.errors[0].field).toMatch(/^tbcase/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a user without the parts’ write permission (or without the form’s), storing nothing', async () => {
    const notifier = await createUser(server, admin, 'NOTIFREADER', [{ permission: 'NEWCASE' }]);
    const clerk = await createUser(server, admin, 'NOTIFCLERK', [{ permission: 'SOURCES' }]);
    const saved = (await admin.post('/api/tbl/newnotif_tb/save', notification('Жазгуль'))).body;
    const before = await counts();
    const r = await notifier.post('/api/tbl/newnotif_tb/save', notification('Эльвира'));
    expect(r.status).toBe(403);
    expect(r.body.errors).toEqual([{ field: null, msg: t('ru', 'msg.forbidden') }]);
    expect((await notifier.post('/api/tbl/newnotif_tb/save', { ...notification('Эльвира'), id: saved.result })).status).toBe(403);
    expect((await clerk.post('/api/tbl/newnotif_tb/save', notification('Эльвира'))).status).toBe(403);
    expect((await clerk.post('/api/tbl/newnotif_tb/form', { id: saved.result })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for a document that is not there, and a table is not a form', async () => {
    const r = await admin.post('/api/tbl/newnotif_tb/form', { id: crypto.randomUUID() });
    expect(r.status).toBe(404);
    const s = await admin.post('/api/tbl/newnotif_tb/save', { ...notification('Нет'), id: crypto.randomUUID() });
    expect(s.status).toBe(404);
    expect((await admin.post('/api/tbl/source/save', {})).status).toBe(404);
  });

  it('is bundled once per registry and schema, not on every request', async () => {
    const { registry } = server.ctx;
    const form = registry.schemas.get('newnotif_tb')!;
    expect(bundledForm(registry, form)).toBe(bundledForm(registry, form));
    expect(bundledForm(registry, registry.schemas.get('regimen')!).schema).toBe(bundledForm(registry, registry.schemas.get('regimen')!).schema);
    const served = (await admin.post('/api/tbl/newnotif_tb/form', {})).body.schema;
    expect(served).toEqual(JSON.parse(JSON.stringify(bundledForm(registry, form).schema)));
  });

  it('loads for a reader of the case’s unit only: another unit’s doctor gets 404', async () => {
    const saved = (await admin.post('/api/tbl/newnotif_tb/save', notification('Чолпон'))).body;
    const owner = (await db().selectFrom('tbcase').select('owner_unit_id').where('id', '=', saved.result).executeTakeFirstOrThrow()).owner_unit_id;
    const units = (await admin.post('/api/tbl/unit/query', {})).body.list.map((u: any) => u.id);
    const elsewhere = units.find((u: string) => u !== owner);
    const reader = async (login: string, unitId: string) => createUser(server, admin, login, [{ permission: 'NEWCASE' }, { permission: 'CASEMAN' }], 'Passw0rd', { unitId, view: 'UNIT' });
    expect((await (await reader('NOTIFHERE', owner)).post('/api/tbl/newnotif_tb/form', { id: saved.result })).status).toBe(200);
    const r = await (await reader('NOTIFTHERE', elsewhere)).post('/api/tbl/newnotif_tb/form', { id: saved.result });
    expect(r.status).toBe(404);
    expect(JSON.stringify(r.body)).not.toContain('Чолпон');
  });
});
