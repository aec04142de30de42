// A configurator adds a whole follow-up exam type, and report variables and a summary, by editing
// schema files only: on a copy of the schemas, one new file `examsputum.json` (its fields,
// a conditional field, its labels in both languages, `x-report` on its enum) and, in the case file, a
// summary by its variable. With no code it is: in the case's follow-up list, types and dialog (the
// form, its labels in the reader's language), the API with its condition enforced, the command
// history, the generated types, both languages, a report variable and filter (each case counted by
// its newest exam), and a summary with a live count and list. A case field given `x-report` is a
// variable too.
//
// Data: three cases of one patient in Bishkek — case 1 has sputum exams LOW (01-11) then ENOUGH
// (01-20, 5 ml) so its newest is ENOUGH; case 2 LOW (02-11); case 3 none. None is transferring.
import { beforeAll, describe, expect, it } from 'vitest';
import { generateTypes } from '../../engine/types-gen.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { startServerWithSputum } from '../helpers/sputum-schema.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { kysely } from '../../server/db/kysely.ts';
import { clearWorkspaceCases } from '../helpers/workspace.ts';

let cases: string[];
let bishkek: string;
useTestServer(() => startServerWithSputum('reportvar'));
/** A call in the session's language switched to English (and back). */
async function inEnglish<T>(fn: () => Promise<T>): Promise<T> {
  expect((await admin.post('/api/sys/language/en')).status).toBe(200);
  try {
    return await fn();
  } finally {
    await admin.post('/api/sys/language/ru');
  }
}
/** The case's sputum exams, as its follow-up list gives them. */
const sputumOf = async (caseId: string) => ((await admin.get(`/api/cases/case/followups/${caseId}`)).body as any[]).filter((i) => i.type === 'EXAM_SPUTUM').map((i) => i.data);
const ok = (r: { status: number; body: unknown }) => expect(r.status, JSON.stringify(r.body)).toBe(200);

beforeAll(async () => {
  // the demo workspace's own cases out of the way: the workspace holds exactly the three below
  const ws = (await admin.post('/api/sys/session')).body.workspaceId;
  await clearWorkspaceCases(server, ws);
  bishkek = await unitNamed(admin, 'Бишкекский городской');
  const p = await newPatient(admin, { name: 'Ерлан', lastName: 'Мокротов', gender: 'MALE', birthDate: '1970-02-02' });
  cases = [await createCase(admin, p, bishkek), await createCase(admin, p, bishkek, { registrationDate: '2025-02-10' }), await createCase(admin, p, bishkek, { registrationDate: '2025-03-10' })];
  ok(await admin.post('/api/tbl/examsputum', { caseId: cases[0], date: '2025-01-11', volume: 'LOW' }));
  ok(await admin.post('/api/tbl/examsputum', { caseId: cases[0], date: '2025-01-20', volume: 'ENOUGH', millilitres: 5 }));
  ok(await admin.post('/api/tbl/examsputum', { caseId: cases[1], date: '2025-02-11', volume: 'LOW' }));
}, 240_000);

describe('a new follow-up exam type: one schema file, no code', () => {
  it('is listed among the case’s follow-up types and exams, named in both languages', async () => {
    const types = (await admin.get(`/api/cases/case/followups/${cases[0]}/types`)).body;
    expect(types).toContainEqual(expect.objectContaining({ type: 'EXAM_SPUTUM', table: 'examsputum', name: 'Объём мокроты', canChange: true }));
    const en = await inEnglish(() => admin.get(`/api/cases/case/followups/${cases[0]}/types`));
    expect(en.body).toContainEqual(expect.objectContaining({ table: 'examsputum', name: 'Sputum volume' }));
    expect((await sputumOf(cases[0])).map((x: any) => [x.date, x.volume])).toEqual([['2025-01-11', 'LOW'], ['2025-01-20', 'ENOUGH']]);
  });

  it('its dialog is the file’s form, with the file’s labels in the reader’s language', async () => {
    const ru = (await admin.post('/api/tbl/examsputum/form', {})).body;
    expect(ru.schema.properties.volume.title).toBe('examsputum.volume');
    expect(ru.resources.labels).toMatchObject({ 'examsputum.title': 'Объём мокроты', 'examsputum.volume': 'Объём', 'sputumVolume.ENOUGH': 'Достаточно' });
    const en = (await inEnglish(() => admin.post('/api/tbl/examsputum/form', {}))).body;
    expect(en.resources.labels).toMatchObject({ 'examsputum.title': 'Sputum volume', 'examsputum.millilitres': 'Volume, ml', 'sputumVolume.LOW': 'Too little' });
    // its read-only view names fields and values by the labels
    const id = (await sputumOf(cases[0])).find((x: any) => x.volume === 'ENOUGH').id;
    const view = (await admin.get(`/api/tbl/examsputum/view/${id}`)).body;
    expect(view.title).toBe('Объём мокроты');
    expect(view.items).toEqual(expect.arrayContaining([{ title: 'Объём', value: 'Достаточно' }, { title: 'Объём, мл', value: 5 }]));
  });

  it('the API enforces its condition and its date bound, and leaves nothing behind a refusal', async () => {
    const count = async () => (await sputumOf(cases[2])).length;
    const missing = await admin.post('/api/tbl/examsputum', { caseId: cases[2], date: '2025-03-11', volume: 'ENOUGH' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'millilitres', msg: expect.stringContaining('Объём, мл') }]);
    const future = await admin.post('/api/tbl/examsputum', { caseId: cases[2], date: '2999-01-01', volume: 'LOW' });
    expect(future.status).toBe(400);
    expect(future.body.errors[0].field).toBe('date');
    expect(await count()).toBe(0);
    // a hidden value is not stored: LOW with millilitres keeps no millilitres
    const low = await admin.post('/api/tbl/examsputum', { caseId: cases[2], date: '2025-03-11', volume: 'LOW', millilitres: 9 });
    ok(low);
    expect((await admin.get(`/api/tbl/examsputum/${low.body.result}`)).body.millilitres).toBeUndefined();
    ok(await admin.delete(`/api/tbl/examsputum/${low.body.result}`));
    expect(await count()).toBe(0);
  });

  it('a write is in the command history, its fields and values by the file’s labels', async () => {
    const id = (await sputumOf(cases[1]))[0].id;
    const entries = await kysely(server.ctx.orm.em.fork()).selectFrom('cmdhistory').select('id').where('entity_id', '=', id).execute();
    expect(entries).toHaveLength(1);
    const d = new Date();
    d.setHours(0, 0, 0, 0);
    const report = (await admin.post('/api/admin/rep/cmdhistory', { iniDate: d.getTime(), type: 'examsputum' })).body.list.filter((r: any) => r.id === entries[0].id);
    expect(report).toHaveLength(1);
    expect(report[0]).toMatchObject({ type: 'examsputum', action: 'create' });
    expect(report[0].detail.items).toEqual(expect.arrayContaining([{ title: 'Объём', value: 'Недостаточно' }]));
  });

  it('has its generated TypeScript type', async () => {
    const files = await generateTypes(server.ctx.registry);
    const all = [...files.values()].join('\n');
    expect(all).toMatch(/export interface Examsputum \{[^}]*volume: "LOW" \| "ENOUGH";[^}]*\}/s);
    expect(all).toMatch(/export interface Examsputum \{[^}]*millilitres\?: number;[^}]*\}/s);
  });
});

describe('variables declared in schema files only', () => {
  it('are offered by init, in their group, named in the reader’s language', async () => {
    const init = (await admin.post('/api/cases/report/init', {})).body;
    const exams = init.variables.find((g: any) => g.id === 'exams').variables;
    expect(exams).toContainEqual(expect.objectContaining({ id: 'sputumVolume', name: 'Объём' }));
    const filter = init.filters.flatMap((g: any) => g.filters).find((f: any) => f.id === 'sputumVolume');
    expect(filter.type).toBe('multiSelect');
    expect(filter.resources.options).toEqual([{ value: 'LOW', label: 'Недостаточно' }, { value: 'ENOUGH', label: 'Достаточно' }]);
    const en = (await inEnglish(() => admin.post('/api/cases/report/init', {}))).body;
    expect(en.filters.flatMap((g: any) => g.filters).find((f: any) => f.id === 'sputumVolume').resources.options.map((o: any) => o.label)).toEqual(['Too little', 'Enough']);
    expect(init.variables.find((g: any) => g.id === 'case').variables.map((v: any) => v.id)).toContain('transferring');
  });
  it('count each case by its newest exam, and filter by it', async () => {
    const r = await admin.post('/api/cases/report/ind/exec', { rowVariables: ['sputumVolume'], columnVariables: ['transferring'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ind = r.body.indicator;
    expect(ind.rows.map((x: any) => x.keys[0])).toEqual(['LOW', 'ENOUGH', null]);
    expect(ind.rows.map((x: any) => x.labels[0])).toEqual(['Недостаточно', 'Достаточно', 'Не указано']);
    expect(ind.columns.map((x: any) => x.keys[0])).toEqual([true, false]);
    expect(ind.values).toEqual([[0, 1], [0, 1], [0, 1]]);
    const f = await admin.post('/api/cases/report/ind/exec', { rowVariables: ['sputumVolume'], columnVariables: ['transferring'], filters: { sputumVolume: ['LOW'] } });
    expect(f.body.indicator.total).toBe(1);
    const cell = await admin.post('/api/cases/report/ind/cases', { rowVariables: ['sputumVolume'], columnVariables: ['transferring'], row: ['ENOUGH'] });
    expect(cell.body.list.map((c: any) => c.id)).toEqual([cases[0]]);
  });
});

describe('summaries declared in the case file', () => {
  const summaryOf = async (scope: Record<string, unknown>) => Object.fromEntries((await admin.post('/api/cases/summary', scope)).body.summary.map((x: any) => [x.id, x.count]));
  it('a new summary by the new exam: counted live, in order, with its list; the product’s by their counters', async () => {
    const r = (await admin.post('/api/cases/summary', { scope: 'UNIT', scopeId: bishkek })).body;
    expect(r.summary.map((x: any) => x.id)).toEqual(['notvalidated', 'notontreatment', 'ontreatment', 'transferring', 'closed', 'lowsputum']);
    expect(r.summary.at(-1)).toEqual({ id: 'lowsputum', name: 'Мало мокроты', count: 1 });
    // three open cases, none on treatment, none transferring, none closed
    expect(await summaryOf({ scope: 'WORKSPACE' })).toMatchObject({ notontreatment: 3, ontreatment: 0, transferring: 0, closed: 0, lowsputum: 1 });
    const list = (await admin.post('/api/cases/summary/query', { scope: 'WORKSPACE', summaryId: 'lowsputum' })).body;
    expect(list.summary).toEqual({ id: 'lowsputum', name: 'Мало мокроты', count: 1 });
    expect(list.list.map((c: any) => c.id)).toEqual([cases[1]]);
    // another unit holds none of them
    expect((await summaryOf({ scope: 'UNIT', scopeId: await unitNamed(admin, 'Ошский областной') })).lowsputum).toBe(0);
    // a new exam moves the count at once
    ok(await admin.post('/api/tbl/examsputum', { caseId: cases[2], date: '2025-03-12', volume: 'LOW' }));
    expect((await summaryOf({ scope: 'WORKSPACE' })).lowsputum).toBe(2);
  });
});
