// Export to DHIS2 end to end, against a STAND-IN for DHIS2 (tests/helpers/dhis2-standin.ts:
// a small HTTP server checking what DHIS2 checks — the account, UIDs, periods, org units, values —
// and answering DHIS2's import summary; not DHIS2 itself). The register is hand-built
// (tests/helpers/who-cases.ts) and every number expected is counted by hand from the WHO definitions
// (docs/who-forms.md, docs/who-indicators.md), case by case, in the comments.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { kysely } from '../../server/db/kysely.ts';
import { unitNamed } from '../helpers/cases.ts';
import { startDhis2StandIn, type StandIn } from '../helpers/dhis2-standin.ts';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { writeWhoCases, type WhoCase } from '../helpers/who-cases.ts';

useTestServer();

const mapping = JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/reports/dhis2/tb-quarterly.json'), 'utf8'));
const BGPTD = 'KgOuBGPTD00'; // the demo's Bishkek city dispensary (catalogues/demo/04-unit.json)
const Q1 = { mapping: 'tb-quarterly', year: 2025, quarter: 1 } as const;
let A: string, B: string;
let unitA: Record<string, unknown>;
let dhis2: StandIn;
let reader: ApiClient, noHiv: ApiClient, doctor: ApiClient;

/**
 * 2025 Q1 at A (Bishkek): k1 new pulmonary bacteriologically confirmed, HIV-negative; k2 new pulmonary
 * clinically diagnosed; k3 relapse extrapulmonary, HIV-positive on ART. B (Osh) notified k4. k5 is of
 * 2024 Q4. The outcome cohort of 2024 Q1 at A: o1 new, cured; o2 relapse, died (both pulmonary, confirmed).
 */
const register = (): WhoCase[] => [
  { key: 'k1', unit: A, registered: '2025-01-15', hiv: { result: 'NEGATIVE' } },
  { key: 'k2', unit: A, registered: '2025-02-01', basis: 'CLINICAL' },
  { key: 'k3', unit: A, registered: '2025-03-01', group: 'RELAPSE', site: 'EXTRAPULMONARY', hiv: { result: 'POSITIVE', art: true } },
  { key: 'k4', unit: B, registered: '2025-02-15' },
  { key: 'k5', unit: A, registered: '2024-12-31' },
  { key: 'o1', unit: A, registered: '2024-01-10', outcome: 'CURED' },
  { key: 'o2', unit: A, registered: '2024-02-01', group: 'RELAPSE', outcome: 'DIED' },
];

/** The values of A for 2025 Q1 that are not 0 (every other of the mapping's 73 is 0), by `dataElement/categoryOptionCombo`. */
const NOT_ZERO: Record<string, number> = {
  'Tb07New0000/CocPBc00000': 1, // k1
  'Tb07New0000/CocPCd00000': 1, // k2
  'Tb07Rel0000/CocEP000000': 1, // k3
  'Tb07HivReg0/HllvX50cXC0': 3, // new and relapse: k1 k2 k3
  'Tb07HivTst0/HllvX50cXC0': 2, // k1 negative, k3 positive
  'Tb07HivPos0/HllvX50cXC0': 1, // k3
  'Tb07HivArt0/HllvX50cXC0': 1, // k3 (no CPT recorded)
  'Tb07LabTst0/HllvX50cXC0': 1, // bacteriologically confirmed: k1
  'Tb07LabPos0/HllvX50cXC0': 1, // k1
  'Tb08NrPbc00/CocReg00000': 2, // o1 o2
  'Tb08NrPbc00/CocCur00000': 1, // o1
  'Tb08NrPbc00/CocDie00000': 1, // o2
  'TbInd8Num00/HllvX50cXC0': 3, // new episodes: new k1 k2, relapse k3
  'TbInd15Num0/HllvX50cXC0': 2, // HIV status known: k1 k3
  'TbInd15Den0/HllvX50cXC0': 3, // new episodes
  'TbInd37Num0/HllvX50cXC0': 1, // cohort of 2024 Q1 that started treatment: o1 cured
  'TbInd37Den0/HllvX50cXC0': 2, // o1 o2
};
const byKey = (values: any[]) => Object.fromEntries(values.map((v) => [`${v.dataElement}/${v.categoryOptionCombo}`, v.value]));
const expectedA = (changes: Record<string, number> = {}) =>
  Object.fromEntries(mapping.values.map((v: any) => { const k = `${v.dataElement}/${v.categoryOptionCombo}`; return [k, changes[k] ?? NOT_ZERO[k] ?? 0]; }));

beforeAll(async () => {
  A = await unitNamed(admin, 'Бишкекский городской');
  B = await unitNamed(admin, 'Ошский областной');
  unitA = { ...Q1, scope: 'UNIT', scopeId: A };
  const ws = (await admin.post('/api/sys/session')).body.workspaceId;
  await writeWhoCases(server, ws, register());
  dhis2 = await startDhis2StandIn({
    username: 'tbexport', password: 'S3cret-district',
    dataSet: { id: 'TbQrtRpt001', periodType: 'Quarterly' },
    dataElements: [...new Set<string>(mapping.values.map((v: any) => v.dataElement))],
    categoryOptionCombos: [...new Set<string>(mapping.values.map((v: any) => v.categoryOptionCombo))],
    orgUnits: [BGPTD], // the stand-in knows Bishkek only
  });
  reader = await createUser(server, admin, 'DHISREAD', [{ permission: 'DHIS_EXPORT' }, { permission: 'EXAM_HIV' }, { permission: 'EXAM_MICROSCOPY' }, { permission: 'EXAM_XPERT' }, { permission: 'EXAM_CULTURE' }]);
  noHiv = await createUser(server, admin, 'DHISNOHIV', [{ permission: 'DHIS_EXPORT', canChange: true }]);
  doctor = await createUser(server, admin, 'DHISDOC', [{ permission: 'CASEMAN' }]);
}, 240_000);
afterAll(() => dhis2?.close());

describe('the values of a period and a place', () => {
  it('previews unit A\'s 73 values of 2025 Q1, each counted as the WHO forms and indicators count it', async () => {
    const r = await admin.post('/api/dhis2/preview', unitA);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ dataSet: 'TbQrtRpt001', period: '2025Q1', adxPeriod: '2025-01-01/P3M', unmapped: [], withheld: 0 });
    expect(r.body.orgUnits).toEqual([{ uid: BGPTD, name: 'Бишкекский городской противотуберкулёзный диспансер' }]);
    expect(r.body.values.length).toBe(73);
    expect(byKey(r.body.values)).toEqual(expectedA());
    expect(r.body.values.find((v: any) => v.dataElement === 'Tb07New0000' && v.categoryOptionCombo === 'CocPBc00000')).toMatchObject({
      orgUnit: BGPTD, source: 'tb07 byGroup/new/pulmonaryBc', label: 'ТБ 07 · Раздел 1. Все случаи ТБ, зарегистрированные за квартал · Новые случаи · Лёгочный, бактериологически подтверждённый',
    });
  });

  it('withholds the numbers of exam types the reader may not read, and needs DHIS_EXPORT', async () => {
    const r = await noHiv.post('/api/dhis2/preview', unitA);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const got = byKey(r.body.values);
    // TB 07's HIV block but its registered, TB 08's HIV-positive row, TB.IND.15 (reads the HIV status)
    expect(got['Tb07HivReg0/HllvX50cXC0']).toBe(3);
    for (const k of ['Tb07HivTst0/HllvX50cXC0', 'Tb07HivPos0/HllvX50cXC0', 'Tb08Hiv0000/CocReg00000', 'TbInd15Num0/HllvX50cXC0', 'TbInd15Den0/HllvX50cXC0']) expect(got, k).not.toHaveProperty(k);
    expect(r.body.withheld).toBe(73 - r.body.values.length);
    expect(got['Tb07New0000/CocPBc00000']).toBe(1);
    expect((await doctor.post('/api/dhis2/preview', unitA)).status).toBe(403);
    expect((await doctor.post('/api/dhis2/mappings', {})).status).toBe(403);
  });

  it('writes them as DHIS2\'s data value set and as ADX', async () => {
    const json = await admin.post('/api/dhis2/file', { ...unitA, format: 'json' });
    expect(json.status).toBe(200);
    expect(json.body.dataSet).toBe('TbQrtRpt001');
    expect(json.body.dataValues.length).toBe(73);
    expect(json.body.dataValues).toContainEqual({ dataElement: 'Tb07HivReg0', period: '2025Q1', orgUnit: BGPTD, categoryOptionCombo: 'HllvX50cXC0', value: '3' });
    const adx = await admin.post('/api/dhis2/file', { ...unitA, format: 'adx' });
    expect(adx.status).toBe(200);
    expect(adx.body).toContain(`<group orgUnit="${BGPTD}" period="2025-01-01/P3M" dataSet="TbQrtRpt001">`);
    expect(adx.body).toContain('<dataValue dataElement="Tb07New0000" value="1" TB_SITE="PBC"/>');
    const xsd = readFileSync(join(import.meta.dirname, '../fixtures/adx/adx-dhis2.xsd'), 'utf8');
    const checked = await validateXML({ xml: [{ fileName: 'a.xml', contents: adx.body }], schema: [{ fileName: 'adx.xsd', contents: xsd }] });
    expect(checked.errors).toEqual([]);
  });

  it('refuses a missing quarter, an unknown mapping and a place of another kind', async () => {
    const noQuarter = await admin.post('/api/dhis2/preview', { mapping: 'tb-quarterly', year: 2025 });
    expect(noQuarter.status).toBe(400);
    expect(noQuarter.body.errors).toEqual([{ field: 'quarter', msg: 'Выберите квартал: набор данных квартальный' }]);
    expect((await admin.post('/api/dhis2/preview', { ...Q1, mapping: 'nope' })).status).toBe(404);
    expect((await admin.post('/api/dhis2/preview', { ...Q1, mapping: '__proto__' })).status).toBe(404);
    expect((await admin.post('/api/dhis2/preview', { ...Q1, format: 'xml' })).status).toBe(400);
  });
});

describe('a unit\'s DHIS2 UID', () => {
  it('is 11 letters and digits, a letter first, and one unit\'s only', async () => {
    const bad = await admin.post(`/api/tbl/unit/${B}`, { dhis2Uid: '1gOuOOPTD00' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('dhis2Uid');
    expect((await admin.post(`/api/tbl/unit/${B}`, { dhis2Uid: 'KgOuOOPTD0' })).status).toBe(400);
    const taken = await admin.post(`/api/tbl/unit/${B}`, { dhis2Uid: BGPTD });
    expect(taken.status).toBeGreaterThanOrEqual(400);
    expect(taken.body.errors[0].field).toBe('dhis2Uid');
    expect((await admin.get(`/api/tbl/unit/${B}`)).body.dhis2Uid).toBe('KgOuOOPTD00');
  });
});

describe('sending to the DHIS2 server (the stand-in)', () => {
  it('keeps the server\'s address and account, never answering the password', async () => {
    expect((await reader.get('/api/dhis2/server')).status).toBe(403);
    expect((await reader.post('/api/dhis2/server', { url: dhis2.url, username: 'x', password: 'y' })).status).toBe(403);
    const noPassword = await admin.post('/api/dhis2/server', { url: dhis2.url, username: 'tbexport' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors[0].field).toBe('password');
    expect((await admin.post('/api/dhis2/server', { url: 'ftp://dhis2', username: 'tbexport', password: 'S3cret-district' })).body.errors[0].field).toBe('url');
    expect((await admin.post('/api/dhis2/server', { url: dhis2.url, username: 'tbexport', password: 'S3cret-district' })).status).toBe(200);
    const got = await admin.get('/api/dhis2/server');
    expect(got.body).toEqual({ url: dhis2.url, username: 'tbexport', passwordSet: true });
    // the history names the server's address and account; the password is in no entry
    const history = await kysely(server.ctx.orm.em.fork()).selectFrom('cmdhistory').selectAll().where('type', '=', 'dhis2server').execute();
    expect(history.length).toBe(1);
    expect(JSON.stringify(history)).toContain('tbexport');
    expect(JSON.stringify(history)).not.toContain('S3cret-district');
  });

  it('needs a dry run first: DHIS2 checks everything, stores nothing, and its summary is shown', async () => {
    expect((await reader.post('/api/dhis2/send', { ...unitA, dryRun: true })).status).toBe(403); // reading, not sending
    const early = await admin.post('/api/dhis2/send', { ...unitA, dryRun: false });
    expect(early.status).toBe(409);
    expect(early.body.errors).toEqual([{ field: 'dryRun', msg: 'Сначала выполните пробную отправку этих значений' }]);
    expect(dhis2.requests.length).toBe(0);
    const dry = await admin.post('/api/dhis2/send', { ...unitA, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.result).toMatchObject({ dryRun: true, status: 'SUCCESS', imported: 73, updated: 0, ignored: 0, deleted: 0, conflicts: [], period: '2025Q1', orgUnits: [BGPTD], values: 73 });
    expect(dhis2.stored.size).toBe(0);
    expect(dhis2.requests[0].dryRun).toBe(true);
    expect(dhis2.requests[0].authorization).toBe(`Basic ${Buffer.from('tbexport:S3cret-district').toString('base64')}`);
  });

  it('shows the conflicts DHIS2 names: the org units it does not know', async () => {
    // the workspace: the demo's 9 TB units have UIDs; the stand-in knows Bishkek's only. Chui's UID removed: listed as not sent.
    await kysely(server.ctx.orm.em.fork()).updateTable('unit').set({ dhis2_uid: null }).where('custom_id', '=', 'CHOPTD').execute();
    const preview = await admin.post('/api/dhis2/preview', Q1);
    expect(preview.body.orgUnits.length).toBe(8);
    expect(preview.body.unmapped).toEqual(['Чуйский областной противотуберкулёзный диспансер']);
    const dry = await admin.post('/api/dhis2/send', { ...Q1, dryRun: true });
    expect(dry.status).toBe(200);
    // Bishkek's 73 would be imported; the other 7 units' 7 × 73 = 511 values are refused, each a conflict
    expect(dry.body.result).toMatchObject({ dryRun: true, status: 'WARNING', imported: 73, updated: 0, ignored: 511 });
    expect(dry.body.result.conflicts.length).toBe(511);
    expect(new Set(dry.body.result.conflicts.map((c: any) => c.value))).toEqual(new Set(['Org unit not found or not accessible']));
    expect(dry.body.result.conflicts.map((c: any) => c.object)).not.toContain(BGPTD);
    expect(dhis2.stored.size).toBe(0);
  });

  it('sends after the dry run: imported, then nothing new, then the values that changed', async () => {
    const sent = await admin.post('/api/dhis2/send', { ...unitA, dryRun: false });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.result).toMatchObject({ dryRun: false, status: 'SUCCESS', imported: 73, updated: 0, ignored: 0 });
    expect(dhis2.stored.size).toBe(73);
    expect(dhis2.stored.get(`Tb07HivReg0.2025Q1.${BGPTD}.HllvX50cXC0`)).toBe('3');
    const again = await admin.post('/api/dhis2/send', { ...unitA, dryRun: false }); // the same values: their dry run holds
    expect(again.body.result).toMatchObject({ status: 'SUCCESS', imported: 0, updated: 0, ignored: 73 });
    // a new case at A: new pulmonary bacteriologically confirmed, no HIV test
    const ws = (await admin.post('/api/sys/session')).body.workspaceId;
    await writeWhoCases(server, ws, [...register(), { key: 'k6', unit: A, registered: '2025-03-20' }]);
    const changed = { 'Tb07New0000/CocPBc00000': 2, 'Tb07HivReg0/HllvX50cXC0': 4, 'Tb07LabTst0/HllvX50cXC0': 2, 'Tb07LabPos0/HllvX50cXC0': 2, 'TbInd8Num00/HllvX50cXC0': 4, 'TbInd15Den0/HllvX50cXC0': 4 };
    expect(byKey((await admin.post('/api/dhis2/preview', unitA)).body.values)).toEqual(expectedA(changed));
    expect((await admin.post('/api/dhis2/send', { ...unitA, dryRun: false })).status).toBe(409); // other values: a dry run of them first
    expect((await admin.post('/api/dhis2/send', { ...unitA, dryRun: true })).body.result).toMatchObject({ status: 'SUCCESS', imported: 0, updated: 6, ignored: 67 });
    expect((await admin.post('/api/dhis2/send', { ...unitA, dryRun: false })).body.result).toMatchObject({ status: 'SUCCESS', imported: 0, updated: 6, ignored: 67 });
    expect(dhis2.stored.get(`TbInd8Num00.2025Q1.${BGPTD}.HllvX50cXC0`)).toBe('4');
  });

  it('records a server that refuses the account, without the password anywhere', async () => {
    expect((await admin.post('/api/dhis2/server', { url: dhis2.url, username: 'tbexport', password: 'wrong-one' })).status).toBe(200);
    const r = await admin.post('/api/dhis2/send', { ...unitA, dryRun: true });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ dryRun: true, status: 'FAILED', error: 'Сервер DHIS2 не принял имя пользователя или пароль (HTTP 401)' });
    expect(JSON.stringify(r.body)).not.toContain('wrong-one');
    // the address and name changed, the password kept when none is given
    expect((await admin.post('/api/dhis2/server', { url: `${dhis2.url}/`, username: 'tbexport' })).status).toBe(200);
    expect((await admin.get('/api/dhis2/server')).body).toEqual({ url: `${dhis2.url}/`, username: 'tbexport', passwordSet: true });
  });

  it('lists the past sendings newest first: who, when, what and DHIS2\'s summary', async () => {
    const r = await reader.post('/api/dhis2/sends', {});
    expect(r.status).toBe(200);
    expect(r.body.list.map((x: any) => [x.dryRun, x.status, x.imported ?? null, x.updated ?? null, x.ignored ?? null])).toEqual([
      [true, 'FAILED', null, null, null],
      [false, 'SUCCESS', 0, 6, 67],
      [true, 'SUCCESS', 0, 6, 67],
      [false, 'SUCCESS', 0, 0, 73],
      [false, 'SUCCESS', 73, 0, 0],
      [true, 'WARNING', 73, 0, 511],
      [true, 'SUCCESS', 73, 0, 0],
    ]);
    expect(r.body.list[1]).toMatchObject({ mapping: 'tb-quarterly', dataSet: 'TbQrtRpt001', period: '2025Q1', orgUnits: [BGPTD], values: 73, userName: expect.any(String) });
    expect(Date.now() - new Date(r.body.list[0].sentAt).getTime()).toBeLessThan(10 * 60_000);
    expect((await doctor.post('/api/dhis2/sends', {})).status).toBe(403);
  });

  it('pages the sendings by a cursor: 50 a page, none twice or lost where many were sent at the same instant', async () => {
    // 118 more sendings recorded at three instants (60 + 40 + 18; the first to the microsecond), newer than the 7 above: 125 in all
    const ws = (await admin.post('/api/sys/session')).body.workspaceId;
    const user = (await admin.post('/api/sys/session')).body.userId;
    const at = ['2099-01-01T10:00:00.123456Z', '2099-01-01T09:00:00Z', '2099-01-01T08:00:00.5Z'];
    const made = [...Array(60).fill(at[0]), ...Array(40).fill(at[1]), ...Array(18).fill(at[2])].map((sentAt, i) => ({
      id: crypto.randomUUID(), workspace_id: ws, mapping: 'tb-quarterly', period: '2025Q1', dry_run: true, status: 'SUCCESS', user_id: user, sent_at: sentAt, values: i,
    }));
    const db = kysely(server.ctx.orm.em.fork());
    await db.insertInto('dhis2send').values(made).execute();
    try {
      const pages: any[] = [];
      let after: string | undefined;
      do {
        const r = await reader.post('/api/dhis2/sends', after ? { after } : {});
        expect(r.status).toBe(200);
        pages.push(r.body.list);
        after = r.body.next ?? undefined;
      } while (after && pages.length < 10);
      expect(pages.map((p) => p.length)).toEqual([50, 50, 25]);
      const ids = pages.flat().map((x) => x.id);
      expect(new Set(ids).size).toBe(125);
      // newest first: the 60 of 10:00:00.123456 (50 on the first page, 10 on the second), the 40 of 09:00, the 18 of 08:00 on the third, then the 7 sent above
      const byId = new Map(made.map((m) => [m.id, m.sent_at]));
      expect(pages[0].concat(pages[1].slice(0, 10)).every((x: any) => byId.get(x.id) === at[0])).toBe(true);
      expect(pages[1].slice(10).every((x: any) => byId.get(x.id) === at[1])).toBe(true);
      expect(pages[2].slice(0, 18).every((x: any) => byId.get(x.id) === at[2])).toBe(true);
      expect(pages[2].slice(18).every((x: any) => !byId.has(x.id))).toBe(true);
      // a cursor not of this list is the client's error on `after`
      const bad = await reader.post('/api/dhis2/sends', { after: 'not-a-cursor' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('after');
    } finally {
      await db.deleteFrom('dhis2send').where('id', 'in', made.map((m) => m.id)).execute();
    }
  });
});
