// The formats every schema is checked with accept only what PostgreSQL stores.
import { describe, expect, it } from 'vitest';
import { boundNumbers, isDate, isDateTime, isUuid } from './formats.ts';
import { Validators } from './validate.ts';

describe('strict formats', () => {
  it('takes a bare uuid only', () => {
    expect(isUuid('0b7c2b4e-3f1a-4c4e-9d7e-2a1b3c4d5e6f')).toBe(true);
    expect(isUuid('0B7C2B4E-3F1A-4C4E-9D7E-2A1B3C4D5E6F')).toBe(true);
    expect(isUuid('urn:uuid:0b7c2b4e-3f1a-4c4e-9d7e-2a1b3c4d5e6f')).toBe(false);
    expect(isUuid(['0b7c2b4e-3f1a-4c4e-9d7e-2a1b3c4d5e6f'])).toBe(false);
  });

  it('takes dates from the year 1, real days only', () => {
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('0001-01-01')).toBe(true);
    expect(isDate('0000-01-01')).toBe(false);
    expect(isDate('2023-02-29')).toBe(false);
    expect(isDateTime('2026-01-01T10:00:00+06:00')).toBe(true);
    expect(isDateTime('0000-01-01T00:00:00Z')).toBe(false);
  });

  it('bounds integers to the column and numbers to finite values, keeping tighter bounds', () => {
    expect(boundNumbers({ type: ['number', 'null'] })).toEqual({ type: ['number', 'null'], minimum: -Number.MAX_VALUE, maximum: Number.MAX_VALUE });
    expect(boundNumbers({ type: 'object', properties: { n: { type: 'integer', minimum: 0 }, s: { type: 'string', enum: [{ type: 'integer' }] } } })).toEqual({
      type: 'object',
      properties: { n: { type: 'integer', minimum: 0, maximum: 2147483647 }, s: { type: 'string', enum: [{ type: 'integer' }] } },
    });
  });

  it('makes every schema refuse them, with field errors', () => {
    const v = new Validators();
    const schema = { type: 'object', properties: { id: { type: 'string', format: 'uuid', title: 'x.id' }, day: { type: 'string', format: 'date' }, n: { type: ['integer', 'null'] }, x: { type: 'number' } } };
    const errors = v.validate('t', schema, { id: 'urn:uuid:0b7c2b4e-3f1a-4c4e-9d7e-2a1b3c4d5e6f', day: '0000-01-01', n: 1e16, x: JSON.parse('1e400') }, 'en');
    expect(errors.map((e) => e.field).sort()).toEqual(['day', 'id', 'n', 'x']);
    expect(v.validate('t', schema, { id: '0b7c2b4e-3f1a-4c4e-9d7e-2a1b3c4d5e6f', day: '2026-01-01', n: null }, 'en')).toEqual([]);
  });
});
