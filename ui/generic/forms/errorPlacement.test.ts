import { describe, expect, it } from 'vitest';
import type { RJSFValidationError } from '@rjsf/utils';
import { liftErrors, placeError, unshownErrors } from './errorPlacement.ts';

const ui = {
  profiles: { 'ui:widget': 'RefWidget', 'ui:options': { multiple: true } },
  permissions: { 'ui:field': 'PermissionTree' },
  medicines: { items: { medicineId: { 'ui:widget': 'RefWidget' } } },
  userId: { 'ui:widget': 'hidden' },
};
const schema = {
  type: 'object',
  properties: {
    profiles: { type: 'array', title: 'Профили', items: { type: 'string' } },
    userId: { type: 'string', title: 'Учётная запись' },
    medicines: { type: 'array', items: { type: 'object', properties: { days: { type: 'integer', title: 'Дни' } } } },
  },
};
const err = (property: string, message = 'плохо'): RJSFValidationError => ({ property, message, stack: `${property} ${message}` });

describe('error placement', () => {
  it('moves an error inside a value drawn as one control to that control', () => {
    expect(placeError(['profiles', '0'], ui)).toEqual({ path: ['profiles'], shown: true });
    expect(placeError(['permissions', '2', 'canChange'], ui)).toEqual({ path: ['permissions'], shown: true });
    expect(liftErrors([err('.profiles.0')], ui)[0].property).toBe('.profiles');
  });

  it('keeps errors of fields drawn on their own: rows of a table, plain fields', () => {
    expect(placeError(['medicines', '1', 'days'], ui)).toEqual({ path: ['medicines', '1', 'days'], shown: true });
    expect(placeError(['medicines', '1', 'medicineId'], ui)).toEqual({ path: ['medicines', '1', 'medicineId'], shown: true });
    expect(placeError(['name'], ui)).toEqual({ path: ['name'], shown: true });
    const kept = err('.medicines.1.days');
    expect(liftErrors([kept], ui)[0]).toBe(kept);
  });

  it('lists the errors of hidden fields with their titles, for the alert', () => {
    expect(placeError(['userId'], ui).shown).toBe(false);
    expect(unshownErrors([err('.userId', 'должно соответствовать формату "uuid"'), err('.profiles')], schema, ui)).toEqual([
      '«Учётная запись»: должно соответствовать формату "uuid"',
    ]);
    expect(unshownErrors([err('.userId', 'Учётная запись: должно быть идентификатором записи')], schema, ui)).toEqual([
      'Учётная запись: должно быть идентификатором записи',
    ]);
  });
});
