// The set-up the follow-up exam tests share: what the spec asks of each of the seven exam types
// (written by hand, not read from the schemas, so a wrong schema fails), the users who read and
// write them, two cases (one of the unit doctor's unit, one of another), and the stored row read
// straight from the database. The users and cases are live bindings, set in the `beforeAll` that
// `useFollowupExams` registers: read them in hooks and tests.
import { beforeAll } from 'vitest';
import type { ApiClient } from './server.ts';
import { admin, server, useTestServer } from './use-server.ts';
import { createUser } from './users.ts';
import { kyselyByName } from '../../server/db/kysely.ts';

/** A conditional field: shown (and maybe required) with `shown`, hidden with `hidden`. */
export interface Rule { field: string; value: unknown; shown: Record<string, unknown>; hidden: Record<string, unknown>; required: boolean }
/** One exam type as the spec asks it: its table, type, permission, a valid exam, its required and conditional fields. */
export interface ExamType { table: string; type: string; permission: string; valid: Record<string, unknown>; required: string[]; rules: Rule[] }

/** A laboratory (unit of type LAB) of the demo workspace. */
export let lab = '';
/** A TB unit (not a laboratory) of the demo workspace. */
export let tbunit = '';

/** What the spec asks of each type (written here, not read from the schemas, so a wrong schema fails). */
export const types = (): ExamType[] => [
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


/** The twelve drugs of a DST result (`result<Drug>`). */
export const dstDrugs = ['H', 'R', 'E', 'Z', 'S', 'Am', 'Cfz', 'Cm', 'Cs', 'Eto', 'Lfx', 'Ofx'];
/** The seven exam permissions. */
export const allPerms = ['CASE_MED_EXAM', 'EXAM_MICROSCOPY', 'EXAM_CULTURE', 'EXAM_XPERT', 'EXAM_DST', 'EXAM_HIV', 'EXAM_XRAY'];

/** Reads every exam type (no _EDT). */
export let reader: ApiClient;
/** Reads and writes every exam type. */
export let writer: ApiClient;
/** Writes every exam type but HIV tests. */
export let noHiv: ApiClient;
/** Writes every exam type, sees only their own unit's cases. */
export let unitDoctor: ApiClient;
/** A case of the unit doctor's unit (Bishkek). */
export let own: any;
/** A case of another unit (Osh), treatment started 2024-02-06. */
export let other: any;

/**
 * The stored row, straight from the database: the value of each field's column, by field key.
 * @example expect((await storedRow('exammic', id)).comments).toBe('правка');
 */
export async function storedRow(table: string, id: string): Promise<Record<string, unknown>> {
  const def = server.ctx.registry.table(table);
  const row = await kyselyByName(server.ctx.orm.em.fork()).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return Object.fromEntries(def.fields.map((f) => [f.key, row[f.column]]));
}

/** The fields a 400 names. @example expect(fieldsOf(r)).toEqual([\x27laboratoryId\x27]); */
export const fieldsOf = (r: { body: any }) => (r.body.errors ?? []).map((e: any) => e.field);

/**
 * Starts the file's server and, before its tests, finds the laboratory and the two cases and makes
 * the users. Call it once, at the top of a test file.
 * @example
 * useFollowupExams();
 * it('…', async () => expect((await writer.post('/api/tbl/examxray', { caseId: other.id, ...types()[6].valid })).status).toBe(200));
 */
export function useFollowupExams(): void {
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
}
