// An indicator request checked against the declared variables and filters before any SQL (issue
// 22; seed 001 §5): unknown ids, a variable twice, a missing side, filter values outside the
// filter's keys, bad periods — each a field error; good values normalised. And the catalogue itself:
// the variables all declared, with their filter types.
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { checkFilters, checkIndicator, filterValue } from './request.ts';

const cat = reportCatalogue(loadSchemas(schemasDir));
const f = (id: string) => cat.filter(id)!;

describe('the declared catalogue', () => {
  it('holds the issue’s variables', () => {
    const ids = cat.variables.map((v) => v.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'classification', 'diagnosisType', 'state', 'gender', 'ageRange', 'nationality', 'registrationGroup', 'infectionSite',
        'extrapulmonaryForm', 'drugResistanceType', 'hivResult', 'microscopyResult', 'cultureResult', 'xpertResult',
        'cultureConversion.recorded', 'outcome', 'outcomeDate.month', 'outcomeDate.quarter', 'outcomeDate.year',
        'registrationDate.month', 'registrationDate.quarter', 'registrationDate.year', 'diagnosisDate.month', 'diagnosisDate.year',
        'iniTreatmentDate.month', 'iniTreatmentDate.quarter', 'iniTreatmentDate.year', 'iniTreatmentDate.monthsSince', 'regimen', 'medicine', 'tag', 'ownerUnit',
        'ownerUnitArea1', 'ownerUnitArea5',
      ]),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('offers multi-selects for enums and catalogues, a select for yes/no, a period for dates', () => {
    expect(f('gender').type).toBe('multiSelect');
    expect(f('tag').type).toBe('multiSelect');
    expect(f('ownerUnitArea').type).toBe('multiSelect');
    expect(f('validated').type).toBe('select');
    expect(f('registrationDate').type).toBe('period');
    expect(cat.filter('registrationDate.month')).toBeUndefined();
  });
  it('reaches each field the way a case holds it', () => {
    expect(cat.variable('gender')!.source).toEqual({ kind: 'ref', table: 'patient', column: 'patient_id' });
    expect(cat.variable('regimen')!.source).toEqual({ kind: 'one', table: 'treatment', parent: 'case_id' });
    expect(cat.variable('tag')!.source).toEqual({ kind: 'each', table: 'casetag', parent: 'case_id' });
    expect(cat.variable('state')!.source).toEqual({ kind: 'case' });
  });
});

describe('filterValue', () => {
  it('a multi-select keeps exactly the chosen values; empty filters nothing', () => {
    expect(filterValue(f('classification'), ['TB', 'NTM'], 'ru')).toEqual({ keys: ['TB', 'NTM'] });
    expect(filterValue(f('classification'), ['TB', 'TB'], 'ru')).toEqual({ keys: ['TB'] });
    expect(filterValue(f('classification'), [], 'ru')).toBeUndefined();
    expect(filterValue(f('classification'), ['XDR'], 'ru')).toBe('Недопустимое значение фильтра');
    expect(filterValue(f('classification'), 'TB', 'ru')).toBe('Недопустимое значение фильтра');
  });
  it('a select takes one value of its own; catalogue filters take ids', () => {
    expect(filterValue(f('validated'), true, 'ru')).toEqual({ keys: [true] });
    expect(filterValue(f('validated'), 'yes', 'ru')).toBe('Недопустимое значение фильтра');
    expect(filterValue(f('tag'), ['0b1d7f4e-6a57-4a43-9d35-7e8f1f1f2a10'], 'ru')).toEqual({ keys: ['0b1d7f4e-6a57-4a43-9d35-7e8f1f1f2a10'] });
    expect(filterValue(f('tag'), ["x' or 1=1"], 'ru')).toBe('Недопустимое значение фильтра');
  });
  it('a period is a month-year range, either end open, the start not after the end', () => {
    expect(filterValue(f('registrationDate'), { ini: '2025-01', end: '2025-03' }, 'ru')).toEqual({ ini: '2025-01', end: '2025-03' });
    expect(filterValue(f('registrationDate'), { ini: '2025-03', end: '2025-03' }, 'ru')).toEqual({ ini: '2025-03', end: '2025-03' });
    expect(filterValue(f('registrationDate'), { end: '2025-03' }, 'ru')).toEqual({ end: '2025-03' });
    expect(filterValue(f('registrationDate'), {}, 'ru')).toBeUndefined();
    const bad = 'Период: месяц и год как ГГГГ-ММ, начало не позже конца';
    expect(filterValue(f('registrationDate'), { ini: '2025-04', end: '2025-03' }, 'ru')).toBe(bad);
    expect(filterValue(f('registrationDate'), { ini: '2025-13' }, 'ru')).toBe(bad);
    expect(filterValue(f('registrationDate'), { ini: '2025-01-01' }, 'ru')).toBe(bad);
    expect(filterValue(f('registrationDate'), ['2025-01'], 'ru')).toBe(bad);
  });
});

describe('checkIndicator', () => {
  it('accepts a good request', () => {
    const r = checkIndicator(cat, { rowVariables: ['outcome'], columnVariables: ['gender'], filters: { state: ['CLOSED'] } }, 'ru');
    expect(r.errors).toEqual([]);
    expect(r.request.rows.map((v) => v.id)).toEqual(['outcome']);
    expect(r.request.filters).toEqual([{ filter: f('state'), value: { keys: ['CLOSED'] } }]);
  });
  it('needs a column and a row variable (the seed’s own words)', () => {
    expect(checkIndicator(cat, { rowVariables: ['outcome'], columnVariables: [] }, 'ru').errors).toEqual([{ field: 'columnVariables', msg: 'Please select a varibale for column and row' }]);
    expect(checkIndicator(cat, { columnVariables: ['outcome'] }, 'en').errors).toEqual([{ field: 'rowVariables', msg: 'Please select a varibale for column and row' }]);
  });
  it('refuses unknown and repeated variables and unknown filters', () => {
    expect(checkIndicator(cat, { rowVariables: ['gender', 'gender'], columnVariables: ['nope'], filters: { __proto__x: 1 } }, 'en').errors).toEqual([
      { field: 'rowVariables', msg: 'Variable gender is already in the list' },
      { field: 'columnVariables', msg: 'Unknown variable: nope' },
      { field: 'filters.__proto__x', msg: 'Unknown filter: __proto__x' },
    ]);
    expect(checkFilters(cat, JSON.parse('{"__proto__": ["TB"]}'), 'en').errors).toEqual([{ field: 'filters.__proto__', msg: 'Unknown filter: __proto__' }]);
  });
});
