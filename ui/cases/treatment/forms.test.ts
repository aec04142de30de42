import { describe, expect, it } from 'vitest';
import { END_BEFORE_INI, endBeforeIni, withoutField } from './forms.ts';

describe('the end date of a treatment form', () => {
  it('may not precede the start', () => {
    expect(endBeforeIni({ iniDate: '2026-03-05', endDate: '2026-03-04' })).toEqual([{ field: 'endDate', msg: END_BEFORE_INI }]);
  });

  it('may equal or follow it, and nothing is said while a date is missing', () => {
    expect(endBeforeIni({ iniDate: '2026-03-05', endDate: '2026-03-05' })).toEqual([]);
    expect(endBeforeIni({ iniDate: '2026-03-05', endDate: '2027-01-01' })).toEqual([]);
    expect(endBeforeIni({ iniDate: '2026-03-05' })).toEqual([]);
  });

  it('is checked against a given start (the period change)', () => {
    expect(endBeforeIni({ endDate: '2026-01-31' }, { ini: '2026-02-01' })).toEqual([{ field: 'endDate', msg: END_BEFORE_INI }]);
    expect(endBeforeIni({ endDate: '2026-02-01' }, { ini: '2026-02-01' })).toEqual([]);
  });
});

describe('a form without the treatment unit (client mode)', () => {
  it('has neither the field nor its requirement', () => {
    const schema = { type: 'object', required: ['iniDate', 'unitId'], properties: { iniDate: { type: 'string' }, unitId: { type: 'string' } } };
    expect(withoutField(schema, 'unitId')).toEqual({ type: 'object', required: ['iniDate'], properties: { iniDate: { type: 'string' } } });
    expect(schema.properties).toHaveProperty('unitId');
  });
});
