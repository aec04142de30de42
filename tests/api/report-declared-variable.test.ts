// A configurator adds a report variable by editing schema files only (issue 22): a new follow-up
// exam type, one schema file whose enum field says `x-report`, is a report variable and filter at
// once — counted by each case's newest exam of that type — with no code; and a case field given
// `x-report` is one too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemasDir } from '../../server/config.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { startServerWithSchemas } from '../helpers/extra-schemas.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { kysely } from '../../server/db/kysely.ts';

const sputum = {
  $id: 'examsputum',
  title: 'examsputum.title',
  type: 'object',
  additionalProperties: false,
  'x-table': { name: 'examsputum', parent: 'caseId', permission: 'EXAM_MICROSCOPY', followup: 'EXAM_SPUTUM' },
  'x-list': { title: 'date', order: ['-date'] },
  required: ['caseId', 'date', 'volume'],
  properties: {
    caseId: { type: 'string', format: 'uuid', 'x-ref': 'tbcase', 'x-index': true, title: 'exam.case' },
    date: { type: 'string', format: 'date', title: 'exam.date' },
    volume: { type: 'string', enum: ['LOW', 'ENOUGH'], 'x-report': { group: 'exams', id: 'sputumVolume' }, title: 'examsputum.volume' },
  },
};
// the case's 'transferring' flag, declared a variable in the copy only
const tbcase = JSON.parse(readFileSync(join(schemasDir, 'tbcase.json'), 'utf8'));
tbcase.properties.transferring['x-report'] = { group: 'case' };

let cases: string[];
useTestServer(() => startServerWithSchemas('reportvar', [sputum, tbcase]));
beforeAll(async () => {
  // the demo workspace's own cases out of the way: the workspace holds exactly the three below
  const ws = (await admin.post('/api/sys/session')).body.workspaceId;
  await kysely(server.ctx.orm.em.fork()).deleteFrom('tbcase').where('workspace_id', '=', ws).execute();
  const unit = await unitNamed(admin, 'Бишкекский городской');
  const p = await newPatient(admin, { name: 'Ерлан', lastName: 'Мокротов', gender: 'MALE', birthDate: '1970-02-02' });
  cases = [await createCase(admin, p, unit), await createCase(admin, p, unit, { registrationDate: '2025-02-10' }), await createCase(admin, p, unit, { registrationDate: '2025-03-10' })];
  const exam = async (caseId: string, date: string, volume: string) => expect((await admin.post('/api/tbl/examsputum', { caseId, date, volume })).status).toBe(200);
  // case 1: LOW then ENOUGH (newest: ENOUGH); case 2: LOW; case 3: none
  await exam(cases[0], '2025-01-11', 'LOW');
  await exam(cases[0], '2025-01-20', 'ENOUGH');
  await exam(cases[1], '2025-02-11', 'LOW');
}, 240_000);

describe('variables declared in schema files only', () => {
  it('are offered by init, in their group', async () => {
    const init = (await admin.post('/api/cases/report/init', {})).body;
    const exams = init.variables.find((g: any) => g.id === 'exams').variables.map((v: any) => v.id);
    expect(exams).toContain('sputumVolume');
    const filter = init.filters.flatMap((g: any) => g.filters).find((f: any) => f.id === 'sputumVolume');
    expect(filter.type).toBe('multiSelect');
    expect(filter.resources.options.map((o: any) => o.value)).toEqual(['LOW', 'ENOUGH']);
    expect(init.variables.find((g: any) => g.id === 'case').variables.map((v: any) => v.id)).toContain('transferring');
  });
  it('count each case by its newest exam, and filter by it', async () => {
    const r = await admin.post('/api/cases/report/ind/exec', { rowVariables: ['sputumVolume'], columnVariables: ['transferring'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ind = r.body.indicator;
    expect(ind.rows.map((x: any) => x.keys[0])).toEqual(['LOW', 'ENOUGH', null]);
    expect(ind.columns.map((x: any) => x.keys[0])).toEqual([true, false]);
    expect(ind.values).toEqual([[0, 1], [0, 1], [0, 1]]);
    const f = await admin.post('/api/cases/report/ind/exec', { rowVariables: ['sputumVolume'], columnVariables: ['transferring'], filters: { sputumVolume: ['LOW'] } });
    expect(f.body.indicator.total).toBe(1);
    const cell = await admin.post('/api/cases/report/ind/cases', { rowVariables: ['sputumVolume'], columnVariables: ['transferring'], row: ['ENOUGH'] });
    expect(cell.body.list.map((c: any) => c.id)).toEqual([cases[0]]);
  });
});
