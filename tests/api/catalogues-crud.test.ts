// Every catalogue through the generic table API on real PostgreSQL: create, read,
// update, query, delete; each required, maximum and pattern rule refused with a field error
// (4xx, nothing written); and the `_EDT` permission for writing. Admin units, age ranges, tags and
// users have files of their own for what is particular to them.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

const refs: Record<string, string> = {};
const x = (n: number) => 'x'.repeat(n);
const rows = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(kysely(server.ctx.orm.em.fork()))).rows[0].n);
const first = async (table: string, filter: object = {}) => (await admin.post(`/api/tbl/${table}/query`, filter)).body.list[0].id as string;

useTestServer();
beforeAll(async () => {
  refs.country = await first('countrystructure', { level: 1 });
  refs.adminUnit = await first('adminunit', { name: 'Ленинский район' });
  refs.substance = await first('substance', { shortName: 'H' });
  refs.medicine = await first('product', { shortName: 'H 300' });
  refs.source = await first('source');
  refs.centralUnit = await first('unit', { customId: 'NCF' });
});

interface Catalogue {
  table: string;
  permission: string;
  doc: () => Record<string, unknown>;
  /** What the stored document shows beyond the input (defaults). */
  defaults?: Record<string, unknown>;
  change: Record<string, unknown>;
  invalid: [string, (doc: Record<string, any>) => void, string][];
}

const catalogues: Catalogue[] = [
  {
    table: 'countrystructure', permission: 'ADMINUNITS',
    doc: () => ({ name: 'Микрорайон', level: 5 }),
    change: { name: 'Микрорайон города' },
    invalid: [
      ['name required', (d) => delete d.name, 'name'],
      ['name not empty', (d) => (d.name = ''), 'name'],
      ['name max 100', (d) => (d.name = x(101)), 'name'],
      ['level required', (d) => delete d.level, 'level'],
      ['level at least 1', (d) => (d.level = 0), 'level'],
      ['level at most 5', (d) => (d.level = 6), 'level'],
      ['level an integer', (d) => (d.level = 'два'), 'level'],
    ],
  },
  {
    table: 'adminunit', permission: 'ADMINUNITS',
    doc: () => ({ name: 'Соседняя страна', countryStructure: refs.country, customId: 'XX' }),
    defaults: { level: 1, unitsCount: 0 },
    change: { name: 'Другая страна', customId: 'YY' },
    invalid: [
      ['name required', (d) => delete d.name, 'name'],
      ['name max 200', (d) => (d.name = x(201)), 'name'],
      ['countryStructure required', (d) => delete d.countryStructure, 'countryStructure'],
      ['countryStructure exists', (d) => (d.countryStructure = '00000000-0000-4000-8000-000000000000'), 'countryStructure'],
      ['customId max 50', (d) => (d.customId = x(51)), 'customId'],
    ],
  },
  {
    table: 'source', permission: 'SOURCES',
    doc: () => ({ shortName: 'UNICEF', name: 'Детский фонд ООН', customId: 'UN' }),
    defaults: { active: true },
    change: { name: 'ЮНИСЕФ', active: false },
    invalid: [
      ['shortName required', (d) => delete d.shortName, 'shortName'],
      ['shortName max 20', (d) => (d.shortName = x(21)), 'shortName'],
      ['name required', (d) => delete d.name, 'name'],
      ['name max 200', (d) => (d.name = x(201)), 'name'],
      ['customId max 20', (d) => (d.customId = x(21)), 'customId'],
      ['active is yes/no', (d) => (d.active = 'да'), 'active'],
      ['active not null', (d) => (d.active = null), 'active'],
    ],
  },
  {
    table: 'unit', permission: 'UNITS',
    doc: () => ({ type: 'TBUNIT', name: 'Тестовый диспансер', address: { address: 'ул. Тестовая, 1', adminUnitId: refs.adminUnit, zipCode: '720000' }, tbFacility: true, supplierId: refs.centralUnit }),
    defaults: { active: true, numDaysOrder: 120, receiveFromManufacturer: false },
    change: { name: 'Тестовый диспансер № 2', numDaysOrder: 90 },
    invalid: [
      ['name required', (d) => delete d.name, 'name'],
      ['name max 200', (d) => (d.name = x(201)), 'name'],
      ['active not null', (d) => (d.active = null), 'active'],
      ['address required', (d) => delete d.address, 'address'],
      ['address admin unit required', (d) => delete d.address.adminUnitId, 'address.adminUnitId'],
      ['address admin unit exists', (d) => (d.address.adminUnitId = '00000000-0000-4000-8000-000000000000'), 'address.adminUnitId'],
      ['address max 200', (d) => (d.address.address = x(201)), 'address.address'],
      ['type TBUNIT or LAB', (d) => (d.type = 'HOSPITAL'), 'type'],
      ['customId max 50', (d) => (d.customId = x(51)), 'customId'],
      ['numDaysOrder a number', (d) => (d.numDaysOrder = 'сто'), 'numDaysOrder'],
      ['the supplier is a unit, not a drug source', (d) => (d.supplierId = refs.source), 'supplierId'],
    ],
  },
  {
    table: 'substance', permission: 'SUBSTANCES',
    doc: () => ({ shortName: 'Tst', name: 'Тестостатин', line: 'SECOND_LINE', displayOrder: 999 }),
    defaults: { active: true, dstResultForm: false },
    change: { name: 'Тестостатин форте', line: 'OTHER' },
    invalid: [
      ['shortName required', (d) => delete d.shortName, 'shortName'],
      ['shortName max 20', (d) => (d.shortName = x(21)), 'shortName'],
      ['name required', (d) => delete d.name, 'name'],
      ['name max 200', (d) => (d.name = x(201)), 'name'],
      ['line required', (d) => delete d.line, 'line'],
      ['line from the list', (d) => (d.line = 'THIRD_LINE'), 'line'],
      ['active not null', (d) => (d.active = null), 'active'],
    ],
  },
  {
    table: 'product', permission: 'PRODUCTS',
    doc: () => ({ type: 'MEDICINE', shortName: 'H 100', name: 'Изониазид, таблетки 100 мг', category: 'ORAL', line: 'FIRST_LINE', substances: [refs.substance] }),
    defaults: { active: true },
    change: { name: 'Изониазид, таблетки 100 мг (новая упаковка)', customId: 'H100' },
    invalid: [
      ['shortName required', (d) => delete d.shortName, 'shortName'],
      ['shortName max 20', (d) => (d.shortName = x(21)), 'shortName'],
      ['name required', (d) => delete d.name, 'name'],
      ['name max 200', (d) => (d.name = x(201)), 'name'],
      ['active not null', (d) => (d.active = null), 'active'],
      ['a medicine needs a category', (d) => delete d.category, 'category'],
      ['a medicine needs a line', (d) => delete d.line, 'line'],
      ['customId max 50', (d) => (d.customId = x(51)), 'customId'],
      ['substances exist', (d) => (d.substances = ['00000000-0000-4000-8000-000000000000']), 'substances.0'],
    ],
  },
  {
    table: 'regimen', permission: 'REGIMENS',
    doc: () => ({ name: '2HR/4H', classification: 'TB', medicines: [{ medicineId: refs.medicine, defaultDoseUnit: 2, defaultFrequency: 7, iniDay: 0, days: 60 }] }),
    defaults: { active: true },
    change: { name: '2HR/4H (изменённая)', classification: 'DRTB' },
    invalid: [
      ['name required', (d) => delete d.name, 'name'],
      ['name max 200', (d) => (d.name = x(201)), 'name'],
      ['classification required', (d) => delete d.classification, 'classification'],
      ['active not null', (d) => (d.active = null), 'active'],
      ['customId max 50', (d) => (d.customId = x(51)), 'customId'],
      ['at least one medicine', (d) => (d.medicines = []), 'medicines'],
      ['medicines required', (d) => delete d.medicines, 'medicines'],
      ['row medicine required', (d) => delete d.medicines[0].medicineId, 'medicines.0.medicineId'],
      ['dose unit at most 10', (d) => (d.medicines[0].defaultDoseUnit = 11), 'medicines.0.defaultDoseUnit'],
      ['dose unit at least 1', (d) => (d.medicines[0].defaultDoseUnit = 0), 'medicines.0.defaultDoseUnit'],
      ['frequency 1 to 7', (d) => (d.medicines[0].defaultFrequency = 8), 'medicines.0.defaultFrequency'],
      ['days required', (d) => delete d.medicines[0].days, 'medicines.0.days'],
    ],
  },
  {
    table: 'tag', permission: 'TAGS',
    doc: () => ({ name: 'Тестовая отметка', sqlCondition: 'tbcase.validated = false' }),
    defaults: { active: true, autoGenerated: true, consistencyCheck: false },
    change: { name: 'Необоснованные случаи', consistencyCheck: true },
    invalid: [
      ['name required', (d) => delete d.name, 'name'],
      ['name max 200', (d) => (d.name = x(201)), 'name'],
      ['active not null', (d) => (d.active = null), 'active'],
      ['autoGenerated not null', (d) => (d.autoGenerated = null), 'autoGenerated'],
      ['consistencyCheck not null', (d) => (d.consistencyCheck = null), 'consistencyCheck'],
      ['sqlCondition required when auto', (d) => ((d.autoGenerated = true), delete d.sqlCondition), 'sqlCondition'],
    ],
  },
  {
    table: 'userprofile', permission: 'PROFILES',
    doc: () => ({ name: 'Оператор склада', permissions: [{ permission: 'INVENTORY' }, { permission: 'SOURCES', canChange: true }] }),
    change: { name: 'Старший оператор склада', permissions: [{ permission: 'INVENTORY' }] },
    invalid: [
      ['name required', (d) => delete d.name, 'name'],
      ['name max 200', (d) => (d.name = x(201)), 'name'],
      ['permission required in a row', (d) => delete d.permissions[0].permission, 'permissions.0.permission'],
      ['permission max 50', (d) => (d.permissions[0].permission = x(51)), 'permissions.0.permission'],
      ['permission from the tree', (d) => (d.permissions[0].permission = 'NO_SUCH'), 'permissions.0.permission'],
      ['permission once', (d) => (d.permissions[1].permission = 'INVENTORY'), 'permissions.1.permission'],
      ['can modify only where the tree allows it', (d) => (d.permissions[0].canChange = true), 'permissions.0.canChange'],
    ],
  },
  {
    table: 'workspace', permission: 'WORKSPACES',
    doc: () => ({ name: 'Учебное пространство' }),
    defaults: { sendSystemMessages: false, monthsToAlertExpiredMedicines: 3, minStockOnHand: 3, maxStockOnHand: 6, caseValidationDRTB: 'REQUIRED_BEFORE_TREATMENT_START' },
    change: { name: 'Учебное пространство 2', maxStockOnHand: 12 },
    invalid: [
      ['name required', (d) => delete d.name, 'name'],
      ['name at least 2 characters', (d) => (d.name = 'У'), 'name'],
      ['name max 50', (d) => (d.name = x(51)), 'name'],
      ['sendSystemMessages not null', (d) => (d.sendSystemMessages = null), 'sendSystemMessages'],
      ['patientNameComposition from the list', (d) => (d.patientNameComposition = 'NICKNAME'), 'patientNameComposition'],
      ['suspectCaseNumber from the list', (d) => (d.suspectCaseNumber = 'RANDOM'), 'suspectCaseNumber'],
      ['caseValidationTB from the list', (d) => (d.caseValidationTB = 'SOMETIMES'), 'caseValidationTB'],
      ['months to alert 1 to 12', (d) => (d.monthsToAlertExpiredMedicines = 13), 'monthsToAlertExpiredMedicines'],
      ['min stock at least 1', (d) => (d.minStockOnHand = 0), 'minStockOnHand'],
      ['max stock at most 12', (d) => (d.maxStockOnHand = 13), 'maxStockOnHand'],
    ],
  },
];

describe.each(catalogues)('$table', (cat) => {
  it('creates, reads, updates, queries and deletes, with a history entry for each change', async () => {
    const history = await rows('cmdhistory');
    const created = await admin.post(`/api/tbl/${cat.table}`, cat.doc());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.result;
    const doc = cat.doc();
    const stored = (await admin.get(`/api/tbl/${cat.table}/form/${id}`)).body;
    expect(stored).toMatchObject({ id, ...doc, ...cat.defaults });

    const updated = await admin.post(`/api/tbl/${cat.table}/${id}`, cat.change);
    expect(updated.body).toEqual({ success: true, result: id });
    expect((await admin.get(`/api/tbl/${cat.table}/${id}`)).body).toMatchObject(cat.change);
    const found = await admin.post(`/api/tbl/${cat.table}/query`, { id });
    expect(found.body).toMatchObject({ count: 1, list: [expect.objectContaining({ id })] });

    const removed = await admin.delete(`/api/tbl/${cat.table}/${id}`);
    expect(removed.body).toEqual({ success: true });
    expect((await admin.get(`/api/tbl/${cat.table}/${id}`)).status).toBe(404);
    const entries = await kysely(server.ctx.orm.em.fork()).selectFrom('cmdhistory').select('action').where('entity_id', '=', id).orderBy('exec_date').execute();
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(await rows('cmdhistory')).toBeGreaterThanOrEqual(history + 3);
  });

  it.each(cat.invalid)('refuses %s with a field error and writes nothing', async (_rule, spoil, field) => {
    const before = await rows(cat.table);
    const history = await rows('cmdhistory');
    const doc = cat.doc();
    spoil(doc);
    const r = await admin.post(`/api/tbl/${cat.table}`, doc);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.body.errors.map((e: any) => e.field)).toContain(field);
    expect(r.body.errors.every((e: any) => typeof e.msg === 'string' && e.msg.length > 0)).toBe(true);
    expect(await rows(cat.table)).toBe(before);
    expect(await rows('cmdhistory')).toBe(history);
  });

  it('refuses an invalid update and keeps the row as it was', async () => {
    const id = (await admin.post(`/api/tbl/${cat.table}`, cat.doc())).body.result;
    const [, spoil, field] = cat.invalid.find(([rule]) => /max/.test(rule))!;
    const patch = cat.doc();
    spoil(patch);
    const r = await admin.post(`/api/tbl/${cat.table}/${id}`, patch);
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: any) => e.field)).toContain(field);
    expect((await admin.get(`/api/tbl/${cat.table}/form/${id}`)).body).toMatchObject(cat.doc());
    await admin.delete(`/api/tbl/${cat.table}/${id}`);
  });
});

describe('write permission (_EDT)', () => {
  it('lets a read-only profile list every catalogue but not create, change or delete', async () => {
    const perms = [...new Set(catalogues.map((c) => c.permission))].map((permission) => ({ permission, canChange: false }));
    const reader = await createUser(server, admin, 'CATREADER', perms);
    for (const cat of catalogues) {
      const list = await reader.post(`/api/tbl/${cat.table}/query`, {});
      expect(list.status, cat.table).toBe(200);
      const id = list.body.list[0].id;
      expect((await reader.post(`/api/tbl/${cat.table}`, cat.doc())).status, cat.table).toBe(403);
      expect((await reader.post(`/api/tbl/${cat.table}/${id}`, cat.change)).status, cat.table).toBe(403);
      expect((await reader.delete(`/api/tbl/${cat.table}/${id}`)).status, cat.table).toBe(403);
      expect((await reader.post(`/api/tbl/${cat.table}/form`, { id })).body.resources.readOnly, cat.table).toBe(true);
    }
  });

  it('lets a profile with "can modify" write', async () => {
    const writer = await createUser(server, admin, 'SRCWRITER', [{ permission: 'SOURCES', canChange: true }]);
    const r = await writer.post('/api/tbl/source', { shortName: 'RW', name: 'Источник писателя' });
    expect(r.status).toBe(200);
    expect((await writer.delete(`/api/tbl/source/${r.body.result}`)).status).toBe(200);
  });

  it('keeps the doctor (a clinical profile) out of the catalogues, but lets every user read units, areas and the workspace', async () => {
    const doctor = await server.login('DOCTOR1', 'Doctor123');
    const readByAll = ['unit', 'adminunit', 'countrystructure', 'workspace'];
    for (const cat of catalogues) {
      expect((await doctor.post(`/api/tbl/${cat.table}/query`, {})).status, cat.table).toBe(readByAll.includes(cat.table) ? 200 : 403);
      expect((await doctor.post(`/api/tbl/${cat.table}`, cat.doc())).status, cat.table).toBe(403);
    }
    const form = await doctor.post('/api/tbl/unit/form', {});
    expect(form.body.resources.readOnly).toBe(true);
  });
});

describe('workspace', () => {
  it('refuses to delete the workspace the administrator is in', async () => {
    const ws = (await admin.post('/api/sys/session')).body.workspaceId;
    const r = await admin.delete(`/api/tbl/workspace/${ws}`);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('id');
  });
});
