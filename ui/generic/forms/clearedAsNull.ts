import type { Doc } from '../../api/index.ts';

const isObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** The part of a JSON schema this reads: an object's properties. */
interface ObjectSchema {
  properties?: Record<string, unknown>;
}

/**
 * The document a form saves, with each of the form's fields the user emptied sent as `null`: rjsf
 * drops an emptied field from its data, and a field left out of an edit keeps its stored value on the
 * server — the middle name erased, saved, and still there. Only a field of the form's schema that had
 * a value when the form opened becomes `null` (a part's fields one level down too; the row's id and
 * version are not fields); lists are sent whole as they are, and a yes/no field is never empty.
 * @example clearedAsNull({ properties: { name: {}, middleName: {} } }, { name: 'Асан', middleName: 'Бекович' }, { name: 'Асан' }) // { name: 'Асан', middleName: null }
 */
export function clearedAsNull(schema: ObjectSchema, opened: unknown, saved: Doc): Doc {
  if (!isObject(opened) || !schema.properties) return saved;
  const out: Doc = { ...saved };
  for (const [key, field] of Object.entries(schema.properties)) {
    const was = opened[key];
    if (isEmpty(was) || Array.isArray(was) || typeof was === 'boolean') continue; // a yes/no is never emptied
    const now = saved[key];
    if (isObject(was)) {
      if (isObject(now) && isObject(field)) out[key] = clearedAsNull(field as ObjectSchema, was, now);
    } else if (now === undefined) out[key] = null;
  }
  return out;
}
