// An indicator request checked against the declared variables and filters before any SQL:
// unknown ids, a variable twice, a missing side, filter values outside the
// filter's keys, bad periods — each a field error; good values normalised. And the catalogue itself:
// the report variables all declared, with their filter types.
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { allowedCatalogue, reportCatalogue } from '../../engine/report-vars.ts';
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
    expect(checkIndicator(cat, { rowVariables: ['outcome'], columnVariables: [] }, 'ru').errors).toEqual([{ field: 'columnVariables', msg: 'Выберите хотя бы одну переменную для строк и одну для столбцов' }]);
    expect(checkIndicator(cat, { columnVariables: ['outcome'] }, 'en').errors).toEqual([{ field: 'rowVariables', msg: 'Select at least one variable for the rows and one for the columns' }]);
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

// Each rule at its boundaries: the keys of each kind of filter, the id and month formats, the
// 500-value limit, the period's shape, and each error of a request with the field it names.
describe('filterValue: the keys of each kind of filter', () => {
  const bad = 'Not a value of this filter';
  const id = '0b1d7f4e-6a57-4a43-9d35-7e8f1f1f2a10';
  it('no value (null or absent) filters nothing, for every type', () => {
    for (const id of ['classification', 'validated', 'registrationDate', 'tag']) {
      expect(filterValue(f(id), null, 'en'), id).toBeUndefined();
      expect(filterValue(f(id), undefined, 'en'), id).toBeUndefined();
    }
  });
  it('a catalogue row’s id is a UUID, either case, nothing before or after; the age range and an area take ids too', () => {
    expect(filterValue(f('tag'), [id.toUpperCase()], 'en')).toEqual({ keys: [id.toUpperCase()] });
    expect(filterValue(f('ageRange'), [id], 'en')).toEqual({ keys: [id] });
    expect(filterValue(f('ownerUnitArea'), [id], 'en')).toEqual({ keys: [id] });
    expect(filterValue(f('ownerUnit'), ['ffffffff-ffff-ffff-ffff-ffffffffffff', '00000000-0000-0000-0000-000000000000'], 'en')).toEqual({ keys: ['ffffffff-ffff-ffff-ffff-ffffffffffff', '00000000-0000-0000-0000-000000000000'] });
    for (const no of [`x${id}`, `${id}x`, id.replace('0b1d', 'gb1d'), id.slice(1), `${id.slice(0, 8)}${id.slice(9)}`, id.replace('-6a57-', '-6a57a-'), id.replace('-4a43-', '-4a4-'), id.replace('-9d35-', '-9d3-'), id.replace('1f1f2a10', '1f1f2a1'), id.replace('6a57', '6a5g'), id.replace('4a43', '4a4z'), id.replace('9d35', '9d3z'), id.replace('7e8f', '7e8z'), 7, true, [id]]) {
      expect(filterValue(f('tag'), [no], 'en'), String(no)).toBe(bad);
    }
  });
  it('yes/no takes only a boolean, a multi-select a list, a select one value', () => {
    expect(filterValue(f('validated'), false, 'en')).toEqual({ keys: [false] });
    expect(filterValue(f('validated'), [true], 'en')).toBe(bad);
    expect(filterValue(f('individualized'), 'true', 'en')).toBe(bad);
    expect(filterValue(f('classification'), { keys: ['TB'] }, 'en')).toBe(bad);
    expect(filterValue(f('classification'), ['TB', 'NTM', 'X'], 'en')).toBe(bad);
  });
  it('a recorded-date filter takes yes or no', () => {
    const recorded = { ...f('validated'), id: 'cultureConversion.recorded', value: { kind: 'recorded' as const }, type: 'select' as const };
    expect(filterValue(recorded, true, 'en')).toEqual({ keys: [true] });
    expect(filterValue(recorded, 'yes', 'en')).toBe(bad);
  });
  it('at most 500 values', () => {
    const ids = Array.from({ length: 501 }, (_, i) => `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`);
    expect((filterValue(f('tag'), ids.slice(0, 500), 'en') as { keys: unknown[] }).keys).toHaveLength(500);
    expect(filterValue(f('tag'), ids, 'en')).toBe(bad);
  });
});

describe('filterValue: a period', () => {
  const bad = 'Period: month and year as YYYY-MM, the start not after the end';
  const p = (raw: unknown) => filterValue(f('registrationDate'), raw, 'en');
  it('each month of the year, January to December; month 00 and 13 refused', () => {
    for (const m of ['01', '09', '10', '12']) expect(p({ ini: `2025-${m}` }), m).toEqual({ ini: `2025-${m}` });
    for (const m of ['00', '13', '20', '1', '001']) expect(p({ end: `2025-${m}` }), m).toBe(bad);
  });
  it('exactly YYYY-MM: nothing before or after, four digits of year', () => {
    for (const x of ['x2025-01', '2025-01x', '12025-01', '225-01', '2025/01', 202501]) expect(p({ ini: x }), String(x)).toBe(bad);
  });
  it('an open end given as null; only ini and end; an object', () => {
    expect(p({ ini: '2025-02', end: null })).toEqual({ ini: '2025-02' });
    expect(p({ ini: null, end: null })).toBeUndefined();
    expect(p({ ini: '2025-02', until: '2025-03' })).toBe(bad);
    expect(p('2025-02')).toBe(bad);
    expect(p(202502)).toBe(bad);
    expect(p(true)).toBe(bad);
    expect(p({ ini: ['2025-02'] })).toBe(bad);
    expect(p({ end: 202502 })).toBe(bad);
  });
  it('the start may equal the end, not follow it (across a year too)', () => {
    expect(p({ ini: '2024-12', end: '2025-01' })).toEqual({ ini: '2024-12', end: '2025-01' });
    expect(p({ ini: '2025-01', end: '2024-12' })).toBe(bad);
    expect(p({ ini: '2025-02', end: '2025-01' })).toBe(bad);
  });
});

describe('checkIndicator: each error names its field', () => {
  it('both sides missing: the row error first, then the column error', () => {
    expect(checkIndicator(cat, {}, 'en').errors).toEqual([
      { field: 'rowVariables', msg: 'Select at least one variable for the rows and one for the columns' },
      { field: 'columnVariables', msg: 'Select at least one variable for the rows and one for the columns' },
    ]);
    expect(checkIndicator(cat, {}, 'en').request).toEqual({ rows: [], columns: [], filters: [] });
  });
  it('a variable not allowed in rows, nor in columns (whether the case is being transferred)', () => {
    expect(checkIndicator(cat, { rowVariables: ['transferring'], columnVariables: ['transferring'] }, 'ru').errors).toEqual([
      { field: 'rowVariables', msg: 'Переменная transferring не может быть строкой' },
      { field: 'columnVariables', msg: 'Переменная transferring не может быть столбцом' },
    ]);
    expect(checkIndicator(cat, { rowVariables: ['gender'], columnVariables: ['gender'] }, 'en').errors).toEqual([]);
  });
  it('a variable or filter the reader may not read is refused by its name, an unknown one by its id', () => {
    const mine = allowedCatalogue(cat, (p) => p !== 'EXAM_HIV');
    expect(checkIndicator(mine, { rowVariables: ['hivResult'], columnVariables: ['gender'], filters: { hivResult: ['POSITIVE'], nope: [] } }, 'ru').errors).toEqual([
      { field: 'rowVariables', msg: 'Нет права считать по «ВИЧ-статус»: нужно право на чтение его данных' },
      { field: 'filters.hivResult', msg: 'Нет права считать по «ВИЧ-статус»: нужно право на чтение его данных' },
      { field: 'filters.nope', msg: 'Неизвестный фильтр: nope' },
    ]);
    expect(checkIndicator(mine, { rowVariables: ['hivResul'], columnVariables: ['gender'] }, 'ru').errors).toEqual([{ field: 'rowVariables', msg: 'Неизвестная переменная: hivResul' }]);
  });
  it('a bad filter value names the filter; a filter given as null or empty is no filter; the good ones kept in order', () => {
    const r = checkFilters(cat, { state: ['CLOSED'], gender: [], validated: null, registrationDate: { ini: '2025-13' }, tag: ['x'], outcome: ['DIED'] }, 'en');
    expect(r.errors).toEqual([
      { field: 'filters.registrationDate', msg: 'Period: month and year as YYYY-MM, the start not after the end' },
      { field: 'filters.tag', msg: 'Not a value of this filter' },
    ]);
    expect(r.filters).toEqual([{ filter: f('state'), value: { keys: ['CLOSED'] } }, { filter: f('outcome'), value: { keys: ['DIED'] } }]);
    expect(checkFilters(cat, undefined, 'en')).toEqual({ filters: [], errors: [] });
  });
});
