/**
 * The JSON Schema of the one condition language (`types.ts`): what the meta-check of the schema
 * files (`x-visible`), the WHO form definitions and the DAK indicator definitions check their
 * conditions against. It is one schema with a definition per subject key: `#/$defs/field` (a form's
 * conditions: a subject is a value path), `#/$defs/var` (a report's: a report variable), and
 * `#/$defs/visible` (an `x-visible` entry: a `field` condition that may also say `required: true`).
 * A reader adds it to its ajv once (`ajv.addSchema(conditionSchema)`) and refers to `condition#/$defs/<name>`.
 *
 * @example
 *   const ajv = new Ajv2020(); ajv.addSchema(conditionSchema);
 *   ajv.validate({ $ref: 'condition#/$defs/var' }, { var: 'sex', in: ['MALE'] }) // true
 */
import { PARAM_FIELD_PATTERN } from '../options-params.ts';
import type { SubjectKey } from './types.ts';

const scalar = { type: ['string', 'number', 'boolean'] };
const bound = { type: 'integer', minimum: 0 };
const months = { type: 'integer', minimum: 0 };
const SUBJECT: Record<SubjectKey, object> = { field: { type: 'string', pattern: PARAM_FIELD_PATTERN }, var: { type: 'string' } };

/** The shapes of a condition whose subjects are named by `key`; `extra`: what the top level may say besides. */
function shapes(key: SubjectKey, extra: Record<string, object> = {}) {
  const subject = SUBJECT[key];
  const inner = { $ref: `#/$defs/${key}` };
  const shape = (required: string[], properties: Record<string, object>, more: object = {}) => ({ type: 'object', additionalProperties: false, required, properties: { ...properties, ...extra }, ...more });
  const leaf = (ops: string[], properties: Record<string, object>) => shape([key, ...ops], { [key]: subject, ...properties });
  // a span says exactly one length: two keys, or (with the extras) one of them and not both
  const oneLength = Object.keys(extra).length
    ? { oneOf: [{ required: ['maxMonths'] }, { required: ['overMonths'] }] }
    : { minProperties: 2, maxProperties: 2 };
  return [
    leaf(['equals'], { equals: scalar }),
    leaf(['in'], { in: { type: 'array', minItems: 1, items: scalar } }),
    leaf(['empty'], { empty: { const: true } }),
    leaf(['notEmpty'], { notEmpty: { const: true } }),
    leaf(['from', 'to'], { from: bound, to: bound }),
    shape(['span'], { span: { type: 'array', minItems: 2, maxItems: 2, items: subject }, maxMonths: months, overMonths: months }, oneLength),
    shape(['all'], { all: { type: 'array', minItems: 1, items: inner } }),
    shape(['any'], { any: { type: 'array', minItems: 1, items: inner } }),
    shape(['not'], { not: inner }),
  ];
}

/** The condition language's JSON Schema (`$id: "condition"`). */
export const conditionSchema = {
  $id: 'condition',
  $defs: {
    field: { oneOf: shapes('field') },
    var: { oneOf: shapes('var') },
    visible: { oneOf: shapes('field', { required: { type: 'boolean' } }) },
  },
};
