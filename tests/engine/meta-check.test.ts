// A configurator's mistake in a schema file is reported with the file and the JSON pointer, and
// the server refuses to start.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas, SchemaError } from '../../engine/load.ts';
import { schemasDir } from '../../server/config.ts';
import { startServer } from '../../app/start.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { checkedSummaries } from '../../reports/cases/summaries.ts';

function brokenCopy(edit: (source: any) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  cpSync(schemasDir, dir, { recursive: true });
  const file = join(dir, 'tables', 'source.json');
  const source = JSON.parse(readFileSync(file, 'utf8'));
  edit(source);
  writeFileSync(file, JSON.stringify(source));
  return dir;
}

const problemsOf = (dir: string) => {
  try {
    loadSchemas(dir);
  } catch (e) {
    if (e instanceof SchemaError) return e.problems;
    throw e;
  }
  return [];
};

describe('schema meta-check', () => {
  it('accepts the committed schemas', () => {
    expect(loadSchemas(schemasDir).tables.size).toBeGreaterThan(10);
  });

  it.each([
    ['a misspelt x- keyword', (s: any) => (s.properties.name['x-reff'] = 'unit'), '/properties/name'],
    ['a reference to an unknown table', (s: any) => (s.properties.name['x-ref'] = 'nosuch'), '/properties/name/x-ref'],
    ['a date bound on a field that is not a date', (s: any) => (s.properties.name['x-notAfter'] = 'today'), '/properties/name'],
    ['a date bound naming no field', (s: any) => Object.assign(s.properties, { seen: { type: 'string', format: 'date', 'x-notBefore': 'born' } }), '/properties/seen/x-notBefore'],
    ['a date bound naming a field that is not a date', (s: any) => Object.assign(s.properties, { seen: { type: 'string', format: 'date', 'x-notBefore': 'name' } }), '/properties/seen/x-notBefore'],
    ['a wrong JSON Schema type', (s: any) => (s.properties.name.maxLength = 'twenty'), '/properties/name/maxLength'],
    ['a list field that does not exist', (s: any) => (s['x-list'].title = 'nom'), '/x-list/title'],
    ['a row scope by a field that is not a unit', (s: any) => (s['x-table'].scope = { unit: 'name' }), '/x-table/scope/unit'],
    ['a row scope through a table that does not reference it', (s: any) => (s['x-table'].scope = { via: { table: 'tbcase', field: 'patientId' } }), '/x-table/scope/via'],
    ['a parent that is not a reference', (s: any) => (s['x-table'].parent = 'name'), '/x-table/parent'],
    ['a follow-up exam that is not a dated sub-record of a case', (s: any) => (s['x-table'].followup = 'EXAM_SOURCE'), '/x-table/followup'],
    ['a list column that does not exist', (s: any) => (s['x-list'].columns = ['nom']), '/x-list/columns/0'],
    ['a table option that does not exist', (s: any) => (s['x-table'].permision = 'SOURCES'), '/x-table'],
    ['an x-on-delete without x-ref', (s: any) => (s.properties.name['x-on-delete'] = 'cascade'), '/properties/name'],
    ['an unknown x-on-delete action', (s: any) => Object.assign(s.properties.name, { 'x-ref': 'unit', 'x-on-delete': 'restrict' }), '/properties/name/x-on-delete'],
    ['a required reference set null', (s: any) => Object.assign(s.properties.name, { 'x-ref': 'unit', 'x-on-delete': 'set null' }), '/properties/name/x-on-delete'],
    ['a reference filter on an unknown field', (s: any) => Object.assign(s.properties.name, { 'x-ref': 'product', 'x-ref-filter': { kind: 'MEDICINE' } }), '/properties/name/x-ref-filter/kind'],
    ['a reference filter without x-ref', (s: any) => (s.properties.name['x-ref-filter'] = { type: 'MEDICINE' }), '/properties/name'],
    ['a reference of a chosen workspace named by a field that is no workspace reference', (s: any) => Object.assign(s.properties.name, { 'x-ref': 'unit', 'x-ref-workspace': 'name' }), '/properties/name/x-ref-workspace'],
    ['a reference of a chosen workspace without x-ref', (s: any) => (s.properties.name['x-ref-workspace'] = 'workspace'), '/properties/name'],
    ['a lookup parameter read from an unknown field', (s: any) => Object.assign(s.properties.name, { 'x-ref': 'unit', 'x-options-params': { unitId: 'nosuch' } }), '/properties/name/x-options-params/unitId'],
    ['a lookup parameter above the root', (s: any) => Object.assign(s.properties.name, { 'x-ref': 'unit', 'x-options-params': { unitId: '../name' } }), '/properties/name/x-options-params/unitId'],
    ['a lookup parameter field that is not a path', (s: any) => Object.assign(s.properties.name, { 'x-ref': 'unit', 'x-options-params': { unitId: 'a/b' } }), '/properties/name/x-options-params/unitId'],
    ['lookup parameters without x-ref or x-options', (s: any) => (s.properties.name['x-options-params'] = { unitId: 'name' }), '/properties/name'],
    ['a label given in Russian only', (s: any) => (s['x-labels'] = { ru: { source: { extra: 'Ещё' } }, en: {} }), '/x-labels'],
    ['a field whose label is in no language', (s: any) => Object.assign(s, { 'x-labels': { ru: {}, en: {} } }, { properties: { ...s.properties, note: { type: 'string', title: 'source.noSuchLabel' } } }), '/x-labels'],
    ['summaries on a table that is not the case', (s: any) => (s['x-summaries'] = [{ id: 'all', label: 'source.title', filters: {} }]), '/x-summaries'],
    ['a form part that is not a field', (s: any) => (s['x-form'] = { parts: { nope: 'source' } }), '/x-form/parts/nope'],
    ['a form permission not in capitals', (s: any) => (s['x-form'] = { permission: 'newcase' }), '/x-form/permission'],
    ['a derived field read from a table that is not its sub-record', (s: any) => Object.assign(s.properties.name, { 'x-readonly': true, 'x-derived': { from: 'exammic', latest: 'result' } }), '/properties/name/x-derived/from'],
    ['a derived field of two kinds at once', (s: any) => (s.properties.name['x-derived'] = { from: 'exammic', latest: 'result', conversion: 'result' }), '/properties/name/x-derived'],
  ])('reports %s with its file and pointer', (_what, edit, pointer) => {
    const problems = problemsOf(brokenCopy(edit));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some((p) => p.file.endsWith('source.json') && p.pointer === pointer)).toBe(true);
  });

  it.each([
    ['an unknown field of the table read', { from: 'exammic', latest: 'resultt' }, {}, '/properties/microscopyResult/x-derived'],
    ['a latest copy declared unlike its field', { from: 'exammic', latest: 'result' }, { enum: ['NEGATIVE', 'POSITIVE'] }, '/properties/microscopyResult/x-derived'],
    ['a conversion that is not a date', { from: 'examcul', conversion: 'result' }, {}, '/properties/microscopyResult/x-derived'],
    ['a derived field that is not read-only', { from: 'exammic', latest: 'result' }, { 'x-readonly': false }, '/properties/microscopyResult'],
  ])('reports a case column derived from its exams with %s (x-derived)', (_what, derived, change, pointer) => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    cpSync(schemasDir, dir, { recursive: true });
    const file = join(dir, 'tables', 'tbcase.json');
    const tbcase = JSON.parse(readFileSync(file, 'utf8'));
    Object.assign(tbcase.properties.microscopyResult, { 'x-derived': derived }, change);
    writeFileSync(file, JSON.stringify(tbcase));
    expect(problemsOf(dir).some((p) => p.file.endsWith('tbcase.json') && p.pointer === pointer)).toBe(true);
  });

  it.each([
    ['an unknown filter', { sputum: ['LOW'] }, /x-summaries\/0: filters\.sputum/],
    ['a value the filter does not offer', { state: ['OPEN'] }, /x-summaries\/0: filters\.state/],
  ])('reports a summary with %s (x-summaries)', (_what, filters, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    cpSync(schemasDir, dir, { recursive: true });
    const file = join(dir, 'tables', 'tbcase.json');
    const tbcase = JSON.parse(readFileSync(file, 'utf8'));
    tbcase['x-summaries'] = [{ id: 'bad', label: 'casecount.closed', filters }];
    writeFileSync(file, JSON.stringify(tbcase));
    const registry = loadSchemas(dir);
    expect(() => checkedSummaries(registry, reportCatalogue(registry))).toThrow(message);
  });

  it('reports a summary counter that is no casecount column', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    cpSync(schemasDir, dir, { recursive: true });
    const file = join(dir, 'tables', 'tbcase.json');
    const tbcase = JSON.parse(readFileSync(file, 'utf8'));
    tbcase['x-summaries'][0].counter = 'open_cases';
    writeFileSync(file, JSON.stringify(tbcase));
    const registry = loadSchemas(dir);
    expect(() => checkedSummaries(registry, reportCatalogue(registry))).toThrow(/x-summaries\/0\/counter: "open_cases"/);
  });

  it('keeps the server from starting', async () => {
    const dir = brokenCopy((s) => (s.properties.name['x-reff'] = 'unit'));
    await expect(startServer({ schemasDir: dir, dataDir: 'memory://', port: 0, seedDemo: false })).rejects.toThrow(/source\.json \/properties\/name/);
  });
});
