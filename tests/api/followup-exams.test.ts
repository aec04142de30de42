// The seven follow-up exam types of a case, each declared by one schema
// file only: their required and conditional fields through the generic table API (the stored row
// checked in the database), their permissions with and without _EDT, the case's row scope, and the
// list `GET /api/cases/case/followups/{caseId}` that leaves out the types a user may not read.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';

/** A conditional field: shown (and maybe required) with `shown`, hidden with `hidden`. */
interface Rule { field: string; value: unknown; shown: Record<string, unknown>; hidden: Record<string, unknown>; required: boolean }
interface ExamType { table: string; type: string; permission: string; valid: Record<string, unknown>; required: string[]; rules: Rule[] }

let lab = '';
let tbunit = '';

/** What the spec asks of each type (written here, not read from the schemas, so a wrong schema fails). */
const types = (): ExamType[] => [
  {
    table: 'medexam', type: 'MEDICAL_EXAMINATION', permission: 'CASE_MED_EXAM',
    valid: { date: '2024-04-10', usingPrescMedicines: true, weight: 61.5, height: 170, appointmentType: 'SCHEDULED', responsible: 'Доктор' },
    required: ['date', 'usingPrescMedicines', 'weight'],
    rules: [{ field: 'reasonNotUsingPrescMedicines', value: 'Побочные эффекты', shown: { usingPrescMedicines: false }, hidden: { usingPrescMedicines: true }, required: true }],
  },
  {
    table: 'exammic', type: 'EXAM_MICROSCOPY', permission: 'EXAM_MICROSCOPY',
    valid: { date: '2024-04-11', laboratoryId: lab, result: 'NEGATIVE', sampleType: 'SPUTUM', visualAppearance: 'MUCOPURULENT', sampleNumber: 'M-1' },
    required: ['date', 'laboratoryId', 'result'],
    rules: [
      { field: 'numberOfAFB', value: 5, shown: { result: 'POSITIVE' }, hidden: { result: 'NEGATIVE' }, required: true },
      { field: 'otherSampleType', value: 'Моча', shown: { sampleType: 'OTHER' }, hidden: { sampleType: 'SPUTUM' }, required: false },
    ],
  },
  {
    table: 'examcul', type: 'EXAM_CULTURE', permission: 'EXAM_CULTURE',
    valid: { date: '2024-04-12', result: 'NEGATIVE', method: 'MGIT960', laboratoryId: lab },
    required: ['date', 'result'],
    rules: [{ field: 'numberOfColonies', value: 3, shown: { result: 'POSITIVE' }, hidden: { result: 'CONTAMINATED' }, required: true }],
  },
  {
    table: 'examxpert', type: 'EXAM_XPERT', permission: 'EXAM_XPERT',
    valid: { date: '2024-04-13', laboratoryId: lab, result: 'TB_DETECTED_RIF_NOT_DETECTED' },
    required: ['date', 'laboratoryId', 'result'],
    rules: [],
  },
  {
    table: 'examdst', type: 'EXAM_DST', permission: 'EXAM_DST',
    valid: { date: '2024-04-14', laboratoryId: lab, method: 'PROPORTIONS', resultH: 'RESISTANT', resultR: 'SUSCEPTIBLE' },
    required: ['date', 'laboratoryId'],
    rules: [],
  },
  {
    table: 'examhiv', type: 'EXAM_HIV', permission: 'EXAM_HIV',
    valid: { date: '2024-04-15', result: 'NEGATIVE', laboratory: 'Центр СПИД' },
    required: ['date', 'result'],
    rules: [
      { field: 'startedARTdate', value: '2024-04-20', shown: { result: 'POSITIVE' }, hidden: { result: 'NEGATIVE' }, required: false },
      { field: 'startedCPTdate', value: '2024-04-21', shown: { result: 'POSITIVE' }, hidden: { result: 'ONGOING' }, required: false },
    ],
  },
  {
    table: 'examxray', type: 'EXAM_XRAY', permission: 'EXAM_XRAY',
    valid: { date: '2024-04-16', presentation: 'CAVITARY', evolution: 'IMPROVED' },
    required: ['date', 'presentation'],
    rules: [],
  },
];

const dstDrugs = ['H', 'R', 'E', 'Z', 'S', 'Am', 'Cfz', 'Cm', 'Cs', 'Eto', 'Lfx', 'Ofx'];
const allPerms = ['CASE_MED_EXAM', 'EXAM_MICROSCOPY', 'EXAM_CULTURE', 'EXAM_XPERT', 'EXAM_DST', 'EXAM_HIV', 'EXAM_XRAY'];

let reader: ApiClient;
let writer: ApiClient;
let noHiv: ApiClient;
let unitDoctor: ApiClient;
let own: any; // a case of the unit doctor's unit (Bishkek)
let other: any; // a case of another unit (Osh), treatment started 2024-02-06

/** The stored row, straight from the database: the value of each field's column, by field key. */
async function storedRow(table: string, id: string): Promise<Record<string, unknown>> {
  const def = server.ctx.registry.table(table);
  const row = await kyselyByName(server.ctx.orm.em.fork()).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return Object.fromEntries(def.fields.map((f) => [f.key, row[f.column]]));
}

const fieldsOf = (r: { body: any }) => (r.body.errors ?? []).map((e: any) => e.field);

useTestServer();
beforeAll(async () => {
  const units = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list;
  lab = units.find((u: any) => u.type === 'LAB').id;
  tbunit = units.find((u: any) => u.type === 'TBUNIT').id;
  const cases = (await admin.post('/api/tbl/tbcase/query', {})).body.list;
  own = (await admin.get(`/api/tbl/tbcase/${cases.find((c: any) => c.caseNumber === 'ТБ-2024-0003').id}`)).body;
  other = (await admin.get(`/api/tbl/tbcase/${cases.find((c: any) => c.caseNumber === 'ТБ-2024-0001').id}`)).body;
  const grant = (perms: string[], canChange: boolean) => [{ permission: 'CASEMAN' }, ...perms.map((permission) => ({ permission, canChange }))];
  // whole-workspace view, placed in the unit of the case they write to (writing elsewhere needs playOtherUnits)
  const place = { unitId: other.ownerUnitId, view: 'WORKSPACE' as const };
  reader = await createUser(server, admin, 'EXREADER', grant(allPerms, false), 'Passw0rd', place);
  writer = await createUser(server, admin, 'EXWRITER', grant(allPerms, true), 'Passw0rd', place);
  noHiv = await createUser(server, admin, 'EXNOHIV', grant(allPerms.filter((p) => p !== 'EXAM_HIV'), true), 'Passw0rd', place);
  unitDoctor = await createUser(server, admin, 'EXUNITDOC', grant(allPerms, true), 'Passw0rd', { unitId: own.ownerUnitId, view: 'UNIT' });
}, 180_000);

describe.each(types().map((x) => [x.table, x] as const))('%s', (table) => {
  const spec = () => types().find((x) => x.table === table)!;
  const create = (client: ApiClient, doc: Record<string, unknown>) => client.post(`/api/tbl/${table}`, { caseId: other.id, ...doc });

  it('stores a valid exam of the case', async () => {
    const r = await create(writer, spec().valid);
    expect(r.status).toBe(200);
    const row = await storedRow(table, r.body.result);
    expect(row.caseId).toBe(other.id);
    for (const [k, v] of Object.entries(spec().valid)) expect(row[k], k).toEqual(typeof v === 'string' && k.toLowerCase().includes('date') ? expect.anything() : v);
    expect((await writer.get(`/api/tbl/${table}/${r.body.result}`)).body.date).toBe(spec().valid.date);
  });

  it('requires each field the spec requires: 400 naming it', async () => {
    for (const field of [...spec().required, 'caseId']) {
      const doc: Record<string, unknown> = { caseId: other.id, ...spec().valid };
      delete doc[field];
      const r = await writer.post(`/api/tbl/${table}`, doc);
      expect(r.status, field).toBe(400);
      expect(fieldsOf(r), field).toContain(field);
      expect(r.body.success).toBe(false);
    }
  });

  it('drops each conditional field while hidden, and keeps (or requires) it while shown', async () => {
    for (const rule of spec().rules) {
      const hidden = await create(writer, { ...spec().valid, ...rule.hidden, [rule.field]: rule.value });
      expect(hidden.status, rule.field).toBe(200);
      expect((await storedRow(table, hidden.body.result))[rule.field], `${rule.field} hidden`).toBeNull();

      const shown = await create(writer, { ...spec().valid, ...rule.shown, [rule.field]: rule.value });
      expect(shown.status, rule.field).toBe(200);
      const row = await storedRow(table, shown.body.result);
      if (typeof rule.value === 'string' && rule.field.toLowerCase().includes('date')) expect(row[rule.field]).not.toBeNull();
      else expect(row[rule.field]).toEqual(rule.value);
      expect((await writer.get(`/api/tbl/${table}/view/${shown.body.result}`)).status).toBe(200);

      const without = await create(writer, { ...spec().valid, ...rule.shown });
      if (rule.required) {
        expect(without.status, `${rule.field} required when shown`).toBe(400);
        expect(fieldsOf(without)).toContain(rule.field);
      } else {
        expect(without.status, `${rule.field} optional when shown`).toBe(200);
      }
    }
  });

  it('is read with its permission, changed only with <permission>_EDT (403 without)', async () => {
    const id = (await create(writer, spec().valid)).body.result;
    const denied = await create(reader, spec().valid);
    expect(denied.status).toBe(403);
    expect(denied.body.success).toBe(false);
    expect((await reader.post(`/api/tbl/${table}/${id}`, { comments: 'правка' })).status).toBe(403);
    expect((await reader.delete(`/api/tbl/${table}/${id}`)).status).toBe(403);
    expect((await reader.get(`/api/tbl/${table}/${id}`)).status).toBe(200);
    expect((await reader.post(`/api/tbl/${table}/query`, { caseId: other.id })).body.list.map((x: any) => x.id)).toContain(id);

    const edit = await writer.post(`/api/tbl/${table}/${id}`, { comments: 'правка' });
    expect(edit.status).toBe(200);
    expect((await storedRow(table, id)).comments).toBe('правка');
    expect((await writer.delete(`/api/tbl/${table}/${id}`)).status).toBe(200);
    expect((await writer.get(`/api/tbl/${table}/${id}`)).status).toBe(404);
  });

  it('is hidden entirely from a user without its permission: not listed, not offered, 403 on every table call', async () => {
    const id = (await create(writer, spec().valid)).body.result;
    const login = `EXNO${table.toUpperCase()}`;
    const without = await createUser(server, admin, login, [{ permission: 'CASEMAN' }, ...allPerms.filter((p) => p !== spec().permission).map((permission) => ({ permission, canChange: true }))], 'Passw0rd', { unitId: other.ownerUnitId, view: 'WORKSPACE' });
    const list = await without.get(`/api/cases/case/followups/${other.id}`);
    expect(list.status).toBe(200);
    expect((await writer.get(`/api/cases/case/followups/${other.id}`)).body.map((i: any) => i.data.id)).toContain(id); // listed to a user with it
    expect(list.body.map((i: any) => i.type)).not.toContain(spec().type);
    expect(JSON.stringify(list.body)).not.toContain(id);
    const offered = (await without.get(`/api/cases/case/followups/${other.id}/types`)).body.map((x: any) => x.type);
    expect(offered).toHaveLength(6);
    expect(offered).not.toContain(spec().type);
    expect((await without.post(`/api/tbl/${table}/query`, { caseId: other.id })).status).toBe(403);
    expect((await without.get(`/api/tbl/${table}/${id}`)).status).toBe(403);
    expect((await without.post(`/api/tbl/${table}/form`, {})).status).toBe(403);
    expect((await without.post(`/api/tbl/${table}`, { caseId: other.id, ...spec().valid })).status).toBe(403);
    expect((await without.delete(`/api/tbl/${table}/${id}`)).status).toBe(403);
    expect((await storedRow(table, id)).caseId).toBe(other.id);
  });
});

describe('lists of values', () => {
  const lists: [string, string, string[], Record<string, unknown>][] = [
    ['examcul', 'method', ['LJ', 'MGIT960', 'MGIT320', 'LPA', 'OK', 'OTHER'], { date: '2024-04-12', result: 'NEGATIVE' }],
    ['examdst', 'method', ['PROPORTIONS', 'MGIT960', 'MGIT320', 'LPA', 'OTHER'], { date: '2024-04-14' }],
    ['examxray', 'presentation', ['CAVITARY', 'INFILTRATE', 'NORMAL', 'OTHER', 'PENDING'], { date: '2024-04-16' }],
    ['exammic', 'result', ['NEGATIVE', 'POSITIVE', 'PLUS', 'PLUS2', 'PLUS3', 'NOTDONE'], { date: '2024-04-11' }],
    ['examhiv', 'result', ['POSITIVE', 'NEGATIVE', 'ONGOING', 'NOTDONE'], { date: '2024-04-15' }],
  ];

  it.each(lists)('%s.%s takes each listed value and refuses another, naming the field', async (table, field, values, base) => {
    const needsLab = ['exammic', 'examdst'].includes(table) ? { laboratoryId: lab } : {};
    for (const value of values) {
      const extra = value === 'POSITIVE' && table === 'exammic' ? { numberOfAFB: 2 } : {};
      const r = await writer.post(`/api/tbl/${table}`, { caseId: other.id, ...base, ...needsLab, [field]: value, ...extra });
      expect(r.status, `${field}=${value}`).toBe(200);
      expect((await storedRow(table, r.body.result))[field]).toBe(value);
    }
    const bad = await writer.post(`/api/tbl/${table}`, { caseId: other.id, ...base, ...needsLab, [field]: 'UNLISTED' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual([field]);
  });

  it('the card names values by their labels (the row’s view and the follow-up list’s, without the case and date)', async () => {
    const r = await writer.post('/api/tbl/examxray', { caseId: other.id, date: '2024-04-16', presentation: 'CAVITARY', evolution: 'IMPROVED' });
    const view = (await writer.get(`/api/tbl/examxray/view/${r.body.result}`)).body.items;
    expect(view).toEqual(expect.arrayContaining([{ title: 'Картина', value: 'Полостная' }, { title: 'Динамика', value: 'Улучшение' }]));
    const item = (await writer.get(`/api/cases/case/followups/${other.id}`)).body.find((i: any) => i.data.id === r.body.result);
    expect(item.view).toEqual([{ title: 'Картина', value: 'Полостная' }, { title: 'Динамика', value: 'Улучшение' }]);
  });
});

describe('laboratory, DST results', () => {
  it('offers and accepts only a laboratory where the spec requires one (x-ref-filter type LAB)', async () => {
    for (const table of ['exammic', 'examxpert', 'examdst']) {
      const valid = types().find((x) => x.table === table)!.valid;
      const r = await writer.post(`/api/tbl/${table}`, { caseId: other.id, ...valid, laboratoryId: tbunit });
      expect(r.status, table).toBe(400);
      expect(fieldsOf(r)).toEqual(['laboratoryId']);
    }
    const opts = await writer.post('/api/opts/unit', { for: 'exammic.laboratoryId' });
    expect(opts.status).toBe(200);
    const values = opts.body.map((o: any) => o.value);
    expect(values).toContain(lab);
    expect(values).not.toContain(tbunit);
  });

  it('stores the twelve per-drug results, NOTDONE when not given', async () => {
    const r = await writer.post('/api/tbl/examdst', { caseId: other.id, date: '2024-05-01', laboratoryId: lab, resultR: 'RESISTANT' });
    expect(r.status).toBe(200);
    const row = await storedRow('examdst', r.body.result);
    for (const d of dstDrugs) expect(row[`result${d}`], d).toBe(d === 'R' ? 'RESISTANT' : 'NOTDONE');
  });

  it('requires every per-drug result: an emptied one is refused, naming it', async () => {
    const r = await writer.post('/api/tbl/examdst', { caseId: other.id, date: '2024-05-01', laboratoryId: lab, resultEto: null });
    expect(r.status).toBe(400);
    expect(new Set(fieldsOf(r))).toEqual(new Set(['resultEto']));
    const id = (await writer.post('/api/tbl/examdst', { caseId: other.id, date: '2024-05-01', laboratoryId: lab })).body.result;
    const up = await writer.post(`/api/tbl/examdst/${id}`, { resultLfx: null });
    expect(up.status).toBe(400);
    expect(new Set(fieldsOf(up))).toEqual(new Set(['resultLfx']));
    expect((await storedRow('examdst', id)).resultLfx).toBe('NOTDONE');
  });

  it('refuses a per-drug result outside the list, naming the drug’s field', async () => {
    const r = await writer.post('/api/tbl/examdst', { caseId: other.id, date: '2024-05-01', laboratoryId: lab, resultCfz: 'POSITIVE' });
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['resultCfz']);
  });

  it('refuses a count of AFB or colonies outside 1–9', async () => {
    for (const [table, field, valid] of [['exammic', 'numberOfAFB', types()[1].valid], ['examcul', 'numberOfColonies', types()[2].valid]] as const) {
      for (const n of [0, 10]) {
        const r = await writer.post(`/api/tbl/${table}`, { caseId: other.id, ...valid, result: 'POSITIVE', [field]: n });
        expect(r.status, `${field}=${n}`).toBe(400);
        expect(fieldsOf(r)).toEqual([field]);
      }
    }
  });
});

describe('GET /api/cases/case/followups/{caseId}', () => {
  let caseNo: any; // a case of its own, so the list holds only this block's exams
  const made: Record<string, string> = {};

  beforeAll(async () => {
    const cases = (await admin.post('/api/tbl/tbcase/query', { caseNumber: 'ТБ-2024-0002' })).body.list;
    caseNo = (await admin.get(`/api/tbl/tbcase/${cases[0].id}`)).body; // treatment started 2024-03-20
    const dates: Record<string, string> = { medexam: '2024-03-01', exammic: '2024-03-20', examcul: '2024-04-19', examxpert: '2024-04-20', examdst: '2024-06-25', examhiv: '2024-03-10', examxray: '2025-03-20' };
    for (const x of types()) {
      const r = await admin.post(`/api/tbl/${x.table}`, { ...x.valid, caseId: caseNo.id, date: dates[x.table] });
      expect(r.status, x.table).toBe(200);
      made[x.table] = r.body.result;
    }
  });

  it('lists every exam of the case with its type, name, month of treatment and data, oldest first', async () => {
    expect(caseNo.iniTreatmentDate).toBe('2024-03-20');
    const r = await admin.get(`/api/cases/case/followups/${caseNo.id}`);
    expect(r.status).toBe(200);
    expect(r.body.map((i: any) => [i.type, i.table, i.monthOfTreatment, i.month])).toEqual([
      ['MEDICAL_EXAMINATION', 'medexam', 0, 'Диагностика'],
      ['EXAM_HIV', 'examhiv', 0, 'Диагностика'],
      ['EXAM_MICROSCOPY', 'exammic', 1, 'Месяц 1'],
      ['EXAM_CULTURE', 'examcul', 1, 'Месяц 1'],
      ['EXAM_XPERT', 'examxpert', 2, 'Месяц 2'],
      ['EXAM_DST', 'examdst', 4, 'Месяц 4'],
      ['EXAM_XRAY', 'examxray', 13, 'Месяц 13'],
    ]);
    const mic = r.body.find((i: any) => i.type === 'EXAM_MICROSCOPY');
    expect(mic.name).toBe('Микроскопия');
    expect(mic.data).toMatchObject({ id: made.exammic, caseId: caseNo.id, date: '2024-03-20', result: 'NEGATIVE', laboratoryId: lab });
    expect(mic.data.laboratory).toMatchObject({ id: lab });
    expect(r.body.find((i: any) => i.type === 'EXAM_HIV').name).toBe('Тест на ВИЧ');
  });

  it('marks the newest exam of each type as latest (the case’s latest microscopy, Xpert… result)', async () => {
    const newer = await admin.post('/api/tbl/exammic', { ...types()[1].valid, caseId: caseNo.id, date: '2024-05-02', result: 'POSITIVE', numberOfAFB: 4 });
    expect(newer.status).toBe(200);
    const r = (await admin.get(`/api/cases/case/followups/${caseNo.id}`)).body;
    const mic = r.filter((i: any) => i.type === 'EXAM_MICROSCOPY');
    expect(mic.map((i: any) => [i.data.id, i.latest])).toEqual([[made.exammic, false], [newer.body.result, true]]);
    expect(mic[1].data).toMatchObject({ result: 'POSITIVE', numberOfAFB: 4 });
    expect(r.filter((i: any) => i.latest).map((i: any) => i.type).sort()).toEqual([...new Set(r.map((i: any) => i.type))].sort());
    expect((await admin.delete(`/api/tbl/exammic/${newer.body.result}`)).status).toBe(200);
    expect((await admin.get(`/api/cases/case/followups/${caseNo.id}`)).body.find((i: any) => i.data.id === made.exammic).latest).toBe(true);
  });

  it('names "diagnosis" for every exam of a case whose treatment has not started', async () => {
    const all = (await admin.post('/api/tbl/tbcase/query', {})).body.list;
    let untreated: any;
    for (const c of all) {
      const full = (await admin.get(`/api/tbl/tbcase/${c.id}`)).body;
      if (!full.iniTreatmentDate) untreated = full;
    }
    expect(untreated).toBeDefined();
    expect((await admin.post('/api/tbl/examxray', { caseId: untreated.id, date: '2026-01-01', presentation: 'NORMAL' })).status).toBe(200);
    const r = await admin.get(`/api/cases/case/followups/${untreated.id}`);
    expect(r.body.map((i: any) => [i.monthOfTreatment, i.month])).toEqual([[0, 'Диагностика']]);
  });

  it('says the month in the session’s language', async () => {
    expect((await admin.post('/api/sys/language/en')).status).toBe(200);
    const r = await admin.get(`/api/cases/case/followups/${caseNo.id}`);
    expect(r.body.map((i: any) => i.month)).toEqual(['Diagnosis', 'Diagnosis', 'Month 1', 'Month 1', 'Month 2', 'Month 4', 'Month 13']);
    expect(r.body.find((i: any) => i.type === 'EXAM_HIV').name).toBe('HIV test');
    await admin.post('/api/sys/language/ru');
  });

  it('leaves out, entirely, a type the user may not read (no HIV result without EXAM_HIV)', async () => {
    const r = await noHiv.get(`/api/cases/case/followups/${caseNo.id}`);
    expect(r.status).toBe(200);
    expect(r.body.map((i: any) => i.type)).toEqual(['MEDICAL_EXAMINATION', 'EXAM_MICROSCOPY', 'EXAM_CULTURE', 'EXAM_XPERT', 'EXAM_DST', 'EXAM_XRAY']);
    expect(JSON.stringify(r.body)).not.toContain(made.examhiv);
    expect(JSON.stringify(r.body)).not.toContain('Центр СПИД');
    // nor through the generic table calls
    expect((await noHiv.post('/api/tbl/examhiv/query', { caseId: caseNo.id })).status).toBe(403);
    expect((await noHiv.get(`/api/tbl/examhiv/${made.examhiv}`)).status).toBe(403);
    expect((await noHiv.get(`/api/tbl/examhiv/view/${made.examhiv}`)).status).toBe(403);
    expect((await noHiv.post('/api/tbl/examhiv', { caseId: caseNo.id, date: '2024-05-01', result: 'NEGATIVE' })).status).toBe(403);
    // a reader with every exam permission gets all seven
    expect((await reader.get(`/api/cases/case/followups/${caseNo.id}`)).body).toHaveLength(7);
  });

  it('needs CASEMAN (reading the case): 403 without; 400 on a bad id; 404 on an unknown case', async () => {
    // an exam permission grants CASEMAN, its parent in the permission tree: a user without any case permission
    const noCase = await createUser(server, admin, 'EXNOCASE', [{ permission: 'SOURCES', canChange: true }]);
    const r = await noCase.get(`/api/cases/case/followups/${caseNo.id}`);
    expect(r.status).toBe(403);
    expect(r.body.success).toBe(false);
    const bad = await admin.get('/api/cases/case/followups/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['caseId']);
    expect((await admin.get('/api/cases/case/followups/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('row scope: the case’s unit', () => {
  it('a unit-view user cannot list, read, add or change the exams of another unit’s case', async () => {
    const theirs = (await admin.post('/api/tbl/exammic', { caseId: other.id, ...types()[1].valid })).body.result;
    expect((await unitDoctor.get(`/api/cases/case/followups/${other.id}`)).status).toBe(404);
    expect((await unitDoctor.get(`/api/tbl/exammic/${theirs}`)).status).toBe(404);
    expect((await unitDoctor.post(`/api/tbl/exammic/${theirs}`, { comments: 'ВЗЛОМ' })).status).toBe(404);
    expect((await unitDoctor.delete(`/api/tbl/exammic/${theirs}`)).status).toBe(404);
    expect((await storedRow('exammic', theirs)).comments).toBeNull();
    const add = await unitDoctor.post('/api/tbl/exammic', { caseId: other.id, ...types()[1].valid });
    expect(add.status).toBe(400);
    expect(fieldsOf(add)).toEqual(['caseId']);
    const seen = (await unitDoctor.post('/api/tbl/exammic/query', {})).body.list.map((x: any) => x.caseId);
    expect(seen).not.toContain(other.id);
  });

  it('a unit-view user adds and lists the exams of their own unit’s case', async () => {
    const mine = await unitDoctor.post('/api/tbl/examxray', { caseId: own.id, date: '2024-05-03', presentation: 'INFILTRATE' });
    expect(mine.status).toBe(200);
    const list = await unitDoctor.get(`/api/cases/case/followups/${own.id}`);
    expect(list.status).toBe(200);
    expect(list.body.map((i: any) => i.data.id)).toContain(mine.body.result);
    expect(list.body.find((i: any) => i.data.id === mine.body.result)).toMatchObject({ type: 'EXAM_XRAY', monthOfTreatment: 2 });
  });
});

describe('deleting a case', () => {
  it('deletes its exams with it (sub-records follow their parent), leaving the case’s tombstone', async () => {
    const patientId = (await admin.post('/api/tbl/tbcase/query', { caseNumber: 'ТБ-2024-0002' })).body.list[0].patientId;
    const unit = (await admin.post('/api/tbl/unit/query', { type: 'TBUNIT' })).body.list[0].id;
    const made = await admin.post('/api/tbl/tbcase', { patientId, ownerUnitId: unit, diagnosisType: 'SUSPECT', classification: 'TB' });
    expect(made.status).toBe(200);
    const caseId = made.body.result;
    const exams: [string, string][] = [];
    for (const x of types()) {
      const r = await admin.post(`/api/tbl/${x.table}`, { ...x.valid, caseId });
      expect(r.status, x.table).toBe(200);
      exams.push([x.table, r.body.result]);
    }
    const del = await admin.delete(`/api/tbl/tbcase/${caseId}`);
    expect(del.status).toBe(200);
    for (const [table, id] of exams) expect((await admin.get(`/api/tbl/${table}/${id}`)).status, table).toBe(404);
    const stones = (await kysely(server.ctx.orm.em.fork()).selectFrom('tombstone').select('table_name').where('row_id', '=', caseId).execute()).map((r) => r.table_name);
    expect(stones).toEqual(['tbcase']);
  });
});
