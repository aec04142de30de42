// Editing a regimen's medicine row in the browser's form keeps every row's id: the rows carry their
// id as a hidden field the form keeps (server/tbl/rows.ts), so the save changes that row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/server.ts';
import { card, closeEnv, signInAt, startEnv, tid, type BrowserEnv } from './support.ts';

let env: BrowserEnv;
let admin: ApiClient;

beforeAll(async () => {
  env = await startEnv();
  admin = await env.server.login();
});
afterAll(async () => {
  await closeEnv(env);
});

describe("a regimen's rows edited in the form", () => {
  it('keep their ids when one row’s dose changes; the row moved up keeps its id too', async () => {
    const meds = (await admin.post('/api/opts/product', { for: 'regimen.medicines.medicineId' })).body;
    const row = (i: number, days: number) => ({ medicineId: meds[i].value, defaultDoseUnit: 1, defaultFrequency: 7, iniDay: 0, days });
    const created = await admin.post('/api/tbl/regimen', { name: 'Строки в форме', classification: 'TB', medicines: [row(0, 30), row(1, 60), row(2, 90)] });
    expect(created.status).toBe(200);
    const before = (await admin.get(`/api/tbl/regimen/${created.body.result}`)).body.medicines;

    const page = await env.newPage();
    await signInAt(page, 'ADMIN', 'Admin123', '/sys/admin/tables/regimens');
    const item = card(page, 'Строки в форме');
    await item.click();
    await item.locator(tid('catalogue-edit')).click();
    const form = page.locator(tid('form-dialog'));
    await form.locator('#root_medicines_2_days').waitFor();
    expect(await form.locator('[role="columnheader"]').count()).toBe(5); // no column for the id
    await form.locator('#root_medicines_1_defaultDoseUnit').fill('4');
    await form.locator('#root_medicines_2__moveUp').click();
    await form.locator(tid('form-save')).click();
    await page.locator(tid('alert-success')).filter({ hasText: 'Успешно обновлено' }).waitFor();

    const after = (await admin.get(`/api/tbl/regimen/${created.body.result}`)).body.medicines;
    expect(after.map((m: any) => [m.id, m.days, m.defaultDoseUnit])).toEqual([
      [before[0].id, 30, 1],
      [before[2].id, 90, 1],
      [before[1].id, 60, 4],
    ]);
  });
});
