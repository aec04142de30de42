// A treatment start's body is one of two forms, chosen by its content (cases/treatment/start.ts
// `startForm`: `prescriptions` without `regimenId` is the individualized form, anything else the
// standard one), checked by the action host before the start runs (server/actions/input.ts): each
// form accepted, a body mixing them or missing a field its form requires refused on that field with
// the form's own message, nothing written; the OpenAPI document gives the same choice.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { server } from '../helpers/use-server.ts';
import { T, ok, refused, rowsOf, caseRow, newCase, useTreatmentFixture, type TreatmentFixture } from '../helpers/treatment.ts';

let doctor: ApiClient, bishkek: string;
let ids: TreatmentFixture['ids'];
useTreatmentFixture((f) => ({ doctor, bishkek, ids } = f));

const standard = () => ({ unitId: bishkek, iniDate: '2025-01-06', regimenId: ids.regTb });
const individual = () => ({ unitId: bishkek, iniDate: '2025-01-06', prescriptions: [{ productId: ids.hrze, doseUnit: 4, frequency: 7, monthIni: 1, months: 6 }] });

/** Nothing of a start on the case: still not on treatment, no treatment or prescription row, no history entry. */
async function notStarted(caseId: string) {
  expect(await caseRow(caseId)).toMatchObject({ state: 'NOT_ONTREATMENT', ini: null });
  expect(await rowsOf('treatment', caseId)).toHaveLength(0);
  expect(await rowsOf('prescription', caseId)).toHaveLength(0);
  const entries = await kysely(server.ctx.orm.em.fork()).selectFrom('cmdhistory').select('action').where('entity_id', '=', caseId).where('action', '=', 'starttreatment').execute();
  expect(entries).toHaveLength(0);
}

describe('the start body: a standard or an individualized form', () => {
  it('takes either form, on the spec path and on the action path', async () => {
    const a = await newCase();
    ok(await doctor.post(`${T}/start`, { caseId: a, ...standard() }));
    expect((await rowsOf('prescription', a)).length).toBe(2); // 2HRZE/4HR: HRZE then HR
    const b = await newCase();
    ok(await doctor.post(`/api/tbl/tbcase/${b}/action/starttreatment`, individual()));
    expect((await rowsOf('prescription', b)).map((p) => p.product_id)).toEqual([ids.hrze]); // the one row asked for
    expect(await caseRow(b)).toMatchObject({ state: 'ONTREATMENT', ini: '2025-01-06' });
  });

  it('refuses a body mixing the two forms: checked as a standard start, its prescriptions an unknown field', async () => {
    const id = await newCase();
    const r = await doctor.post(`${T}/start`, { caseId: id, ...standard(), prescriptions: individual().prescriptions });
    refused(r, 400, 'prescriptions', 'prescriptions: Неизвестное поле');
    expect(r.body.errors).toHaveLength(1);
    await notStarted(id);
  });

  it("refuses a body missing a field its form requires, on that field, with the form's message", async () => {
    const id = await newCase();
    // neither regimen nor prescriptions: a standard start without its regimen
    refused(await doctor.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: '2025-01-06' }), 400, 'regimenId', 'Схема лечения: Обязательное поле');
    // an individualized start without its unit, and one whose row leaves out how many months
    refused(await doctor.post(`${T}/start`, { caseId: id, iniDate: '2025-01-06', prescriptions: individual().prescriptions }), 400, 'unitId', 'Учреждение лечения: Обязательное поле');
    const [row] = individual().prescriptions;
    const { months: _months, ...noMonths } = row;
    const r = await doctor.post(`/api/tbl/tbcase/${id}/action/starttreatment`, { ...individual(), prescriptions: [noMonths] });
    refused(r, 400, 'prescriptions.0.months', 'Месяцев: Обязательное поле');
    expect(r.body.errors).toHaveLength(1);
    // an individualized start's date after today: its form's bound
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    refused(await doctor.post(`${T}/start`, { caseId: id, ...individual(), iniDate: tomorrow }), 400, 'iniDate', 'Дата начала лечения: не может быть позже сегодняшнего дня');
    await notStarted(id);
  });

  it('is documented in the OpenAPI document as the same choice: either form passes, the mix does not', async () => {
    const doc = (await server.anonymous().get('/api/openapi.json')).body;
    const schema = doc.paths['/api/cases/case/treatment/start'].post.requestBody.content['application/json'].schema;
    expect(schema.then.required).toEqual(expect.arrayContaining(['caseId', 'prescriptions']));
    expect(schema.else.required).toEqual(expect.arrayContaining(['caseId', 'regimenId']));
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    const validate = ajv.compile(schema);
    const caseId = '0b7c2b4e-3f1a-4c4e-9d7e-2a1b3c4d5e6f';
    expect(validate({ caseId, ...standard() })).toBe(true);
    expect(validate({ caseId, ...individual() })).toBe(true);
    expect(validate({ caseId, ...standard(), prescriptions: individual().prescriptions })).toBe(false);
    expect(validate({ caseId, unitId: bishkek, iniDate: '2025-01-06' })).toBe(false);
  });
});
