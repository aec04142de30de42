// A field that repeats another (sameAsField.ts): the password typed twice on the three password forms.
import { describe, expect, it } from 'vitest';
import { sameAsField } from './sameAsField.ts';

const form = (values: Record<string, unknown>) => ({ getFieldValue: (name: string) => values[name] });
const check = (values: Record<string, unknown>, value: unknown) => sameAsField('newPassword', 'Пароли не совпадают')(form(values)).validator(null, value);

describe('a field that must repeat another', () => {
  it('passes when it equals the other field', async () => {
    await expect(check({ newPassword: 'Secret-123' }, 'Secret-123')).resolves.toBeUndefined();
  });
  it('is refused with the message when it differs, even by case', async () => {
    await expect(check({ newPassword: 'Secret-123' }, 'secret-123')).rejects.toThrow('Пароли не совпадают');
  });
  it('is refused when the other field is still empty', async () => {
    await expect(check({}, 'Secret-123')).rejects.toThrow('Пароли не совпадают');
  });
  it('leaves an empty field to the required rule', async () => {
    await expect(check({ newPassword: 'Secret-123' }, '')).resolves.toBeUndefined();
    await expect(check({ newPassword: 'Secret-123' }, undefined)).resolves.toBeUndefined();
  });
  it('compares with the field it names', async () => {
    await expect(sameAsField('password', 'x')(form({ password: 'a', newPassword: 'b' })).validator(null, 'a')).resolves.toBeUndefined();
  });
});
