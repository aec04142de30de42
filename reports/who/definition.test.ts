// The forms' definitions are checked at start: each problem named with its file and pointer.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { formsDir, loadForms } from './definition.ts';

const registry = loadSchemas(schemasDir);
const cat = reportCatalogue(registry);
const caseDef = registry.table('tbcase');
const dir = mkdtempSync(join(tmpdir(), 'whoforms-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tb07 = () => JSON.parse(readFileSync(join(formsDir(schemasDir), 'tb07.json'), 'utf8'));
const loadWith = (doc: unknown) => {
  writeFileSync(join(dir, 'tb07.json'), JSON.stringify(doc));
  return () => loadForms(dir, cat, caseDef);
};

describe('WHO form definitions', () => {
  it('load as shipped, outcome cohorts a year back', () => {
    const forms = loadForms(formsDir(schemasDir), cat, caseDef);
    expect([...forms.keys()].sort()).toEqual(expect.arrayContaining(['tb07', 'tb08']));
    expect(forms.get('tb08')!.population.quartersBack).toBe(4);
    expect(forms.get('tb07')!.population.quartersBack).toBe(0);
  });
  it('refuse an unknown variable, a value the variable does not take, an age on no age variable', () => {
    const d = tb07();
    d.tables[0].rows[0].when = { var: 'registrationGrup', in: ['NEW'] };
    d.tables[0].rows[1].when = { var: 'registrationGroup', in: ['RELAPS'] };
    d.tables[0].rows[2].when = { var: 'gender', ageFrom: 0, ageTo: 4 };
    expect(loadWith(d)).toThrow(/tb07\.json \/tables\/0\/rows\/0\/when: unknown report variable "registrationGrup"[\s\S]*\/tables\/0\/rows\/1\/when: "registrationGroup" has no value "RELAPS"[\s\S]*\/tables\/0\/rows\/2\/when: "gender" is no age variable/);
  });
  it('refuse a row id twice, a shape the meta-schema does not know, and a reconciliation with an unknown form', () => {
    const d = tb07();
    d.tables[0].rows[1].id = 'new';
    expect(loadWith(d)).toThrow(/\/tables\/0\/rows: "new" twice/);
    expect(loadWith({ ...tb07(), colour: 'red' })).toThrow(/tb07\.json \/: must NOT have additional properties/);
    expect(loadWith({ ...tb07(), reconcile: { own: { table: 'byGroup', row: 'total', column: 'total' }, of: { form: 'tb99', table: 'x', row: 'y', column: 'z' } } })).toThrow(/\/reconcile\/of: unknown form "tb99"/);
  });
});
