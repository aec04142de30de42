/**
 * The bodies of the case-report routes, checked by ajv before
 * anything runs; what they mean (known variables, filter values) is checked next by
 * `../indicator/request.ts`.
 */
import type { Registry } from '../../engine/registry.ts';
import type { JsonSchema } from '../../engine/types.ts';

const uuid = { type: 'string', format: 'uuid' };
const scope = { type: 'string', enum: ['WORKSPACE', 'ADMINUNIT', 'UNIT'] };
const variables = { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 100 } };
const filters = { type: 'object', maxProperties: 100 };
const key = { type: ['string', 'number', 'boolean', 'null'], maxLength: 100 };


/** `POST /api/cases/report/ind/exec`. */
/** A trend along a date's last quarters (its report filter id), the rate per 100,000 beside the counts. */
const trend = { type: 'string', maxLength: 100 };
const rate = { type: 'boolean' };

export const indicatorBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { filters, columnVariables: variables, rowVariables: variables, scope, scopeId: uuid, trend, rate },
};

/** `POST /api/cases/report/ind/cases`: the cell (`row`, `column`: one key per variable; null or left out: the 'Итог' of that side). */
export const cellBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...indicatorBody.properties,
    row: { type: ['array', 'null'], maxItems: 3, items: key },
    column: { type: ['array', 'null'], maxItems: 3, items: key },
    page: { type: 'integer', minimum: 1, maximum: 200 },
    after: { type: 'string', maxLength: 2000 },
    /** false: the page alone, not counted (the number is the indicator's, already shown). */
    count: { type: 'boolean' },
  },
};

/**
 * `POST /api/cases/report/save[/{id}]`: the report's schema with its indicators, each as the saved
 * report's table declares it (`schemas/tables/casereport.json` `indicators`: one declaration for the
 * body, the stored row and its generated type).
 * @example reportBody(ctx.registry).properties.indicators.maxItems // 50
 */
export const reportBody = (registry: Registry): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: ['title', 'indicators'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200 },
    dashboard: { type: 'boolean', default: false },
    filters,
    scope,
    scopeId: uuid,
    indicators: (registry.schemas.get('casereport')!.properties as Record<string, JsonSchema>).indicators,
  },
});

export const scopeBody: JsonSchema = { type: 'object', additionalProperties: false, properties: { scope, scopeId: uuid } };
/** `POST /api/cases/report/query {scope, id}`. */
export const listBody: JsonSchema = { type: 'object', additionalProperties: false, properties: { scope, id: uuid } };
/** `POST /api/cases/report/exec {scope, scopeId, reportId, compute?}` (`compute: false`: the schemas only). */
export const execBody: JsonSchema = { type: 'object', additionalProperties: false, required: ['reportId'], properties: { scope, scopeId: uuid, reportId: uuid, compute: { type: 'boolean' } } };
/** A route that takes no body fields (`{}` or none). */
export const noBody: JsonSchema = { type: 'object', additionalProperties: false, properties: {} };
