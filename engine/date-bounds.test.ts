// Date sanity (`x-notAfter` / `x-notBefore`, engine/date-bounds.ts), at and around each boundary: a
// date equal to its bound is allowed, one day past it is refused; "today" is the caller's day; an
// empty bound is no bound; a bound is read from the same row, the parent object, the root, or
// through a reference (then it is the server's to read).
import { describe, expect, it } from 'vitest';
import { boundError, boundSource, dateBoundChecks, dateBoundErrors, dateBounds, pickerLimits } from './date-bounds.ts';
import type { JsonSchema } from './types.ts';

const date = { type: 'string', format: 'date' };
const visit: JsonSchema = {
  type: 'object',
  properties: {
    birthDate: date,
    patientId: { type: 'string', format: 'uuid', 'x-ref': 'patient' },
    seen: { ...date, 'x-notAfter': 'today', 'x-notBefore': 'birthDate' },
    plan: {
      type: 'object',
      properties: {
        start: { ...date, 'x-notBefore': '../seen' },
        end: { ...date, 'x-notBefore': 'start', 'x-notAfter': '/seen' },
      },
    },
    doses: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          from: { ...date, 'x-notBefore': '/birthDate' },
          to: { ...date, 'x-notBefore': 'from' },
        },
      },
    },
    registered: { ...date, 'x-notBefore': 'patientId.birthDate' },
  },
};

describe('boundError: a date against its bound', () => {
  it.each<[string, 'notAfter' | 'notBefore', string, unknown, string | undefined]>([
    ['not after: the same day', 'notAfter', '2026-11-26', '2026-11-26', undefined],
    ['not after: the day before', 'notAfter', '2026-11-25', '2026-11-26', undefined],
    ['not after: the day after', 'notAfter', '2026-11-27', '2026-11-26', 'не может быть позже, чем «Дата»'],
    ['not after: a year later, an earlier month', 'notAfter', '2027-01-01', '2026-12-31', 'не может быть позже, чем «Дата»'],
    ['not before: the same day', 'notBefore', '2026-11-26', '2026-11-26', undefined],
    ['not before: the day after', 'notBefore', '2026-11-27', '2026-11-26', undefined],
    ['not before: the day before', 'notBefore', '2026-11-25', '2026-11-26', 'не может быть раньше, чем «Дата»'],
    // a date-time compares by its day: late that day is still the same day
    ['not after: a time later the same day', 'notAfter', '2026-11-26T23:59:00Z', '2026-11-26', undefined],
    ['not before: a bound with a time, the same day', 'notBefore', '2026-11-26', '2026-11-26T08:00:00Z', undefined],
    ['an empty bound is no bound', 'notAfter', '2030-01-01', '', undefined],
    ['a missing bound is no bound', 'notBefore', '1900-01-01', undefined, undefined],
    ['a bound that is not text is no bound', 'notAfter', '2030-01-01', 20261126, undefined],
  ])('%s', (_, kind, value, bound, error) => expect(boundError(kind, value, bound, 'Дата', 'ru')).toBe(error));

  it('says "today" in words, in Russian and in English', () => {
    expect(boundError('notAfter', '2026-11-27', '2026-11-26', 'today', 'ru')).toBe('не может быть позже сегодняшнего дня');
    expect(boundError('notBefore', '2026-11-25', '2026-11-26', 'today', 'ru')).toBe('не может быть раньше сегодняшнего дня');
    expect(boundError('notAfter', '2026-11-27', '2026-11-26', 'today', 'en')).toBe('cannot be in the future');
    expect(boundError('notBefore', '2026-11-25', '2026-11-26', 'today', 'en')).toBe('cannot be in the past');
    expect(boundError('notAfter', '2026-11-27', '2026-11-26', 'Start', 'en')).toBe('cannot be later than «Start»');
    expect(boundError('notBefore', '2026-11-25', '2026-11-26', 'Start', 'en')).toBe('cannot be earlier than «Start»');
  });

  it('speaks Russian in a language it has no words for', () => {
    expect(boundError('notAfter', '2026-11-27', '2026-11-26', 'today', 'kk' as 'ru')).toBe('не может быть позже сегодняшнего дня');
  });
});

describe('boundSource: where a bound points', () => {
  it.each<[string, string[], unknown, unknown]>([
    ['today', [], 'today', { today: true }],
    ['a sibling', [], 'birthDate', { place: ['birthDate'] }],
    ['one object up', ['plan'], '../seen', { place: ['seen'] }],
    ['from the root, inside a row', ['doses', '[]'], '/birthDate', { place: ['birthDate'] }],
    ['through a reference', [], 'patientId.birthDate', { refPlace: ['patientId'], table: 'patient', field: 'birthDate' }],
    ['not text', [], 5, 'must be "today" or a field'],
    ['not a path', [], 'birth date', '"birth date" is not "today" nor a field path (name, a.b, ../name or /name)'],
    ['above the root', [], '../seen', '"../seen" is not "today" nor a field path (name, a.b, ../name or /name)'],
    ['an unknown field', [], 'deathDate', 'unknown field "deathDate"'],
    ['a field of a field that is no reference', [], 'seen.day', 'unknown field "seen.day"'],
    ['two steps through a reference', [], 'patientId.unit.name', 'unknown field "patientId.unit.name"'],
  ])('%s', (_, holder, text, expected) => expect(boundSource(visit, holder, text)).toEqual(expected));

  it('takes a field inside a part composed from another file as a field (checked once bundled)', () => {
    const composed: JsonSchema = { type: 'object', properties: { exam: { $ref: 'exam' }, seen: date } };
    expect(boundSource(composed, [], 'exam.date')).toEqual({ place: ['exam', 'date'] });
  });
});

describe('dateBounds: every declared bound, rows and nested objects included', () => {
  it('lists each keyword of each field by its place', () => {
    expect(dateBounds(visit)).toEqual([
      { place: ['seen'], kind: 'notAfter', source: { today: true } },
      { place: ['seen'], kind: 'notBefore', source: { place: ['birthDate'] } },
      { place: ['plan', 'start'], kind: 'notBefore', source: { place: ['seen'] } },
      { place: ['plan', 'end'], kind: 'notAfter', source: { place: ['seen'] } },
      { place: ['plan', 'end'], kind: 'notBefore', source: { place: ['plan', 'start'] } },
      { place: ['doses', '[]', 'from'], kind: 'notBefore', source: { place: ['birthDate'] } },
      { place: ['doses', '[]', 'to'], kind: 'notBefore', source: { place: ['doses', '[]', 'from'] } },
      { place: ['registered'], kind: 'notBefore', source: { refPlace: ['patientId'], table: 'patient', field: 'birthDate' } },
    ]);
  });

  it('leaves a malformed bound to the meta-check', () => {
    expect(dateBounds({ type: 'object', properties: { a: { ...date, 'x-notAfter': 'tomorrow' } } })).toEqual([]);
  });
});

describe('dateBoundChecks: the comparisons a document asks for', () => {
  it('takes each filled date of each row, with the bound of its own row', () => {
    const doc = { birthDate: '2000-05-01', patientId: 'p1', doses: [{ from: '2026-01-10', to: '2026-01-09' }, { from: '', to: '2026-02-01' }, { to: null }] };
    expect(dateBoundChecks(visit, doc)).toEqual([
      { path: ['doses', '0', 'from'], value: '2026-01-10', kind: 'notBefore', bound: { value: '2000-05-01', place: ['birthDate'] } },
      { path: ['doses', '0', 'to'], value: '2026-01-09', kind: 'notBefore', bound: { value: '2026-01-10', place: ['doses', '[]', 'from'] } },
      { path: ['doses', '1', 'to'], value: '2026-02-01', kind: 'notBefore', bound: { value: '', place: ['doses', '[]', 'from'] } },
    ]);
  });

  it('asks the server for a bound through a reference', () => {
    expect(dateBoundChecks(visit, { patientId: 'p1', registered: '2026-11-26' })).toEqual([
      { path: ['registered'], value: '2026-11-26', kind: 'notBefore', bound: { table: 'patient', id: 'p1', field: 'birthDate' } },
    ]);
  });

  it('skips a document without the field, a non-object and a row list that is not a list', () => {
    expect(dateBoundChecks(visit, {})).toEqual([]);
    expect(dateBoundChecks(visit, null)).toEqual([]);
    expect(dateBoundChecks(visit, { doses: 'none' })).toEqual([]);
  });
});

describe('dateBoundErrors: the field errors of a document', () => {
  const label = (path: string[]) => path.join('/');
  const today = '2026-11-26';

  it.each<[string, unknown, { field: string; msg: string }[]]>([
    ['seen today, after the birth', { birthDate: '2000-05-01', seen: '2026-11-26' }, []],
    ['seen tomorrow', { seen: '2026-11-27' }, [{ field: 'seen', msg: 'seen: не может быть позже сегодняшнего дня' }]],
    ['seen on the birth day', { birthDate: '2000-05-01', seen: '2000-05-01' }, []],
    ['seen the day before the birth', { birthDate: '2000-05-01', seen: '2000-04-30' }, [{ field: 'seen', msg: 'seen: не может быть раньше, чем «birthDate»' }]],
    ['a plan ending before it starts', { seen: '2026-11-01', plan: { start: '2026-11-10', end: '2026-11-09' } },
      [{ field: 'plan.end', msg: 'plan/end: не может быть позже, чем «seen»' }, { field: 'plan.end', msg: 'plan/end: не может быть раньше, чем «plan/start»' }]],
    ['a row\'s end before its own start, the other row fine', { doses: [{ from: '2026-01-10', to: '2026-01-11' }, { from: '2026-02-10', to: '2026-02-09' }] },
      [{ field: 'doses.1.to', msg: 'doses/1/to: не может быть раньше, чем «doses/from»' }]],
    ['a bound through a reference is not read here', { patientId: 'p1', registered: '1900-01-01' }, []],
  ])('%s', (_, doc, errors) => expect(dateBoundErrors(visit, doc, today, 'ru', label)).toEqual(errors));
});

describe('pickerLimits: the days a picker offers', () => {
  it.each<[string, string[], unknown, number[], { min?: string; max?: string }]>([
    ['up to today, from the birth date', ['seen'], { birthDate: '2020-03-15' }, [], { min: '2020-03-15', max: '2026-11-26' }],
    ['up to today only, the birth date unknown', ['seen'], {}, [], { max: '2026-11-26' }],
    ['up to today only, the birth date left empty', ['seen'], { birthDate: '' }, [], { max: '2026-11-26' }],
    ['up to today only, the birth date not text', ['seen'], { birthDate: 20200315 }, [], { max: '2026-11-26' }],
    ['a field with no bound', ['birthDate'], {}, [], {}],
    ['the day of a date-time bound', ['plan', 'end'], { seen: '2026-10-01T10:00:00Z', plan: { start: '2026-09-01' } }, [], { min: '2026-09-01', max: '2026-10-01' }],
    ['a row reads its own row', ['doses', '[]', 'to'], { doses: [{ from: '2026-01-10' }, { from: '2026-02-10' }] }, [1], { min: '2026-02-10' }],
    ['a bound through a reference is unknown here', ['registered'], { patientId: 'p1' }, [], {}],
  ])('%s', (_, place, doc, rows, limits) => expect(pickerLimits(visit, place, doc, '2026-11-26', rows)).toEqual(limits));

  it('takes the lower end from one field and the upper from another', () => {
    const between: JsonSchema = { type: 'object', properties: { a: date, b: date, c: { ...date, 'x-notAfter': 'a', 'x-notBefore': 'b' } } };
    expect(pickerLimits(between, ['c'], { a: '2026-05-01', b: '2026-04-01' }, '2026-11-26')).toEqual({ min: '2026-04-01', max: '2026-05-01' });
  });
});
