// A form's field the user emptied is saved as null (clearedAsNull.ts): otherwise the server keeps its value.
import { describe, expect, it } from 'vitest';
import { clearedAsNull } from './clearedAsNull.ts';

const patient = { properties: { name: {}, middleName: {}, phone: {}, weight: {}, alive: {}, items: {} } };
const composed = { properties: { patient, tbcase: { properties: { caseNumber: {} } } } };

describe('a form’s emptied fields are sent as null', () => {
  it.each([
    ['an emptied field becomes null', patient, { name: 'Асан', middleName: 'Бекович' }, { name: 'Асан' }, { name: 'Асан', middleName: null }],
    ['a field empty when the form opened stays out', patient, { name: 'Асан', middleName: '' }, { name: 'Асан' }, { name: 'Асан' }],
    ['a field changed is sent as changed', patient, { name: 'Асан' }, { name: 'Арсен' }, { name: 'Арсен' }],
    ['the row’s id and version, not fields of the form, stay out', patient, { id: 'r1', version: 3, name: 'Асан' }, { name: 'Асан' }, { name: 'Асан' }],
    ['a part’s emptied field becomes null, the part kept', composed, { patient: { name: 'Асан', phone: '0555' }, tbcase: { caseNumber: '1' } }, { patient: { name: 'Асан' }, tbcase: { caseNumber: '1' } }, { patient: { name: 'Асан', phone: null }, tbcase: { caseNumber: '1' } }],
    ['a list is sent as it is', patient, { items: [{ a: 1 }] }, { items: [] }, { items: [] }],
    ['a new document (nothing opened) is sent as it is', patient, undefined, { name: 'Асан' }, { name: 'Асан' }],
    ['a zero is a value: emptied, it becomes null', patient, { weight: 0 }, {}, { weight: null }],
    ['a yes/no is never emptied: left out, it keeps its value', patient, { alive: true }, {}, {}],
  ])('%s', (_, schema, opened, saved, expected) => expect(clearedAsNull(schema, opened, saved)).toEqual(expected));
});
