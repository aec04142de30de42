// The generic test of the one door: for every declared table (from the registry) and every
// declared row action (from the modules), a change made through the API must
// - give the row its version (1 when made, one more per change, the deleted version + 1 for a delete),
// - put exactly the expected rows in the change feed: every row of the workspace that appeared,
//   changed or went has one change row per version it went through (a create, updates, a delete),
//   and no other row has any,
// - leave the user's command in the history,
// - leave every case's analytic row (server/analytic/) as a recomputation of the case makes it.
// A table or an action this file does not know fails as uncovered: a new schema or action is
// covered here or listed, with its reason, among the exceptions.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import { schemasDir } from '../../server/config.ts';
import { isSynchronised } from '../../server/feed/types.ts';
import { analyticTable } from '../../engine/analytic.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { analyticSelect } from '../../server/analytic/compute.ts';
import type { RowAction } from '../../server/types.ts';
import { domainModules } from '../../app/domains.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import type { ApiResponse } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

type Doc = Record<string, any>;

/** Tables no API call writes as such, and why (each is written through the writer's doors all the same). */
const notByApi: Record<string, string> = {
  casecount: 'per-unit case counts, kept by triggers on tbcase',
  casecube: 'the case reports\' counts cube (per unit cohort, by the report variables it declares), kept by triggers on the cases\' analytic rows',
  syncconflict: 'an offline client\'s value the server did not keep, written by the sync push through the writer (tests/api/sync-push.test.ts)',
  syncpush: 'an offline client\'s uploaded change and the answer it got, written by the sync push through the writer (tests/api/sync-push.test.ts)',
  syncreader: 'when each user last read the change feed to its end, upserted by the feed route (tests/api/sync-push-authz.test.ts)',
  synctoken: 'an offline client’s sync key (only its hash), made by POST /api/sync/token and revoked by its owner, an administrator or a password change (tests/api/sync-token.test.ts)',
  syncclient: 'the offline client\'s own state (its server, unit, synchronisation phase and positions), written by the client through the system door (tests/api/sync-client.test.ts)',
  casetagcount: 'per-unit tag counts, kept by triggers on casetag and tbcase',
  casetagplace: 'where each tagged case is listed (a unit’s tag list), kept by triggers on casetag and tbcase',
  casereport: 'saved case reports: written through the writer by /api/cases/report/save and …/delete (tests/api/case-reports.test.ts)',
  casecounter: 'the case numbers given: raised through the system door by every new case (tbcase below)',
  changelog: 'the change feed itself',
  tombstone: 'the feed’s deleted ids',
  cmdhistory: 'the command history itself',
  errorlog: 'the error log',
  loginattempt: 'login attempts (lockout)',
  nameword: 'the patient search’s word dictionary, kept by a trigger on patient',
  patientword: 'the patient search’s words of each patient alone and in pairs, kept by triggers on patient (tests/api/patient-search.test.ts)',
  sysconfig: 'the installation’s settings: saved through the writer as a singleton by /api/admin/sysconfig (tests/api/sysconfig.test.ts)',
  syssession: 'login sessions',
  sysuser: 'login accounts: written with their workspace user (userws below) through the system door',
  tagrefresh: 'the daily tag refresh’s claim',
  importjob: 'an import’s state and progress (operational; its rows are written through the writer: tests/api/import.test.ts)',
  job: 'the background jobs (operational: queued, claimed and advanced by server/jobs/; what a job changes goes through the writer: tests/api/jobs.test.ts)',
  importchunk: 'the pieces of an uploaded file until it is read',
  importrow: 'an uploaded file’s rows and what the import made of each',
  importledger: 'what an import made from which row, written in the transaction of that write (tests/api/import.test.ts)',
  importmapping: 'saved import mappings: written through the writer by /api/import/{id}/mapping and …/mappings/{id} (tests/api/import.test.ts)',
  dhis2server: 'the workspace’s DHIS2 server: written through the writer (its hidden password through the system door) by POST /api/dhis2/server (tests/api/dhis2-export.test.ts)',
  dhis2send: 'a sending to DHIS2 and its import summary: written through the writer by POST /api/dhis2/send (tests/api/dhis2-export.test.ts)',
};

useTestServer();

const registry = loadSchemas(schemasDir);
const tables = [...registry.tables.values()].sort((a, b) => a.name.localeCompare(b.name));
const actions: RowAction[] = domainModules.flatMap((m) => m.actions ?? []);
const db = () => kysely(server.ctx.orm.em.fork());

// --- the fixture: the demo workspace's units and catalogues, new cases made through the API ----------

interface Fixture {
  workspaceId: string;
  unit: string;
  otherUnit: string;
  lab: string;
  regimen: string;
  product: string;
  profile: string;
  countryStructure: string;
  manualTag: string;
}
let f: Fixture;
let serial = 0;
/** A short name no row has yet. */
const fresh = (prefix: string) => `${prefix}${++serial}${Date.now() % 100000}`.slice(0, 15);

const ok = (r: ApiResponse, what: string) => {
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};

/** A new confirmed TB case of a new patient in the fixture's unit, registered 2025-01-10. */
async function newCase(extra: Doc = {}): Promise<string> {
  const patientId = await newPatient(admin, { name: 'Дверь', lastName: fresh('Тест'), gender: 'FEMALE', birthDate: '1980-05-05' });
  return createCase(admin, patientId, f.unit, { diagnosisDate: '2025-01-10', ...extra });
}

/** A new contact's document: a new person, registered as a household contact of a new case on 2025-01-12. */
async function contactDoc(): Promise<Doc> {
  const patientId = await newPatient(admin, { name: 'Контакт', lastName: fresh('Тест'), gender: 'MALE', birthDate: '1990-01-01' });
  return { caseId: await newCase(), patientId, registrationDate: '2025-01-12', contactType: 'household' };
}

/** A new contact; with `evaluated`, TB excluded on 2025-01-15. */
async function newContact(evaluated = false): Promise<string> {
  const evaluation = evaluated ? { examinated: true, dateOfExamination: '2025-01-15', symptoms: 'ABSENT', chestXray: 'NOT_DONE', infectionTest: 'NOT_DONE', evaluationOutcome: 'TB_EXCLUDED' } : {};
  return ok(await admin.post('/api/tbl/contact', { ...(await contactDoc()), ...evaluation }), 'contact').result as string;
}

/** A TPT course on 3HP of a contact with TB excluded, started on 2025-02-03 when `started`. */
async function tptCourse(started = true): Promise<string> {
  const regimenId = (await admin.post('/api/tbl/tptregimen/query', { key: '3HP' })).body.list.find((r: Doc) => r.code === '3HP').id;
  const id = ok(await admin.post('/api/tbl/tptcourse', { contactId: await newContact(true), eligible: true, eligibilityDate: '2025-01-20', regimenId, weightKg: 60 }), 'tptcourse').result as string;
  if (started) ok(await admin.post(`/api/tbl/tptcourse/${id}/action/tptstart`, { startDate: '2025-02-03' }), 'tptstart');
  return id;
}

/** A new case on treatment since 2025-01-13 (2HRZE/4HR). */
async function treatedCase(): Promise<string> {
  const caseId = await newCase();
  ok(await admin.post('/api/cases/case/treatment/start', { caseId, unitId: f.unit, iniDate: '2025-01-13', regimenId: f.regimen }), 'treatment start');
  return caseId;
}

// --- how to make each table's row and change it ---------------------------------------------------------

/** A new row's document and a change of it (the fields a user would edit). */
type Sample = () => Promise<{ doc: Doc; patch: Doc }>;
const onCase = (doc: Doc, patch: Doc): Sample => async () => ({ doc: { caseId: await newCase(), ...doc }, patch });
const drugs = { am: false, cfz: false, cm: false, cs: false, e: true, eto: false, h: true, lfx: false, ofx: false, r: true, s: false, z: true };
const dst = Object.fromEntries(['H', 'R', 'E', 'Z', 'S', 'Am', 'Cfz', 'Cm', 'Cs', 'Eto', 'Lfx', 'Ofx'].map((d) => [`result${d}`, 'SUSCEPTIBLE']));

const samples: Record<string, Sample> = {
  adminunit: async () => ({ doc: { name: fresh('Район'), countryStructure: f.countryStructure }, patch: { name: fresh('Район') } }),
  agerange: async () => {
    // the demo's ranges cover every age: the last one is shortened first, leaving 100–150 free
    const last = (await admin.post('/api/tbl/agerange/query', { pageSize: 50 })).body.list.find((r: Doc) => r.iniAge === 65);
    ok(await admin.post(`/api/tbl/agerange/${last.id}`, { endAge: 99 }), 'agerange 65–99');
    return { doc: { iniAge: 100, endAge: 150 }, patch: { endAge: 149 } };
  },
  casecomment: onCase({ group: 'DATA', comment: 'Первый' }, { comment: 'Второй' }),
  casetag: async () => ({ doc: { caseId: await newCase(), tagId: f.manualTag }, patch: {} }),
  contact: async () => ({ doc: await contactDoc(), patch: { relation: 'SPOUSE' } }),
  countrystructure: async () => ({ doc: { name: fresh('Уровень'), level: 5 }, patch: { name: fresh('Уровень') } }),
  examcul: async () => ({ doc: { caseId: await newCase(), date: '2025-01-11', result: 'NEGATIVE', method: 'LJ', laboratoryId: f.lab }, patch: { result: 'PLUS' } }),
  examdst: async () => ({ doc: { caseId: await newCase(), date: '2025-01-11', laboratoryId: f.lab, ...dst }, patch: { resultH: 'RESISTANT' } }),
  examhiv: onCase({ date: '2025-01-11', result: 'NEGATIVE' }, { result: 'POSITIVE' }),
  exammic: async () => ({ doc: { caseId: await newCase(), date: '2025-01-11', laboratoryId: f.lab, result: 'PLUS' }, patch: { result: 'PLUS2' } }),
  examxpert: async () => ({ doc: { caseId: await newCase(), date: '2025-01-11', laboratoryId: f.lab, result: 'TB_DETECTED_RIF_NOT_DETECTED' }, patch: { result: 'TB_NOT_DETECTED' } }),
  examxray: onCase({ date: '2025-01-11', presentation: 'NORMAL' }, { presentation: 'CAVITARY' }),
  issue: onCase({ title: 'Вопрос', description: 'Почему?' }, { description: 'Зачем?' }),
  issuefollowup: async () => {
    const issueId = ok(await admin.post('/api/tbl/issue', { caseId: await newCase(), title: 'Вопрос', description: 'Почему?' }), 'issue').result;
    return { doc: { issueId, text: 'Ответ' }, patch: { text: 'Другой ответ' } };
  },
  medexam: onCase({ date: '2025-01-11', usingPrescMedicines: true, weight: 60 }, { weight: 61 }),
  patient: async () => ({ doc: { name: 'Дверь', lastName: fresh('Тест'), gender: 'MALE', birthDate: '1975-01-01' }, patch: { middleName: 'Петрович' } }),
  population: async () => ({ doc: { adminUnitId: (await admin.post('/api/tbl/adminunit/query', { key: 'г. Бишкек' })).body.list[0].id, year: 1990 + (++serial % 30), population: 1000000 }, patch: { population: 1000001 } }),
  prevtreat: onCase({ month: 3, year: 2020, outcome: 'prevOutcome01', ...drugs }, { year: 2019 }),
  product: async () => ({ doc: { type: 'MEDICINE', shortName: fresh('P'), name: fresh('Препарат'), active: true, category: 'ORAL', line: 'FIRST_LINE' }, patch: { name: fresh('Препарат') } }),
  regimen: async () => ({
    doc: { name: fresh('Схема'), classification: 'TB', active: true, medicines: [{ medicineId: f.product, defaultDoseUnit: 4, defaultFrequency: 7, iniDay: 0, days: 60 }] },
    patch: { active: false },
  }),
  sideeffect: onCase({ sideEffect: 'adv1', month: 1 }, { month: 2 }),
  source: async () => ({ doc: { shortName: fresh('S'), name: fresh('Источник') }, patch: { name: fresh('Источник') } }),
  substance: async () => ({ doc: { shortName: fresh('S'), name: fresh('Вещество'), line: 'OTHER', active: true }, patch: { active: false } }),
  tptregimen: async () => ({
    doc: { code: fresh('R'), name: fresh('Схема ПЛ'), frequency: 'DAILY', weeks: 4, doses: 28, minDoses: 25, windowWeeks: 6, forResistance: ['DS'], active: true, bands: [{ fromKg: 30, dose: 'H 300 мг + P 600 мг' }] },
    patch: { active: false },
  }),
  tptcourse: async () => ({ doc: { contactId: await newContact(), eligible: false, notEligibleReason: 'REFUSED' }, patch: { comments: 'Отказ записан' } }),
  tag: async () => ({ doc: { name: fresh('Метка'), active: true, consistencyCheck: false, autoGenerated: false }, patch: { name: fresh('Метка') } }),
  tbcase: async () => {
    const patientId = await newPatient(admin, { name: 'Дверь', lastName: fresh('Тест'), gender: 'FEMALE', birthDate: '1980-05-05' });
    const doc = { patientId, ownerUnitId: f.unit, notificationUnitId: f.unit, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW', registrationDate: '2025-01-10' };
    return { doc, patch: { diagnosisDate: '2025-01-11' } };
  },
  unit: async () => {
    const address = (ok(await admin.get(`/api/tbl/unit/${f.unit}`), 'unit') as Doc).address;
    return { doc: { type: 'TBUNIT', name: fresh('Центр'), active: true, address }, patch: { name: fresh('Центр') } };
  },
  userprofile: async () => ({ doc: { name: fresh('Профиль') }, patch: { name: fresh('Профиль') } }),
  userws: async () => {
    const login = fresh('DOOR').toUpperCase();
    return { doc: { login, name: 'Дверь Тест', email: `${login.toLowerCase()}@example.org`, sendSystemMessages: false, unitId: f.unit, profiles: [f.profile], view: 'UNIT' }, patch: { name: 'Дверь Другой' } };
  },
  workspace: async () => {
    const mine = ok(await admin.get(`/api/tbl/workspace/${f.workspaceId}`), 'workspace') as Doc;
    const { id: _i, version: _v, updatedAt: _u, createdAt: _c, ...doc } = mine;
    return { doc: { ...doc, name: fresh('Пространство') }, patch: { name: fresh('Пространство') } };
  },
};

/** The stock ledger: movements are only appended, each batch's balance kept by its movements (covered below). */
const ledger: Record<string, string> = {
  stockmovement: 'appended through the API, never changed or deleted (stock/ledger.ts)',
  stockbatch: 'a batch’s stock on hand, kept by its movements through the balance door (systemAddTo)',
  stocktransfer: 'made through the API with its batches’ movements, then changed only by its steps (the actions below), never deleted',
  stockorder: 'made through the API, then changed only by its steps (the actions below), never deleted',
  stockcount: 'made through the API with its batches’ adjustments (stock/count.ts), never changed or deleted: tests/api/stock-count.test.ts',
};

/** A new order of the fixture's unit (the demo's Bishkek unit: supplied and authorised by the national centre), at `state`; its id. */
async function newOrder(state: 'NEW' | 'AUTHORIZED' | 'SENT'): Promise<string> {
  const id = ok(await admin.post('/api/tbl/stockorder', { unitId: f.unit, date: '2025-02-01', items: [{ productId: f.product, quantity: 2 }] }), 'order').result as string;
  if (state === 'NEW') return id;
  ok(await admin.post(`/api/tbl/stockorder/${id}/action/authorize`, { date: '2025-02-02' }), 'authorize');
  if (state === 'AUTHORIZED') return id;
  const supplier = String((await db().selectFrom('unit').select('supplier_id').where('id', '=', f.unit).executeTakeFirstOrThrow()).supplier_id);
  const sourceId = (await admin.post('/api/tbl/source/query', { pageSize: 10 })).body.list[0].id;
  const movement = ok(await admin.post('/api/tbl/stockmovement', { type: 'RECEIPT', unitId: supplier, date: '2025-02-01', productId: f.product, sourceId, batchNumber: fresh('O'), manufacturer: 'Lupin', expiryDate: '2030-01-31', quantity: 5 }), 'receipt').result;
  const batchId = (ok(await admin.get(`/api/tbl/stockmovement/${movement}`), 'movement') as Doc).batchId;
  ok(await admin.post(`/api/tbl/stockorder/${id}/action/send`, { date: '2025-02-03', shipped: [{ batchId, quantity: 2 }] }), 'send');
  return id;
}

/** A transfer of 2 units of a new batch from the fixture's unit to the other one, sent through the API; its id. */
async function newTransfer(): Promise<string> {
  const sourceId = (await admin.post('/api/tbl/source/query', { pageSize: 10 })).body.list[0].id;
  const movement = ok(await admin.post('/api/tbl/stockmovement', { type: 'RECEIPT', unitId: f.unit, date: '2025-02-01', productId: f.product, sourceId, batchNumber: fresh('T'), manufacturer: 'Lupin', expiryDate: '2030-01-31', quantity: 5 }), 'receipt').result;
  const batchId = (ok(await admin.get(`/api/tbl/stockmovement/${movement}`), 'movement') as Doc).batchId;
  return ok(await admin.post('/api/tbl/stocktransfer', { unitFromId: f.unit, unitToId: f.otherUnit, date: '2025-02-02', items: [{ batchId, quantity: 2 }] }), 'transfer').result as string;
}

/** API tables whose rows are written only through declared actions (covered with the actions below). */
const byActions: Record<string, string> = {
  treatment: 'made, changed and undone by the treatment actions (starttreatment, treatmentperiod, undotreatment)',
  treatunit: 'made by treatment start, changed by the period, undone with the treatment',
  prescription: 'added, edited and deleted by the prescription actions',
  adherence: 'the month calendar (treatmentfollowup)',
  tptadherence: 'the month calendar of a TPT course (tptfollowup)',
};

// --- what a change left ------------------------------------------------------------------------------

type Snapshot = Map<string, { table: string; version: number; content: string }>;
const feedTables = () => tables.filter((d) => isSynchronised(d));

async function snapshot(): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const def of feedTables()) {
    const rows = (await sql<Doc>`select * from ${sql.table(def.name)} where workspace_id = ${f.workspaceId}`.execute(db())).rows;
    for (const { updated_at: _u, version, ...rest } of rows) out.set(String(rest.id), { table: def.name, version: Number(version), content: JSON.stringify(rest) });
  }
  return out;
}

interface Fed {
  row_id: string;
  table_name: string;
  op: string;
  row_version: number;
  data: Doc | null;
}
const lastSeq = async () => Number((await sql<{ n: string | null }>`select max(seq) as n from changelog`.execute(db())).rows[0].n ?? 0);

/**
 * Runs `act` and checks the feed against what changed in the workspace: a row made has its create
 * (version 1) and then one update per further version; a changed row one change per version it went
 * through; a deleted row its delete (version + 1); an unchanged row nothing. Answers the act's result
 * and the change rows it made.
 */
async function change<T>(what: string, act: () => Promise<T>): Promise<{ result: T; fed: Fed[]; history: Doc[] }> {
  const before = await snapshot();
  const since = await lastSeq();
  // a timestamp comes back as text (the type parsers keep its microseconds): compared as read
  const historyAt = (await sql<{ at: string | null }>`select max(exec_date) as at from cmdhistory`.execute(db())).rows[0].at ?? new Date(0).toISOString();
  const result = await act();
  const after = await snapshot();
  // the workspace's feed (a new workspace's own rows are fed to its own readers)
  const fed = (await sql<Fed>`select row_id, table_name, op, row_version, data from changelog where seq > ${since} and workspace_id = ${f.workspaceId} order by tx_key, seq`.execute(db())).rows;
  const versions = new Map<string, number[]>();
  for (const c of fed) if (c.op !== 'left') versions.set(c.row_id, [...(versions.get(c.row_id) ?? []), c.row_version]);
  const problems: string[] = [];
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  for (const [id, now] of after) {
    const was = before.get(id);
    const got = versions.get(id) ?? [];
    versions.delete(id);
    if (was && was.version === now.version) {
      if (was.content !== now.content) problems.push(`${now.table} ${id}: changed, version kept`);
      else if (got.length) problems.push(`${now.table} ${id}: unchanged, fed ${got}`);
      continue;
    }
    const expected = range(was ? was.version + 1 : 1, now.version);
    if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(`${now.table} ${id}: versions ${expected}, fed ${got}`);
  }
  for (const [id, was] of before) {
    if (after.has(id)) continue;
    const got = versions.get(id) ?? [];
    versions.delete(id);
    const ops = fed.filter((c) => c.row_id === id).map((c) => c.op);
    if (got.at(-1) !== was.version + 1 || ops.at(-1) !== 'delete') problems.push(`${was.table} ${id}: deleted at version ${was.version}, fed ${ops} ${got}`);
  }
  // rows made and deleted within the act: fed from their create to their delete
  for (const [id, got] of versions) {
    const ops = fed.filter((c) => c.row_id === id && c.op !== 'left').map((c) => c.op);
    if (!(ops[0] === 'create' && ops.at(-1) === 'delete' && JSON.stringify(got) === JSON.stringify(range(1, got.length)))) problems.push(`${id}: fed ${ops} ${got}, not in the workspace`);
  }
  expect(problems, what).toEqual([]);
  // the cases' analytic rows moved with the change, in its transaction
  const a = analyticTable(registry, reportCatalogue(registry));
  const rows = async (q: any) => (await sql<Doc>`select * from (${q}) x order by id`.execute(db())).rows.map((r) => JSON.stringify(r, Object.keys(r).sort()));
  expect(await rows(sql`select * from caseanalytic where workspace_id = ${f.workspaceId}`), `${what}: the analytic rows`).toEqual(await rows(analyticSelect(a, sql`c.workspace_id = ${f.workspaceId}`)));
  const history = await db().selectFrom('cmdhistory').selectAll().where('exec_date', '>', historyAt).orderBy('exec_date').execute();
  return { result, fed, history };
}

const versionOf = async (table: string, id: string) => Number((await kyselyByName(server.ctx.orm.em.fork()).selectFrom(table).select('version').where('id', '=', id).executeTakeFirst())?.version ?? 0);

beforeAll(async () => {
  const unit = await unitNamed(admin, 'Бишкекский');
  const units = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list as Doc[];
  const workspaceId = String((await db().selectFrom('unit').select('workspace_id').where('id', '=', unit).executeTakeFirstOrThrow()).workspace_id);
  f = {
    workspaceId,
    unit,
    otherUnit: await unitNamed(admin, 'Ысык-Атинский'),
    lab: units.find((u) => u.type === 'LAB')!.id,
    regimen: (await admin.post('/api/tbl/regimen/query', { pageSize: 50 })).body.list.find((r: Doc) => r.name === '2HRZE/4HR').id,
    product: (await admin.post('/api/tbl/product/query', { pageSize: 100 })).body.list.find((x: Doc) => x.shortName === 'HR 75/150').id,
    profile: (await admin.post('/api/tbl/userprofile/query', { pageSize: 50 })).body.list[0].id,
    countryStructure: (await admin.post('/api/tbl/countrystructure/query', { pageSize: 50 })).body.list.find((c: Doc) => c.level === 1).id,
    manualTag: (await admin.post('/api/tbl/tag/query', { pageSize: 100 })).body.list.find((g: Doc) => !g.autoGenerated).id,
  };
}, 120_000);

describe('every declared table', () => {
  it('is covered here, written by actions, or listed with why no API call writes it', () => {
    const uncovered = tables.map((d) => d.name).filter((n) => !(n in samples) && !(n in byActions) && !(n in notByApi) && !(n in ledger));
    expect(uncovered).toEqual([]);
    for (const name of Object.keys(notByApi)) expect(registry.table(name).meta.api, name).toBe(false);
    for (const name of [...Object.keys(samples), ...Object.keys(byActions)]) expect(registry.table(name).meta.api, name).not.toBe(false);
  });

  for (const def of tables.filter((d) => d.name in samples)) {
    it(`${def.name}: create, update, delete through the API — versions, exactly their changes in the feed, the history`, async () => {
      const { doc, patch } = await samples[def.name]();
      const fedRow = (fed: Fed[], id: string) => fed.filter((c) => c.row_id === id && c.op !== 'left');
      const made = await change(`${def.name} create`, async () => ok(await admin.post(`/api/tbl/${def.name}`, doc), `${def.name} create`).result as string);
      const id = made.result;
      expect(await versionOf(def.name, id)).toBe(1);
      if (isSynchronised(def)) expect(fedRow(made.fed, id).map((c) => [c.op, c.row_version])).toEqual([['create', 1]]);
      else expect(made.fed.filter((c) => c.table_name === def.name)).toEqual([]);
      expect(made.history.filter((h) => h.entity_id === id).map((h) => h.action)).toContain('create');

      if (Object.keys(patch).length) {
        const changed = await change(`${def.name} update`, async () => ok(await admin.post(`/api/tbl/${def.name}/${id}`, { ...patch, version: 1 }), `${def.name} update`));
        expect(await versionOf(def.name, id)).toBe(2);
        if (isSynchronised(def)) {
          const mine = fedRow(changed.fed, id);
          expect(mine.map((c) => [c.op, c.row_version])).toEqual([['update', 2]]);
          expect(Object.keys(mine[0].data ?? {})).toEqual(expect.arrayContaining(Object.keys(patch)));
        }
        expect(changed.history.filter((h) => h.entity_id === id).map((h) => h.action)).toEqual(['update']);
      }

      const version = await versionOf(def.name, id);
      const gone = await change(`${def.name} delete`, async () => ok(await admin.delete(`/api/tbl/${def.name}/${id}`), `${def.name} delete`));
      expect(await versionOf(def.name, id)).toBe(0);
      if (isSynchronised(def)) expect(fedRow(gone.fed, id).map((c) => [c.op, c.row_version])).toEqual([['delete', version + 1]]);
      expect(gone.history.filter((h) => h.entity_id === id).map((h) => h.action)).toEqual(['delete']);
    }, 60_000);
  }
});

describe('the stock ledger', () => {
  it('a movement made through the API: it and its batch fed at their versions, the history; a change or delete refused and nothing fed', async () => {
    const sourceId = (await admin.post('/api/tbl/source/query', { pageSize: 10 })).body.list[0].id;
    const doc = { type: 'RECEIPT', unitId: f.unit, date: '2025-02-01', productId: f.product, sourceId, batchNumber: fresh('B'), manufacturer: 'Lupin', expiryDate: '2030-01-31', quantity: 5 };
    const first = await change('stockmovement create', async () => ok(await admin.post('/api/tbl/stockmovement', doc), 'movement').result as string);
    const batchId = (ok(await admin.get(`/api/tbl/stockmovement/${first.result}`), 'movement') as Doc).batchId;
    expect(first.fed.filter((c) => c.op !== 'left').map((c) => [c.table_name, c.op, c.row_version])).toEqual([['stockbatch', 'create', 1], ['stockmovement', 'create', 1]]);
    expect(first.history.filter((h) => h.entity_id === first.result).map((h) => h.action)).toEqual(['create']);
    const second = await change('stockmovement create on the batch', async () => ok(await admin.post('/api/tbl/stockmovement', { ...doc, quantity: 2 }), 'movement').result as string);
    expect(second.fed.filter((c) => c.row_id === batchId).map((c) => [c.op, c.row_version, c.data?.quantity])).toEqual([['update', 2, 7]]);
    const refused = await change('stockmovement update and delete refused', async () => [
      (await admin.post(`/api/tbl/stockmovement/${first.result}`, { quantity: 50 })).status,
      (await admin.delete(`/api/tbl/stockmovement/${first.result}`)).status,
      (await admin.post(`/api/tbl/stockbatch/${batchId}`, { quantity: 50 })).status,
    ]);
    expect([refused.result, refused.fed]).toEqual([[400, 400, 400], []]);
  }, 60_000);
});

// --- every declared action -------------------------------------------------------------------------------

/**
 * A row an action may run on, and its input; for an action that changes other rows than its own
 * (its own row only locked, guarded and named in the history), the row it must change.
 */
type ActionSample = () => Promise<{ id: string; input?: Doc; changes?: OtherRow }>;
/** The other row an action writes: its table, and how to find it (before the action it may not exist). */
interface OtherRow {
  table: string;
  find: () => Promise<string | undefined>;
}

/** The account behind a workspace user: a new password changes it, not the workspace user. */
const accountOf = (userwsId: string): OtherRow => ({
  table: 'sysuser',
  find: async () => String((await db().selectFrom('userws').select('user_id').where('id', '=', userwsId).executeTakeFirstOrThrow()).user_id),
});
/** The case's link to a tag. */
const linkOf = (caseId: string, tagId: string): OtherRow => ({
  table: 'casetag',
  find: async () => (await db().selectFrom('casetag').select('id').where('case_id', '=', caseId).where('tag_id', '=', tagId).executeTakeFirst())?.id as string | undefined,
});

const actionSamples: Record<string, ActionSample> = {
  'stocktransfer.receive': async () => ({ id: await newTransfer(), input: { date: '2025-02-03' } }),
  'stocktransfer.cancel': async () => ({ id: await newTransfer(), input: { date: '2025-02-03' } }),
  'stockorder.authorize': async () => ({ id: await newOrder('NEW'), input: { date: '2025-02-02' } }),
  'stockorder.cancelOrder': async () => ({ id: await newOrder('AUTHORIZED'), input: { date: '2025-02-03' } }),
  'stockorder.send': async () => {
    const id = await newOrder('AUTHORIZED');
    const supplier = String((await db().selectFrom('unit').select('supplier_id').where('id', '=', f.unit).executeTakeFirstOrThrow()).supplier_id);
    const sourceId = (await admin.post('/api/tbl/source/query', { pageSize: 10 })).body.list[0].id;
    const movement = ok(await admin.post('/api/tbl/stockmovement', { type: 'RECEIPT', unitId: supplier, date: '2025-02-01', productId: f.product, sourceId, batchNumber: fresh('O'), manufacturer: 'Lupin', expiryDate: '2030-01-31', quantity: 5 }), 'receipt').result;
    const batchId = (ok(await admin.get(`/api/tbl/stockmovement/${movement}`), 'movement') as Doc).batchId;
    return { id, input: { date: '2025-02-03', shipped: [{ batchId, quantity: 2 }] } };
  },
  'stockorder.receiveOrder': async () => ({ id: await newOrder('SENT'), input: { date: '2025-02-04' } }),
  'tbcase.validate': async () => ({ id: await newCase({ validated: false }) }),
  'tbcase.close': async () => ({ id: await newCase(), input: { outcome: 'DIED', outcomeDate: '2025-06-30' } }),
  'tbcase.reopen': async () => {
    const id = await newCase();
    ok(await admin.post(`/api/tbl/tbcase/${id}/action/close`, { outcome: 'DIED', outcomeDate: '2025-06-30' }), 'close');
    return { id };
  },
  'tbcase.transferout': async () => ({ id: await newCase(), input: { unitToId: f.otherUnit, moveDate: '2025-03-01' } }),
  'tbcase.transferin': async () => {
    const id = await newCase();
    ok(await admin.post(`/api/tbl/tbcase/${id}/action/transferout`, { unitToId: f.otherUnit, moveDate: '2025-03-01' }), 'transferout');
    return { id, input: { moveDate: '2025-03-02' } };
  },
  'tbcase.undotransfer': async () => {
    const id = await newCase();
    ok(await admin.post(`/api/tbl/tbcase/${id}/action/transferout`, { unitToId: f.otherUnit, moveDate: '2025-03-01' }), 'transferout');
    return { id };
  },
  'tbcase.suspectfollowup': async () => ({ id: await newCase({ diagnosisType: 'SUSPECT', classification: 'TB' }), input: { outcome: 'TB', date: '2025-01-20' } }),
  'tbcase.tag': async () => {
    const id = await newCase();
    return { id, input: { tagIds: [f.manualTag], newTags: [fresh('Н')] }, changes: linkOf(id, f.manualTag) };
  },
  'tbcase.delete': async () => ({ id: await newCase() }),
  'tbcase.comorbidity': async () => ({ id: await newCase(), input: { diabetes: true } }),
  'tbcase.starttreatment': async () => ({ id: await newCase(), input: { unitId: f.unit, iniDate: '2025-01-13', regimenId: f.regimen } }),
  'tbcase.undotreatment': async () => ({ id: await treatedCase() }),
  'tbcase.treatmentperiod': async () => ({ id: await treatedCase(), input: { endDate: '2025-08-31' } }),
  'tbcase.prescriptionadd': async () => ({ id: await treatedCase(), input: { productId: f.product, iniDate: '2025-02-01', endDate: '2025-02-28', doseUnit: 2, frequency: 7 } }),
  'tbcase.prescriptionedit': async () => {
    const caseId = await treatedCase();
    const add = { caseId, productId: f.product, iniDate: '2025-02-01', endDate: '2025-02-28', doseUnit: 2, frequency: 7 };
    const prescriptionId = ok(await admin.post('/api/cases/case/treatment/prescription/add', add), 'prescription add').result;
    return { id: caseId, input: { prescriptionId, iniDate: '2025-02-01', endDate: '2025-02-20', doseUnit: 3, frequency: 7, preservePrevPeriod: false } };
  },
  'tbcase.treatmentfollowup': async () => ({ id: await treatedCase(), input: { year: 2025, month: 1, version: 0, days: [{ day: 13, status: 'DOTS' }, { day: 14, status: 'NOT_TAKEN' }] } }),
  'prescription.delete': async () => {
    const caseId = await treatedCase();
    const add = { caseId, productId: f.product, iniDate: '2025-02-01', endDate: '2025-02-28', doseUnit: 2, frequency: 7 };
    return { id: ok(await admin.post('/api/cases/case/treatment/prescription/add', add), 'prescription add').result };
  },
  'issue.closeIssue': async () => ({ id: ok(await admin.post('/api/tbl/issue', { caseId: await newCase(), title: 'Вопрос', description: 'Почему?' }), 'issue').result }),
  'issue.reopenIssue': async () => {
    const id = ok(await admin.post('/api/tbl/issue', { caseId: await newCase(), title: 'Вопрос', description: 'Почему?' }), 'issue').result;
    ok(await admin.post(`/api/tbl/issue/${id}/action/closeIssue`, {}), 'close issue');
    return { id };
  },
  'tptcourse.tptstart': async () => ({ id: await tptCourse(false), input: { startDate: '2025-02-03' } }),
  'tptcourse.tptstatus': async () => ({ id: await tptCourse(), input: { status: 'ON_HOLD', statusDate: '2025-02-10' } }),
  'tptcourse.tptclose': async () => ({ id: await tptCourse(), input: { outcome: 'LOST', outcomeDate: '2025-03-01' } }),
  'tptcourse.tptreopen': async () => {
    const id = await tptCourse();
    ok(await admin.post(`/api/tbl/tptcourse/${id}/action/tptclose`, { outcome: 'LOST', outcomeDate: '2025-03-01' }), 'tptclose');
    return { id };
  },
  'tptcourse.tptfollowup': async () => ({ id: await tptCourse(), input: { year: 2025, month: 2, version: 0, days: [{ day: 3, status: 'DOTS' }, { day: 10, status: 'NOT_TAKEN' }] } }),
  'userws.block': async () => ({ id: await newUser() }),
  'userws.unblock': async () => {
    const id = await newUser();
    ok(await admin.post(`/api/tbl/userws/${id}/action/block`, {}), 'block');
    return { id };
  },
  'userws.resetpwd': async () => {
    const id = await newUser();
    return { id, changes: accountOf(id) };
  },
  'userws.updatepwd': async () => {
    const id = await newUser();
    return { id, input: { newPassword: 'Fresh1234', repeatNewPassword: 'Fresh1234' }, changes: accountOf(id) };
  },
};

async function newUser(): Promise<string> {
  const { doc } = await samples.userws();
  return ok(await admin.post('/api/tbl/userws', doc), 'userws').result;
}

describe('every declared action', () => {
  it('is covered here', () => {
    expect(actions.map((a) => `${a.table}.${a.name}`).filter((k) => !(k in actionSamples))).toEqual([]);
  });

  for (const a of actions.filter((x) => `${x.table}.${x.name}` in actionSamples)) {
    it(`${a.table}.${a.name}: its row's version, exactly its changes in the feed, its history entry`, async () => {
      const { id, input = {}, changes } = await actionSamples[`${a.table}.${a.name}`]();
      const version = await versionOf(a.table, id);
      const otherBefore = changes && (await changes.find());
      const otherVersion = otherBefore ? await versionOf(changes!.table, otherBefore) : 0;
      const run = await change(`${a.table}.${a.name}`, async () => ok(await admin.post(`/api/tbl/${a.table}/${id}/action/${a.name}`, input), `${a.table}.${a.name}`));
      const now = await versionOf(a.table, id);
      const own = run.fed.filter((c) => c.row_id === id && c.op !== 'left');
      if (a.name === 'delete') {
        expect(now).toBe(0);
        expect(own.map((c) => [c.op, c.row_version])).toEqual([['delete', version + 1]]);
      } else if (changes) {
        // its own row stays; the other row it writes passed the door
        expect(now).toBe(version);
        const other = await changes.find();
        expect(other, changes.table).toBeDefined();
        expect(await versionOf(changes.table, other!), `${changes.table} version`).toBeGreaterThan(otherVersion);
      } else if (!a.rowUnchanged) expect(now).toBeGreaterThan(version);
      // the user's command in the history: the action's entry on its row, or (an action that writes
      // other rows only) each row's own entry by this user
      const entries = run.history.filter((h) => h.entity_id === id && h.action === a.name);
      if (a.rowUnchanged) expect(run.history.length, 'history entries').toBeGreaterThan(0);
      else expect(entries.length, 'the action’s history entry').toBe(1);
    }, 60_000);
  }
});
