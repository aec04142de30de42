// Schema-file mechanisms resolved at load: local $defs, form variants (x-extends), and what the
// meta-check refuses about them, about conditions (x-visible) and about arrays inside table rows.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundle } from '../../engine/bundle.ts';
import { loadSchemas, SchemaError } from '../../engine/load.ts';
import { schemaFolderOf } from '../../engine/schema-layout.ts';
import { generateTypes } from '../../engine/types-gen.ts';
import { deriveUiSchema } from '../../engine/ui-schema.ts';
import { Validators } from '../../engine/validate.ts';
import '../../engine/messages.ts';
import { schemasDir } from '../../server/config.ts';

/** A copy of the schemas with extra files (name → content). */
function withFiles(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  cpSync(schemasDir, dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, schemaFolderOf(content), `${name}.json`), JSON.stringify(content));
  return dir;
}
const problemsOf = (dir: string) => {
  try {
    loadSchemas(dir);
  } catch (e) {
    if (e instanceof SchemaError) return e.problems.map((p) => ({ ...p, file: p.file.replace(/^.*\//, '') }));
    throw e;
  }
  return [];
};

const dst = {
  $id: 'dsttest',
  type: 'object',
  'x-table': { name: 'dsttest', workspace: true, permission: 'SOURCES' },
  $defs: { result: { type: 'string', enum: ['RESISTANT', 'SUSCEPTIBLE'], 'x-enum': 'dstResult' } },
  properties: {
    date: { type: 'string', format: 'date', title: 'global.date' },
    rifampicin: { $ref: '#/$defs/result', title: 'dst.rifampicin' },
    isoniazid: { $ref: '#/$defs/result', title: 'dst.isoniazid' },
    rows: { type: 'array', items: { type: 'object', properties: { drug: { $ref: '#/$defs/result' } } } },
  },
};

describe('local $defs', () => {
  const registry = loadSchemas(withFiles({ dsttest: dst }));
  const def = registry.table('dsttest');

  it('resolve in fields (columns), child rows, the uiSchema, the validator and the types', async () => {
    expect(def.fields.find((f) => f.key === 'rifampicin')).toMatchObject({ column: 'rifampicin', type: 'string', title: 'dst.rifampicin' });
    expect(def.children[0].fields[0].schema.enum).toEqual(['RESISTANT', 'SUSCEPTIBLE']);
    expect(deriveUiSchema(def.schema).isoniazid['ui:options']).toEqual({ enumPrefix: 'dstResult' });
    const errors = new Validators().validate('dsttest', bundle(registry, def.schema), { rifampicin: 'X', rows: [{ drug: 'Y' }] }, 'ru');
    expect(errors.map((e) => e.field)).toEqual(['rifampicin', 'rows.0.drug']);
    const types = await generateTypes(registry);
    expect(types.get('dsttest.ts')).toMatch(/rifampicin\?: "RESISTANT" \| "SUSCEPTIBLE"/);
    expect(JSON.stringify(def.schema)).not.toContain('$defs');
  });

  it('refuses an unknown definition with its file and pointer', () => {
    const bad = structuredClone(dst) as any;
    bad.properties.isoniazid.$ref = '#/$defs/nosuch';
    expect(problemsOf(withFiles({ dsttest: bad }))).toContainEqual(expect.objectContaining({ file: 'dsttest.json', pointer: '/properties/isoniazid/$ref' }));
  });
});

describe('form variants (x-extends)', () => {
  const variant = {
    $id: 'newnotif_test',
    'x-extends': 'newnotif_tb',
    title: 'newnotif.title',
    properties: { tbcase: { 'x-pick': ['registrationDate', 'caseNumber'], required: ['caseNumber'] } },
    'x-layout': { 'ui:order': ['tbcase', 'patient'] },
  };

  it('is the base form with the overrides merged in: other picked fields, required, layout', () => {
    const registry = loadSchemas(withFiles({ newnotif_test: variant }));
    const form = bundle(registry, registry.schemas.get('newnotif_test')!);
    expect(Object.keys((form.properties!.tbcase as any).properties).sort()).toEqual(['caseNumber', 'registrationDate']);
    expect((form.properties!.patient as any).properties.name).toBeDefined();
    // the base's x-form (parts, permission, fixed values) comes whole
    expect(form['x-form']).toMatchObject({ parts: { patient: 'patient', tbcase: 'tbcase' }, permission: 'NEWCASE', values: { tbcase: { classification: 'TB' } } });
    expect(deriveUiSchema(form as any)['ui:order']).toEqual(['tbcase', 'patient']);
    const errors = new Validators().validate('newnotif_test', form, { patient: { name: 'А', lastName: 'Б', gender: 'MALE' }, tbcase: {} }, 'ru');
    expect(errors.map((e) => e.field)).toEqual(['tbcase.caseNumber']);
  });

  it.each([
    ['an unknown base', { ...variant, 'x-extends': 'nosuch' }, '/x-extends'],
    ['an override the meta-check refuses', { ...variant, 'x-layoutt': {} }, '/'],
    ['a picked field of no part', { ...variant, properties: { nope: { $ref: 'tbcase' } }, 'x-form': { parts: { nope: 'nosuch' } } }, '/x-form/parts/nope'],
  ])('refuses %s with its file and pointer', (_what, file, pointer) => {
    expect(problemsOf(withFiles({ newnotif_test: file }))).toContainEqual(expect.objectContaining({ file: 'newnotif_test.json', pointer }));
  });
});

describe('meta-check of conditions and rows', () => {
  const table = (extra: Record<string, unknown>) => ({
    $id: 'condtest',
    type: 'object',
    'x-table': { name: 'condtest', workspace: true, permission: 'SOURCES' },
    properties: { result: { type: 'string' }, count: { type: 'integer' }, rows: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } } },
    ...extra,
  });
  it.each([
    ['a condition on an unknown field', { 'x-visible': { count: { field: 'nosuch', equals: 1 } } }, '/x-visible/count/field'],
    ['a condition of an unknown field', { 'x-visible': { nosuch: { field: 'result', equals: 1 } } }, '/x-visible/nosuch'],
    ['a condition without a test', { 'x-visible': { count: { field: 'result' } } }, '/x-visible/count'],
    ['a conditional field also in required', { required: ['count'], 'x-visible': { count: { field: 'result', equals: 'P' } } }, '/x-visible/count'],
    ['a second declaration by if/then', { if: { properties: { result: { const: 'P' } } }, then: { required: ['count'] } }, '/if'],
    ['an unknown field deep in all and not', { 'x-visible': { count: { all: [{ field: 'result', equals: 'P' }, { not: { field: 'nosuch', empty: true } }] } } }, '/x-visible/count/all/1/not/field'],
    ['an unknown date of a span', { 'x-visible': { count: { span: ['result', 'nosuch'], overMonths: 1 } } }, '/x-visible/count/span/1'],
    ['a span making a field required (ajv cannot count months)', { 'x-visible': { count: { span: ['result', 'result'], maxMonths: 1, required: true } } }, '/x-visible/count'],
    ['a report variable as the subject of a form condition', { 'x-visible': { count: { var: 'result', equals: 'P' } } }, '/x-visible/count'],
    ['the inverting flag not: true (not takes a condition)', { 'x-visible': { count: { field: 'result', equals: 'P', not: true } } }, '/x-visible/count'],
    [
      'a field required while shown by a row field and a field outside the rows (one test cannot say it row by row)',
      { properties: { result: { type: 'string' }, rows: { type: 'array', items: { type: 'object', 'x-visible': { b: { all: [{ field: 'a', equals: 'x' }, { field: '../result', equals: 'P' }], required: true } }, properties: { a: { type: 'string' }, b: { type: 'string' } } } } } },
      '/properties/rows/items/x-visible/b',
    ],
    ['required inside a combined condition', { 'x-visible': { count: { all: [{ field: 'result', equals: 'P', required: true }] } } }, '/x-visible/count'],
  ])('refuses %s', (_what, extra, pointer) => {
    const problems = problemsOf(withFiles({ condtest: table(extra) }));
    expect(problems.some((p) => p.file === 'condtest.json' && p.pointer === pointer), JSON.stringify(problems)).toBe(true);
  });

  it('accepts conditions combining fields with all, any and not, one of them required while shown', () => {
    const visible = {
      count: { any: [{ field: 'result', in: ['P', 'Q'] }, { all: [{ field: 'result', notEmpty: true }, { not: { field: 'result', equals: 'N' } }] }], required: true },
      rows: { field: 'count', from: 1, to: 9 },
    };
    expect(problemsOf(withFiles({ condtest: table({ 'x-visible': visible }) })).filter((p) => p.file === 'condtest.json')).toEqual([]);
  });

  it('refuses an array inside a table row, with its pointer', () => {
    const nested = table({});
    (nested.properties as any).rows.items.properties.sub = { type: 'array', items: { type: 'string' } };
    expect(problemsOf(withFiles({ condtest: nested }))).toContainEqual(
      expect.objectContaining({ file: 'condtest.json', pointer: '/properties/rows/items/properties/sub', message: expect.stringMatching(/array inside a table row/) }),
    );
  });
});

describe('meta-check of a composed form once its parts are inlined', () => {
  it('refuses a condition reading a field the picking left out', () => {
    const variant = {
      $id: 'newnotif_test',
      'x-extends': 'newnotif_tb',
      properties: { tbcase: { 'x-pick': ['registrationDate', 'caseNumber'], 'x-visible': { caseNumber: { field: 'registrationGroup', equals: 'NEW' } } } },
    };
    expect(problemsOf(withFiles({ newnotif_test: variant }))).toContainEqual(
      expect.objectContaining({ file: 'newnotif_test.json', pointer: '/properties/tbcase/x-visible/caseNumber/field', message: expect.stringMatching(/unknown field/) }),
    );
    variant.properties.tbcase['x-pick'].push('registrationGroup');
    expect(problemsOf(withFiles({ newnotif_test: variant }))).toEqual([]);
  });

  it('refuses a reference to an unknown schema file', () => {
    const form = { $id: 'formtest', type: 'object', properties: { part: { $ref: 'nosuch' } } };
    expect(problemsOf(withFiles({ formtest: form }))).toContainEqual(expect.objectContaining({ file: 'formtest.json', message: expect.stringMatching(/unknown schema reference "nosuch"/) }));
  });
});
