import { describe, expect, it } from 'vitest';
import { toErrorSchema } from './serverErrors.ts';

describe('toErrorSchema', () => {
  it('nests dotted paths and skips whole-request errors', () => {
    const out = toErrorSchema(
      [
        { field: 'address.zipCode', msg: 'bad' },
        { field: 'medicines.0.days', msg: 'msg.required' },
        { field: null, msg: 'general' },
      ],
      (k) => (k === 'msg.required' ? 'обязательно' : k),
    );
    expect(out).toEqual({ address: { zipCode: { __errors: ['bad'] } }, medicines: { 0: { days: { __errors: ['обязательно'] } } } });
  });

  it('is undefined without field errors', () => {
    expect(toErrorSchema([{ field: null, msg: 'x' }], (k) => k)).toBeUndefined();
  });
});
