// The forms' definitions are checked at start: each problem named with its file and pointer.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { conditionVars, definitionProblems, formsDir, leavesOut, loadForms } from './definition.ts';
import { whoCatalogue } from './rules.ts';

const registry = loadSchemas(schemasDir);
const cat = whoCatalogue(reportCatalogue(registry), registry);
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
    d.tables[0].rows[2].when = { var: 'gender', from: 0, to: 4 };
    expect(loadWith(d)).toThrow(/tb07\.json \/tables\/0\/rows\/0\/when: unknown report variable "registrationGrup"[\s\S]*\/tables\/0\/rows\/1\/when: "registrationGroup" has no value "RELAPS"[\s\S]*\/tables\/0\/rows\/2\/when: "gender" is no age variable/);
  });
  it('refuse a row id twice, a shape the meta-schema does not know, and a reconciliation with an unknown form', () => {
    const d = tb07();
    d.tables[0].rows[1].id = 'new';
    expect(loadWith(d)).toThrow(/\/tables\/0\/rows: "new" twice/);
    expect(loadWith({ ...tb07(), colour: 'red' })).toThrow(/tb07\.json \/: must NOT have additional properties/);
    expect(loadWith({ ...tb07(), reconcile: { own: { table: 'byGroup', row: 'total', column: 'total' }, of: { form: 'tb99', table: 'x', row: 'y', column: 'z' } } })).toThrow(/\/reconcile\/of: unknown form "tb99"/);
  });
  it('refuse an exclusion naming cells the form lacks, and a reconciliation setting aside a reason that leaves cases in', () => {
    const d = tb07();
    d.exclude[1].cells = [{ table: 'byGrup' }, { table: 'ageSex', rows: ['men'], columns: ['age0', 'age99'] }];
    d.reconcile = { own: { table: 'byGroup', row: 'total', column: 'total' }, of: { form: 'tb07', table: 'byGroup', row: 'total', column: 'total' }, except: ['noSite', 'noReason'] };
    expect(loadWith(d)).toThrow(
      /\/exclude\/1\/cells\/0: no table "byGrup"[\s\S]*\/exclude\/1\/cells\/1\/rows: no row "men" in "ageSex"[\s\S]*\/exclude\/1\/cells\/1\/columns: no column "age99" in "ageSex"[\s\S]*\/reconcile\/except: "noSite" is no reason leaving a case out of the whole form[\s\S]*\/reconcile\/except: "noReason"/,
    );
  });
  it('leaves a case out of the cells an exclusion names, or of all of them without any', () => {
    const noSite = { id: 'noSite', label: { ru: 'Ф', en: 'F' }, when: { var: 'infectionSite', empty: true } as const };
    expect(leavesOut(noSite, 'outcomes', 'total', 'registered')).toBe(true);
    const rows = { ...noSite, cells: [{ table: 'outcomes', rows: ['newRelapseEp'] }, { table: 'byGroup' }, { table: 'lab', columns: ['number'] }] };
    expect(leavesOut(rows, 'outcomes', 'newRelapseEp', 'cured')).toBe(true);
    expect(leavesOut(rows, 'outcomes', 'total', 'cured')).toBe(false);
    expect(leavesOut(rows, 'byGroup', 'new', 'total')).toBe(true);
    expect(leavesOut(rows, 'lab', 'tested', 'number')).toBe(true);
    expect(leavesOut(rows, 'ageSex', 'male', 'total')).toBe(false);
  });
});

// A form's rules one by one, on a small form of one table: what the meta-schema refuses (each
// keyword), what the catalogue refuses (each kind of condition and variable), and how the files load.
const L = { ru: 'Ф', en: 'F' };
const form = (over: Record<string, unknown> = {}): any => ({
  id: 'f1',
  title: L,
  code: L,
  population: { date: 'registrationDate' },
  tables: [{ id: 't', title: L, rows: [{ id: 'r', label: L }], columns: [{ id: 'c', label: L }] }],
  ...over,
});
const own = mkdtempSync(join(tmpdir(), 'whoform-'));
afterAll(() => rmSync(own, { recursive: true, force: true }));
/** Loads `doc` as the only form of a folder: the problems' text, or '' when it loads. */
const problemsOf = (doc: unknown): string => {
  rmSync(own, { recursive: true, force: true });
  mkdirSync(own);
  writeFileSync(join(own, 'f1.json'), JSON.stringify(doc));
  try {
    loadForms(own, cat, caseDef);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
};
const table = (over: Record<string, unknown>) => [{ id: 't', title: L, rows: [{ id: 'r', label: L }], columns: [{ id: 'c', label: L }], ...over }];
const row = (when: unknown) => table({ rows: [{ id: 'r', label: L, when }] });

describe('WHO form definitions: the meta-schema', () => {
  it('a small form loads, with the defaults: order 0, no exclusions, the population’s own quarter', () => {
    expect(problemsOf(form())).toBe('');
    const f = loadForms(own, cat, caseDef).get('f1')!;
    expect(f.order).toBe(0);
    expect(f.exclude).toEqual([]);
    expect(f.population).toEqual({ date: 'registrationDate', quartersBack: 0 });
  });
  it('takes every optional part when well formed', () => {
    const ok = form({
      $comment: 'a note',
      order: 3,
      population: { date: 'registrationDate', quartersBack: 40, when: { var: 'classification', in: ['TB'] } },
      exclude: [{ id: 'x', label: L, when: { var: 'registrationGroup', empty: true } }],
      tables: table({ when: { not: { var: 'validated', in: [false] } }, complete: true }),
      reconcile: { own: { form: 'f1', table: 't', row: 'r', column: 'c' }, of: { form: 'f1', table: 't', row: 'r', column: 'c' } },
    });
    expect(problemsOf(ok)).toBe('');
    for (const when of [
      { var: 'ageRange', from: 0, to: 0 },
      { span: ['iniTreatmentDate', 'treatmentEndDate'], maxMonths: 0 },
      { span: ['iniTreatmentDate', 'treatmentEndDate'], overMonths: 9 },
      { all: [{ var: 'validated', in: [true] }] },
      { any: [{ var: 'cultureConversion.recorded', in: [true, false] }] },
      { var: 'classification', in: ['TB', 'DRTB'] },
    ]) expect(problemsOf(form({ tables: row(when) })), JSON.stringify(when)).toBe('');
  });
  // [what is wrong, the form, the pointer and message of the refusal]
  const refused: [string, any, RegExp][] = [
    ['no id', (() => { const f = form(); delete f.id; return f; })(), /f1\.json \/: must have required property 'id'/],
    ['no title', (() => { const f = form(); delete f.title; return f; })(), /\/: must have required property 'title'/],
    ['no code', (() => { const f = form(); delete f.code; return f; })(), /\/: must have required property 'code'/],
    ['no population', (() => { const f = form(); delete f.population; return f; })(), /\/: must have required property 'population'/],
    ['no tables', (() => { const f = form(); delete f.tables; return f; })(), /\/: must have required property 'tables'/],
    ['an id starting with a digit', form({ id: '1f' }), /\/id: must match pattern/],
    ['an id of 42 characters', form({ id: 'f'.repeat(42) }), /\/id: must match pattern/],
    ['an id with a space', form({ id: 'f 1' }), /\/id: must match pattern/],
    ['a number as id', form({ id: 7 }), /\/id: must be string/],
    ['a label without English', form({ title: { ru: 'Ф' } }), /\/title: must have required property 'en'/],
    ['a label without Russian', form({ code: { en: 'F' } }), /\/code: must have required property 'ru'/],
    ['a label in a third language', form({ title: { ...L, de: 'F' } }), /\/title: must NOT have additional properties/],
    ['an empty label', form({ title: { ru: '', en: 'F' } }), /\/title\/ru: must NOT have fewer than 1 characters/],
    ['a label as a number', form({ code: { ru: 'Ф', en: 5 } }), /\/code\/en: must be string/],
    ['a label as text', form({ title: 'F' }), /\/title: must be object/],
    ['a comment as a number', form({ $comment: 1 }), /\/\$comment: must be string/],
    ['an order of 1.5', form({ order: 1.5 }), /\/order: must be integer/],
    ['a population without its date', form({ population: {} }), /\/population: must have required property 'date'/],
    ['a population with another key', form({ population: { date: 'registrationDate', from: 1 } }), /\/population: must NOT have additional properties/],
    ['41 quarters back', form({ population: { date: 'registrationDate', quartersBack: 41 } }), /\/population\/quartersBack: must be <= 40/],
    ['a quarter ahead', form({ population: { date: 'registrationDate', quartersBack: -1 } }), /\/population\/quartersBack: must be >= 0/],
    ['a population date as a number', form({ population: { date: 1 } }), /\/population\/date: must be string/],
    ['an exclusion without its condition', form({ exclude: [{ id: 'x', label: L }] }), /\/exclude\/0: must have required property 'when'/],
    ['an exclusion without its label', form({ exclude: [{ id: 'x', when: { var: 'validated', in: [true] } }] }), /\/exclude\/0: must have required property 'label'/],
    ['an exclusion without its id', form({ exclude: [{ label: L, when: { var: 'validated', in: [true] } }] }), /\/exclude\/0: must have required property 'id'/],
    ['an exclusion with another key', form({ exclude: [{ id: 'x', label: L, when: { var: 'validated', in: [true] }, why: 1 }] }), /\/exclude\/0: must NOT have additional properties/],
    ['an exclusion with a bad id', form({ exclude: [{ id: '-', label: L, when: { var: 'validated', in: [true] } }] }), /\/exclude\/0\/id: must match pattern/],
    ['no table', form({ tables: [] }), /\/tables: must NOT have fewer than 1 items/],
    ['a table without rows', form({ tables: table({ rows: [] }) }), /\/tables\/0\/rows: must NOT have fewer than 1 items/],
    ['a table without columns', form({ tables: table({ columns: [] }) }), /\/tables\/0\/columns: must NOT have fewer than 1 items/],
    ['a table with another key', form({ tables: table({ note: 'x' }) }), /\/tables\/0: must NOT have additional properties/],
    ['a table without its title', form({ tables: [{ id: 't', rows: [{ id: 'r', label: L }], columns: [{ id: 'c', label: L }] }] }), /\/tables\/0: must have required property 'title'/],
    ['a table without its id', form({ tables: [{ title: L, rows: [{ id: 'r', label: L }], columns: [{ id: 'c', label: L }] }] }), /\/tables\/0: must have required property 'id'/],
    ['complete as text', form({ tables: table({ complete: 'yes' }) }), /\/tables\/0\/complete: must be boolean/],
    ['a row without its label', form({ tables: table({ rows: [{ id: 'r' }] }) }), /\/tables\/0\/rows\/0: must have required property 'label'/],
    ['a column without its id', form({ tables: table({ columns: [{ label: L }] }) }), /\/tables\/0\/columns\/0: must have required property 'id'/],
    ['a row with another key', form({ tables: table({ rows: [{ id: 'r', label: L, sum: true }] }) }), /\/tables\/0\/rows\/0: must NOT have additional properties/],
    ['a row’s id with a dot', form({ tables: table({ rows: [{ id: 'r.1', label: L }] }) }), /\/tables\/0\/rows\/0\/id: must match pattern/],
    ['a condition of no known shape', form({ tables: row({ var: 'validated' }) }), /\/tables\/0\/rows\/0\/when: must match exactly one schema in oneOf/],
    ['a value list empty', form({ tables: row({ var: 'validated', in: [] }) }), /\/tables\/0\/rows\/0\/when\/in: must NOT have fewer than 1 items/],
    ['a value that is an object', form({ tables: row({ var: 'validated', in: [{}] }) }), /\/tables\/0\/rows\/0\/when\/in\/0: must be string,number,boolean/],
    ['a value list with another key', form({ tables: row({ var: 'validated', in: [true], or: 1 }) }), /\/tables\/0\/rows\/0\/when: must NOT have additional properties/],
    ['a variable as a number', form({ tables: row({ var: 1, in: [true] }) }), /\/tables\/0\/rows\/0\/when\/var: must be string/],
    ['empty: false', form({ tables: row({ var: 'registrationGroup', empty: false }) }), /\/tables\/0\/rows\/0\/when\/empty: must be equal to constant/],
    ['empty with another key', form({ tables: row({ var: 'registrationGroup', empty: true, in: ['NEW'] }) }), /\/tables\/0\/rows\/0\/when: must match exactly one schema in oneOf/],
    ['an age without its upper bound', form({ tables: row({ var: 'ageRange', from: 0 }) }), /\/tables\/0\/rows\/0\/when: must have required property 'to'/],
    ['an age without its lower bound', form({ tables: row({ var: 'ageRange', to: 4 }) }), /\/tables\/0\/rows\/0\/when: must have required property 'from'/],
    ['a negative age', form({ tables: row({ var: 'ageRange', from: -1, to: 4 }) }), /\/tables\/0\/rows\/0\/when\/from: must be >= 0/],
    ['an age of 4.5', form({ tables: row({ var: 'ageRange', from: 0, to: 4.5 }) }), /\/tables\/0\/rows\/0\/when\/to: must be integer/],
    ['a span without a length', form({ tables: row({ span: ['iniTreatmentDate', 'treatmentEndDate'] }) }), /\/tables\/0\/rows\/0\/when: must NOT have fewer than 2 properties/],
    ['a span with both lengths', form({ tables: row({ span: ['iniTreatmentDate', 'treatmentEndDate'], maxMonths: 6, overMonths: 6 }) }), /\/tables\/0\/rows\/0\/when: must NOT have more than 2 properties/],
    ['a span of one date', form({ tables: row({ span: ['iniTreatmentDate'], maxMonths: 6 }) }), /\/tables\/0\/rows\/0\/when\/span: must NOT have fewer than 2 items/],
    ['a span of three dates', form({ tables: row({ span: ['iniTreatmentDate', 'treatmentEndDate', 'outcomeDate'], maxMonths: 6 }) }), /\/tables\/0\/rows\/0\/when\/span: must NOT have more than 2 items/],
    ['a span of numbers', form({ tables: row({ span: [1, 2], maxMonths: 6 }) }), /\/tables\/0\/rows\/0\/when\/span\/0: must be string/],
    ['a span of -1 months', form({ tables: row({ span: ['iniTreatmentDate', 'treatmentEndDate'], maxMonths: -1 }) }), /\/tables\/0\/rows\/0\/when\/maxMonths: must be >= 0/],
    ['a span over 1.5 months', form({ tables: row({ span: ['iniTreatmentDate', 'treatmentEndDate'], overMonths: 1.5 }) }), /\/tables\/0\/rows\/0\/when\/overMonths: must be integer/],
    ['a span with another key', form({ tables: row({ span: ['iniTreatmentDate', 'treatmentEndDate'], days: 6 }) }), /\/tables\/0\/rows\/0\/when: must NOT have additional properties/],
    ['all of nothing', form({ tables: row({ all: [] }) }), /\/tables\/0\/rows\/0\/when\/all: must NOT have fewer than 1 items/],
    ['any of nothing', form({ tables: row({ any: [] }) }), /\/tables\/0\/rows\/0\/when\/any: must NOT have fewer than 1 items/],
    ['all with another key', form({ tables: row({ all: [{ var: 'validated', in: [true] }], x: 1 }) }), /\/tables\/0\/rows\/0\/when: must NOT have additional properties/],
    ['any with another key', form({ tables: row({ any: [{ var: 'validated', in: [true] }], x: 1 }) }), /\/tables\/0\/rows\/0\/when: must NOT have additional properties/],
    ['not with another key', form({ tables: row({ not: { var: 'validated', in: [true] }, x: 1 }) }), /\/tables\/0\/rows\/0\/when: must NOT have additional properties/],
    ['a bad condition inside all, any and not', form({ tables: row({ all: [{ any: [{ not: { var: 'validated' } }] }] }) }), /\/tables\/0\/rows\/0\/when\/all\/0\/any\/0\/not: must match exactly one schema in oneOf/],
    ['a reconciliation without the other cell', form({ reconcile: { own: { table: 't', row: 'r', column: 'c' } } }), /\/reconcile: must have required property 'of'/],
    ['a reconciliation without its own cell', form({ reconcile: { of: { form: 'f1', table: 't', row: 'r', column: 'c' } } }), /\/reconcile: must have required property 'own'/],
    ['a reconciliation with another key', form({ reconcile: { own: { table: 't', row: 'r', column: 'c' }, of: { form: 'f1', table: 't', row: 'r', column: 'c' }, by: 1 } }), /\/reconcile: must NOT have additional properties/],
    ['the other cell without its form', form({ reconcile: { own: { table: 't', row: 'r', column: 'c' }, of: { table: 't', row: 'r', column: 'c' } } }), /\/reconcile\/of: must have required property 'form'/],
    ['a cell without its row', form({ reconcile: { own: { table: 't', column: 'c' }, of: { form: 'f1', table: 't', row: 'r', column: 'c' } } }), /\/reconcile\/own: must have required property 'row'/],
    ['a cell without its table', form({ reconcile: { own: { row: 'r', column: 'c' }, of: { form: 'f1', table: 't', row: 'r', column: 'c' } } }), /\/reconcile\/own: must have required property 'table'/],
    ['a cell without its column', form({ reconcile: { own: { table: 't', row: 'r' }, of: { form: 'f1', table: 't', row: 'r', column: 'c' } } }), /\/reconcile\/own: must have required property 'column'/],
    ['a cell with another key', form({ reconcile: { own: { table: 't', row: 'r', column: 'c', at: 1 }, of: { form: 'f1', table: 't', row: 'r', column: 'c' } } }), /\/reconcile\/own: must NOT have additional properties/],
    ['a cell’s column with a space', form({ reconcile: { own: { table: 't', row: 'r', column: 'c c' }, of: { form: 'f1', table: 't', row: 'r', column: 'c' } } }), /\/reconcile\/own\/column: must match pattern/],
  ];
  it.each(refused)('refuses %s', (_what, doc, message) => {
    expect(problemsOf(doc)).toMatch(message);
  });
});

describe('WHO form definitions: the catalogue', () => {
  const withRow = (when: unknown) => problemsOf(form({ tables: row(when) }));
  it('the population’s date is a date filter of the case itself', () => {
    expect(problemsOf(form({ population: { date: 'registrationDate' } }))).toBe('');
    expect(problemsOf(form({ population: { date: 'outcomeDate' } }))).toBe('');
    expect(problemsOf(form({ population: { date: 'registratonDate' } }))).toContain(`${join(own, 'f1')}.json /population/date: "registratonDate" is no date of the case`);
    expect(problemsOf(form({ population: { date: 'classification' } }))).toContain('/population/date: "classification" is no date of the case');
    // a date of an exam (the newest HIV test's ART start) is a period filter, but not of the case
    expect(problemsOf(form({ population: { date: 'hivArt' } }))).toContain('/population/date: "hivArt" is no date of the case');
  });
  it('each condition named by its pointer: the population, each exclusion, a table, a row, a column', () => {
    const bad = { var: 'bogus', in: ['x'] };
    const msg = problemsOf(form({ population: { date: 'registrationDate', when: bad }, exclude: [{ id: 'a', label: L, when: { var: 'validated', in: [true] } }, { id: 'b', label: L, when: bad }], tables: [{ id: 't', title: L, when: bad, rows: [{ id: 'r', label: L }, { id: 'r2', label: L, when: bad }], columns: [{ id: 'c', label: L, when: bad }] }] }));
    expect(msg.split('\n').slice(1).map((l) => l.trim().replace(`${join(own, 'f1')}.json `, ''))).toEqual([
      '/population/when: unknown report variable "bogus"',
      '/exclude/1/when: unknown report variable "bogus"',
      '/tables/0/when: unknown report variable "bogus"',
      '/tables/0/rows/1/when: unknown report variable "bogus"',
      '/tables/0/columns/0/when: unknown report variable "bogus"',
    ]);
    expect(msg.startsWith('invalid WHO form definitions:\n  ')).toBe(true);
  });
  it('inside all, any and not, each part by its index', () => {
    expect(withRow({ all: [{ var: 'validated', in: [true] }, { any: [{ var: 'validated', in: [true] }, { not: { var: 'bogus', in: [1] } }] }] })).toContain('/tables/0/rows/0/when/all/1/any/1/not: unknown report variable "bogus"');
    expect(withRow({ any: [{ var: 'bogus', empty: true }] })).toContain('/tables/0/rows/0/when/any/0: unknown report variable "bogus"');
  });
  it('a variable of several rows per case (tags, medicines) is refused: a form reads one value per case', () => {
    expect(withRow({ var: 'tag', in: ['x'] })).toContain('/tables/0/rows/0/when: "tag" has several rows per case; a form reads one value per case');
    expect(withRow({ var: 'medicine', empty: true })).toContain('"medicine" has several rows per case');
  });
  it('an age condition only on an age variable, its lower bound not above its upper (equal is one year)', () => {
    expect(withRow({ var: 'ageRange', from: 4, to: 4 })).toBe('');
    expect(withRow({ var: 'ageRange', from: 3, to: 4 })).toBe('');
    expect(withRow({ var: 'ageRange', from: 5, to: 4 })).toContain('/tables/0/rows/0/when: from after to');
    expect(withRow({ var: 'registrationDate.year', from: 0, to: 4 })).toContain('"registrationDate.year" is no age variable');
  });
  it('the values of each kind of variable: an enum’s own keys, yes/no of a boolean or a recorded date, text of a period or a catalogue row', () => {
    expect(withRow({ var: 'classification', in: ['TB', 'NTM'] })).toBe('');
    expect(withRow({ var: 'classification', in: ['TB', 'XDR', 1] })).toContain('/tables/0/rows/0/when: "classification" has no value "XDR", 1');
    expect(withRow({ var: 'validated', in: [true, false] })).toBe('');
    expect(withRow({ var: 'validated', in: ['true'] })).toContain('"validated" has no value "true"');
    expect(withRow({ var: 'cultureConversion.recorded', in: [false] })).toBe('');
    expect(withRow({ var: 'cultureConversion.recorded', in: [0] })).toContain('"cultureConversion.recorded" has no value 0');
    expect(withRow({ var: 'registrationDate.quarter', in: ['2025-Q1'] })).toBe('');
    expect(withRow({ var: 'registrationDate.quarter', in: [2025] })).toContain('"registrationDate.quarter" has no value 2025');
    expect(withRow({ var: 'regimen', in: ['6b1e1a52-0000-4000-8000-000000000001'] })).toBe('');
    expect(withRow({ var: 'regimen', in: [true] })).toContain('"regimen" has no value true');
    expect(withRow({ var: 'registrationGroup', empty: true })).toBe('');
  });
  it('a span between two dates of the case: each field that is no date named; the columns set when both are', () => {
    expect(withRow({ span: ['iniTreatmentDate', 'classification'], maxMonths: 6 })).toContain('/tables/0/rows/0/when/span: "classification" is no date of the case');
    const both = withRow({ span: ['startDate', 'iniTreatmentDate'], maxMonths: 6 });
    expect(both).toContain('/span: "startDate" is no date of the case');
    expect(both).not.toContain('"iniTreatmentDate" is no date');
    expect(withRow({ span: ['bogus1', 'bogus2'], overMonths: 6 }).match(/is no date of the case/g)).toHaveLength(2);
    expect(problemsOf(form({ tables: row({ span: ['iniTreatmentDate', 'treatmentEndDate'], maxMonths: 9 }) }))).toBe('');
    expect(loadForms(own, cat, caseDef).get('f1')!.tables[0].rows[0].when).toEqual({ span: ['iniTreatmentDate', 'treatmentEndDate'], maxMonths: 9, columns: ['ini_treatment_date', 'treatment_end_date'] });
    const half = { span: ['iniTreatmentDate', 'bogus'], maxMonths: 9 };
    const d = { ...form({ tables: row(half) }), order: 0, exclude: [], population: { date: 'registrationDate', quartersBack: 0 } };
    definitionProblems(cat, caseDef, d, new Map([['f1', d]]));
    expect(half).not.toHaveProperty('columns');
  });
  it('ids once each: tables, exclusions, rows and columns of a table (each repeat named)', () => {
    const twoTables = form({ tables: [...table({}), ...table({})] });
    expect(problemsOf(twoTables)).toContain('/tables: "t" twice');
    const w = { var: 'validated', in: [true] };
    const ex = problemsOf(form({ exclude: [{ id: 'a', label: L, when: w }, { id: 'b', label: L, when: w }, { id: 'a', label: L, when: w }, { id: 'a', label: L, when: w }] }));
    expect(ex.match(/\/exclude: "a" twice/g)).toHaveLength(2);
    expect(ex).not.toContain('"b" twice');
    expect(problemsOf(form({ tables: table({ columns: [{ id: 'c', label: L }, { id: 'c', label: L }] }) }))).toContain('/tables/0/columns: "c" twice');
    expect(problemsOf(form({ tables: table({ rows: [{ id: 'r', label: L }, { id: 'q', label: L }] }) }))).toBe('');
  });
  it('a reconciliation names a cell that exists, in this form and in the other', () => {
    const rec = (ownCell: object, of: object) => problemsOf(form({ reconcile: { own: ownCell, of } }));
    const cell = { table: 't', row: 'r', column: 'c' };
    expect(rec(cell, { form: 'f1', ...cell })).toBe('');
    expect(rec({ ...cell, table: 'u' }, { form: 'f1', ...cell })).toContain('/reconcile/own: no cell u/r/c in "f1"');
    expect(rec({ ...cell, row: 'x' }, { form: 'f1', ...cell })).toContain('/reconcile/own: no cell t/x/c in "f1"');
    expect(rec(cell, { form: 'f1', ...cell, column: 'x' })).toContain('/reconcile/of: no cell t/r/x in "f1"');
    expect(rec(cell, { form: 'f2', ...cell })).toContain('/reconcile/of: unknown form "f2"');
    expect(rec(cell, { form: 'f2', ...cell })).not.toContain('/reconcile/own');
  });
});

describe('WHO form definitions: the files', () => {
  it('no folder: no forms', () => {
    expect(loadForms(join(own, 'none'), cat, caseDef).size).toBe(0);
  });
  it('only .json files, in the order of their names; a file that is not JSON and an id declared twice are refused by name', () => {
    rmSync(own, { recursive: true, force: true });
    mkdirSync(own);
    writeFileSync(join(own, 'b.json'), JSON.stringify(form({ id: 'fb' })));
    writeFileSync(join(own, 'a.json'), JSON.stringify(form({ id: 'fa' })));
    writeFileSync(join(own, 'notes.txt'), 'not a form');
    expect([...loadForms(own, cat, caseDef).keys()]).toEqual(['fa', 'fb']);
    writeFileSync(join(own, 'c.json'), '{"id": ');
    writeFileSync(join(own, 'd.json'), JSON.stringify(form({ id: 'fa' })));
    expect(() => loadForms(own, cat, caseDef)).toThrow(new RegExp(`${join(own, 'c.json')}: not JSON: [\\s\\S]*${join(own, 'd.json')} /id: the form "fa" is declared twice`));
  });
});

describe('WHO form definitions: what a condition reads', () => {
  it('the variables of each kind of condition, nested; a span reads dates of the case, no variable', () => {
    expect(conditionVars({ var: 'gender', in: ['MALE'] })).toEqual(['gender']);
    expect(conditionVars({ var: 'registrationGroup', empty: true })).toEqual(['registrationGroup']);
    expect(conditionVars({ var: 'ageRange', from: 0, to: 4 })).toEqual(['ageRange']);
    expect(conditionVars({ span: ['iniTreatmentDate', 'treatmentEndDate'], maxMonths: 9 })).toEqual([]);
    expect(conditionVars({ all: [{ var: 'a', in: [1] }, { any: [{ var: 'b', empty: true }, { not: { var: 'c', in: [1] } }] }, { span: ['x', 'y'], overMonths: 1 }] })).toEqual(['a', 'b', 'c']);
    expect(conditionVars({ any: [{ var: 'd', in: [1] }, { var: 'e', in: [1] }] })).toEqual(['d', 'e']);
    expect(conditionVars({ not: { var: 'f', in: [1] } })).toEqual(['f']);
  });
  it('a definition given without its exclusions (not through loadForms) has none to check', () => {
    const d = { ...form(), order: 0, population: { date: 'registrationDate', quartersBack: 0 } };
    expect(definitionProblems(cat, caseDef, d, new Map([['f1', d]]))).toEqual([]);
  });
  it('every problem of the meta-schema in a file is named, not only the first', () => {
    const msg = problemsOf(form({ id: '1f', order: 1.5 }));
    expect(msg).toMatch(/\/id: must match pattern/);
    expect(msg).toMatch(/\/order: must be integer/);
  });
});
