/**
 * The body of `POST /api/tbl/<table>/query`, checked before any SQL is built: paging, the id, the
 * search key, the keyset cursor and the count flag by a fixed schema; every other key must be a
 * filterable field of the table (its value checked by the field's own schema, or null for "is
 * empty") or a named filter a domain module declares (checked by that filter's schema — the only
 * place a list of values may be declared). All errors come at once, each on its key.
 */
import { t } from '../../engine/i18n.ts';
import type { Field, JsonSchema, TableDef } from '../../engine/types.ts';
import type { AppContext, Session, Doc, QueryParam } from '../types.ts';
import { ApiError } from '../http/errors.ts';

/** The largest page a query answers (also the page of a table that declares none). */
export const MAX_PAGE_SIZE = 500;
/** The largest page number accepted at all (deep pages are refused sooner: see `OFFSET_CAP`). */
export const MAX_PAGE = 1_000_000;

export interface ParsedQuery {
  /** The page number, from 1, when asked. */
  page?: number;
  /** Rows per page: asked, else the table's `x-table.pageSize`, else {@link MAX_PAGE_SIZE}. */
  pageSize: number;
  /** Only this row. */
  id?: string;
  /** Searched in the `x-list.search` fields. */
  key?: string;
  /** The keyset cursor of a previous answer (`next`), opaque here. */
  after?: string;
  /** Whether to count the matches. */
  count?: boolean;
  /** Equality on fields, by field key (`null`: the field is empty). */
  filters: Record<string, unknown>;
  /** The named filters given, by name (a hook's `afterQuery` reads them). */
  params: Doc;
  /** The conditions the named filters add (the table aliased `t`). */
  conditions: ((q: any) => any)[];
}

/** The keys every query may carry besides its filters. */
const reserved: Record<string, JsonSchema> = {
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE },
  pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
  id: { type: 'string', format: 'uuid' },
  key: { type: ['string', 'null'], maxLength: 200 },
  after: { type: 'string', maxLength: 500 },
  count: { type: 'boolean' },
};

/** The fields a query may filter by: stored scalars, references and fields read through one; never hidden ones. */
const filterable = (f: Field) => !f.hidden && (f.kind === 'scalar' || f.kind === 'ref' || f.kind === 'via');

/** A field's schema that also takes null. */
function orNull(schema: JsonSchema): JsonSchema {
  const types = schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type : [schema.type];
  return {
    ...schema,
    ...(types && !types.includes('null') ? { type: [...types, 'null'] } : {}),
    ...(schema.enum && !schema.enum.includes(null) ? { enum: [...schema.enum, null] } : {}),
  };
}

/** What a table's query body may hold (named filters over fields of the same name), by table. */
const bodySchemas = new WeakMap<TableDef, { schema: JsonSchema; named: Map<string, QueryParam> }>();

function bodySchemaOf(ctx: AppContext, def: TableDef) {
  let found = bodySchemas.get(def);
  if (!found) {
    const properties: Record<string, JsonSchema> = {};
    for (const f of def.fields) if (filterable(f)) properties[f.key] = orNull(f.schema);
    const named = new Map<string, QueryParam>();
    for (const h of ctx.modules.hooks(def.name)) {
      for (const [name, param] of Object.entries(h.filters ?? {})) {
        if (named.has(name)) continue;
        named.set(name, param);
        properties[name] = orNull(param.schema);
      }
    }
    Object.assign(properties, reserved);
    found = { schema: { type: 'object', properties }, named };
    bodySchemas.set(def, found);
  }
  return found;
}

/**
 * Checks a query body against the table's query schema and splits it: paging and search, field
 * filters, named filters with their conditions. Refuses with 400 and every field error.
 *
 * @example
 *   parseQueryBody(ctx, unitDef, session, { page: 1, type: 'LAB', adminUnitId: areaId })
 *   // { page: 1, pageSize: 50, filters: { type: 'LAB' }, params: { adminUnitId: areaId }, conditions: [ƒ] }
 */
export function parseQueryBody(ctx: AppContext, def: TableDef, s: Session, body: Record<string, unknown>): ParsedQuery {
  const { schema, named } = bodySchemaOf(ctx, def);
  const properties = schema.properties!;
  const unknown = Object.keys(body).filter((k) => !Object.hasOwn(properties, k));
  if (unknown.length) throw new ApiError(400, unknown.map((k) => ({ field: k, msg: t(s.lang, 'msg.unknownField') })));
  const errors = ctx.validators.validate(`${def.schemaId}#query`, schema, body, s.lang);
  if (errors.length) throw new ApiError(400, errors);

  const { page, pageSize, id, key, after, count, ...rest } = body as Record<string, any>;
  const parsed: ParsedQuery = {
    page,
    pageSize: pageSize ?? def.meta.pageSize ?? MAX_PAGE_SIZE,
    id,
    key: typeof key === 'string' ? key : undefined,
    after,
    count,
    filters: {},
    params: {},
    conditions: [],
  };
  for (const [k, value] of Object.entries(rest)) {
    const param = named.get(k);
    if (!param) {
      parsed.filters[k] = value;
      continue;
    }
    parsed.params[k] = value;
    if (param.apply && value !== null && value !== undefined) parsed.conditions.push((q) => param.apply!(q, value, s));
  }
  return parsed;
}
