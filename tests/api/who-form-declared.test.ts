// A country changes its national form by editing its definition file only: on a copy of
// the schemas, TB 07 gets one more row — new cases among children (0–14 years) — and a whole new form
// is one more file; the server computes them, drills into them, lists what falls in no row, with no code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemasDir } from '../../server/config.ts';
import { unitNamed } from '../helpers/cases.ts';
import { startServerWithSchemas } from '../helpers/extra-schemas.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { writeWhoCases } from '../helpers/who-cases.ts';

const tb07 = JSON.parse(readFileSync(join(schemasDir, 'reports', 'who', 'tb07.json'), 'utf8'));
const byGroup = tb07.tables.find((t: any) => t.id === 'byGroup');
byGroup.rows.splice(1, 0, {
  id: 'newChildren',
  label: { ru: 'Новые случаи у детей 0–14 лет', en: 'New cases, children 0–14' },
  when: { all: [{ var: 'registrationGroup', in: ['NEW'] }, { var: 'ageRange', from: 0, to: 14 }] },
});

// a whole new national form, one file: the HIV-positive cases registered in the quarter, new ones only
const hivForm = {
  id: 'hivNew',
  code: { ru: 'ВИЧ 01', en: 'HIV 01' },
  order: 9,
  title: { ru: 'ВИЧ-положительные случаи ТБ за квартал', en: 'HIV-positive TB cases in the quarter' },
  population: { date: 'registrationDate', when: { var: 'hivResult', in: ['POSITIVE'] } },
  tables: [
    {
      id: 'cases',
      title: { ru: 'Случаи', en: 'Cases' },
      complete: true,
      rows: [{ id: 'new', label: { ru: 'Новые', en: 'New' }, when: { var: 'registrationGroup', in: ['NEW'] } }],
      columns: [{ id: 'number', label: { ru: 'Число', en: 'Number' } }],
    },
  ],
};

let ids: Record<string, string>;
useTestServer(() => startServerWithSchemas('whoform', [], { 'reports/who/tb07.json': tb07, 'reports/who/hivNew.json': hivForm }));
beforeAll(async () => {
  const unit = await unitNamed(admin, 'Бишкекский городской');
  const ws = (await admin.post('/api/sys/session')).body.workspaceId;
  ids = await writeWhoCases(server, ws, [
    { key: 'k1', unit, registered: '2025-05-10', born: '2011-05-11' }, // 13: a child
    { key: 'k2', unit, registered: '2025-05-10', born: '2010-05-10', site: 'EXTRAPULMONARY' }, // 15 that day: no longer
    { key: 'k3', unit, registered: '2025-06-01', born: '2020-01-01', group: 'RELAPSE' }, // a child, but a relapse
    { key: 'k4', unit, registered: '2025-06-02', born: '2024-01-01', basis: 'CLINICAL', hiv: { result: 'POSITIVE' } }, // a child
    { key: 'k5', unit, registered: '2025-06-03', group: 'RELAPSE', hiv: { result: 'POSITIVE' } }, // in no row of the new form
  ]);
}, 240_000);

describe('a row added to the TB 07 definition file', () => {
  it('is computed in its place, with the rows declared before and after it', async () => {
    const r = await admin.post('/api/who/report', { form: 'tb07', year: 2025, quarter: 2 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const t = r.body.result.tables.find((x: any) => x.id === 'byGroup');
    expect(t.rows.slice(0, 3).map((x: any) => [x.id, x.label])).toEqual([['new', 'Новые случаи'], ['newChildren', 'Новые случаи у детей 0–14 лет'], ['relapse', 'Рецидивы']]);
    expect(t.columns.map((c: any) => c.id)).toEqual(['pulmonaryBc', 'pulmonaryCd', 'extrapulmonary', 'total']);
    expect(t.values[1]).toEqual([1, 1, 0, 2]); // k1 P-bc, k4 P-cd
    expect(t.values[0]).toEqual([1, 1, 1, 3]);
  });
  it('drills through to its cases', async () => {
    const r0 = await admin.post('/api/who/cases', { form: 'tb07', year: 2025, quarter: 2, table: 'byGroup', row: 'newChildren', column: 'pulmonaryCd' });
    expect(r0.body.list.map((c: any) => c.id)).toEqual([ids.k4]);
    const r = await admin.post('/api/who/cases', { form: 'tb07', year: 2025, quarter: 2, table: 'byGroup', row: 'newChildren', column: 'total' });
    expect(r.body.count).toBe(2);
    expect(r.body.list.map((c: any) => c.id).sort()).toEqual([ids.k1, ids.k4].sort());
  });
});

describe('a new form added as a file', () => {
  it('is listed and computed; a counted case in no row of its complete table is listed with that reason', async () => {
    expect((await admin.post('/api/who/forms', {})).body.forms.map((f: any) => f.id)).toContain('hivNew');
    const r = (await admin.post('/api/who/report', { form: 'hivNew', year: 2025, quarter: 2 })).body.result;
    expect(r.form).toEqual({ id: 'hivNew', code: 'ВИЧ 01', title: 'ВИЧ-положительные случаи ТБ за квартал' });
    expect(r.tables[0].values).toEqual([[1]]); // k4
    expect(r.excluded.list.map((x: any) => [x.id, x.reason, x.reasonLabel])).toEqual([[ids.k5, 'noRow:cases', 'Не попадает ни в одну строку таблицы «Случаи»']]);
  });
  it('is not shown to a reader who may not read what its population is chosen by', async () => {
    const doctor = await createUser(server, admin, 'WHOFORMDOC', [{ permission: 'CASEMAN' }]);
    expect((await doctor.post('/api/who/forms', {})).body.forms.map((f: any) => f.id)).not.toContain('hivNew');
    expect((await doctor.post('/api/who/report', { form: 'hivNew', year: 2025, quarter: 2 })).status).toBe(403);
    expect((await doctor.post('/api/who/report', { form: 'tb07', year: 2025, quarter: 2 })).status).toBe(200);
  });
});
