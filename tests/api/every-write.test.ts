// The generic test of the one door: for every declared table (from the registry) — and, in
// every-write-actions.test.ts, every declared row action — a change made through the API must
// - give the row its version (1 when made, one more per change, the deleted version + 1 for a delete),
// - put exactly the expected rows in the change feed: every row of the workspace that appeared,
//   changed or went has one change row per version it went through (a create, updates, a delete),
//   and no other row has any,
// - leave the user's command in the history,
// - leave every case's analytic row (server/analytic/) as a recomputation of the case makes it.
// A table this file does not know fails as uncovered: a new schema is covered here or listed, with
// its reason, among the exceptions. The fixture and the check of a change: tests/helpers/every-write.ts.
import { describe, expect, it } from 'vitest';
import { isSynchronised } from '../../server/feed/types.ts';
import { admin, useTestServer } from '../helpers/use-server.ts';
import { newPatient } from '../helpers/cases.ts';
import { change, contactDoc, f, fresh, newCase, newContact, nextSerial, ok, registry, tables, userDoc, useWriteFixture, versionOf, type Doc, type Fed } from '../helpers/every-write.ts';

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
useWriteFixture();

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
  population: async () => ({ doc: { adminUnitId: (await admin.post('/api/tbl/adminunit/query', { key: 'г. Бишкек' })).body.list[0].id, year: 1990 + (nextSerial() % 30), population: 1000000 }, patch: { population: 1000001 } }),
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
  userws: async () => ({ doc: userDoc(), patch: { name: 'Дверь Другой' } }),
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

/** API tables whose rows are written only through declared actions (covered with the actions below). */
const byActions: Record<string, string> = {
  treatment: 'made, changed and undone by the treatment actions (starttreatment, treatmentperiod, undotreatment)',
  treatunit: 'made by treatment start, changed by the period, undone with the treatment',
  prescription: 'added, edited and deleted by the prescription actions',
  adherence: 'the month calendar (treatmentfollowup)',
  tptadherence: 'the month calendar of a TPT course (tptfollowup)',
};

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
