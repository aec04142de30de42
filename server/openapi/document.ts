import { bundle } from '../../engine/bundle.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { clientHeader } from '../../engine/client-header.ts';
import type { DeclaredRoute, RouteRule, RouteSchema } from '../http/define-route.ts';
import type { AppContext } from '../types.ts';

/** `{errors: [{field, msg}]}`: how every refusal answers (field a JSON path or null; msg in the reader's language). */
const errorsSchema: JsonSchema = {
  type: 'object',
  properties: {
    success: { const: false },
    errors: { type: 'array', items: { type: 'object', properties: { field: { type: ['string', 'null'] }, msg: { type: 'string' } }, required: ['field', 'msg'] } },
    result: { description: 'Details some refusals carry (the current row on a 409, the workspaces on a login).' },
    errorId: { type: 'string', description: 'A server error: its id in the error log.' },
  },
  required: ['errors'],
};

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } } });

/** A rule in words, for the operation's description. */
export function ruleText(rule: RouteRule): string {
  switch (rule.kind) {
    case 'public': return 'No session needed.';
    case 'session': return 'Any signed-in user.';
    case 'permission': return `Needs the permission ${rule.anyOf.join(' or ')}.`;
    case 'table': return rule.access === 'write'
      ? "Needs the table's write permission (`x-table.write` for the operation, else `<permission>_EDT`)."
      : rule.access === 'form' ? "Needs reading the table, or a form-only schema's `x-form.permission`." : "Needs the table's `x-table.permission` (none when it says `read: any`).";
    case 'options': return "Needs reading the table, or the permission of a schema that references the lookup.";
    case 'action': return "Needs reading the table and the action's own permission.";
    case 'actionRoute': return "Needs reading the action's table and the action's own permission.";
    case 'formSave': return "Needs the form's `x-form.permission` and each part's write permission.";
  }
}

/** `x-permission`: the permissions a `permission` rule accepts, else the rule's kind. */
const xPermission = (rule: RouteRule) => (rule.kind === 'permission' ? rule.anyOf : rule.kind);

/** A schema file as a component: other files' parts inlined, its own `$defs` referenced where the component keeps them. */
function component(ctx: AppContext, id: string): JsonSchema {
  const schema = JSON.parse(JSON.stringify(bundle(ctx.registry, ctx.registry.schemas.get(id)!))) as JsonSchema;
  delete schema.$id;
  return localRefs(schema, `#/components/schemas/${id}`) as JsonSchema;
}

/** Rewrites `#/$defs/x` to `<base>/$defs/x` (a reference inside a component resolves against the document). */
function localRefs(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((n) => localRefs(n, base));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${base}${v.slice(1)}` : localRefs(v, base)]));
}

const schemaOf = (s: RouteSchema): JsonSchema => (typeof s === 'string' ? { $ref: `#/components/schemas/${s}` } : (localRefs(s, '#') as JsonSchema));

/** `/api/tbl/:table/:id` → `/api/tbl/{table}/{id}` and its parameters. */
function pathOf(path: string): { path: string; params: string[] } {
  const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  return { path: path.replace(/:(\w+)/g, '{$1}'), params };
}

/** A path parameter: ids are uuids, the rest strings (`:table` one of the table names). */
function parameter(name: string, tables: string[]) {
  const schema = /^id$|Id$/.test(name) ? { type: 'string', format: 'uuid' } : name === 'table' ? { type: 'string', enum: tables } : { type: 'string' };
  return { name, in: 'path', required: true, schema };
}

/** The generic table routes whose body is the `:table`'s own document. */
const rowBody = (r: { method: string; path: string }) => r.method === 'POST' && (r.path === '/api/tbl/:table' || r.path === '/api/tbl/:table/:id');

/**
 * The OpenAPI 3.1 document of the running app: every `/api` route (the declared ones with their
 * body and answer schemas; those still listed by hand with their rule alone), the schema files as
 * components, the refusal shape `{errors: [{field, msg}]}`, who may call each (`x-permission` and in
 * words), and how a client signs in: the session cookie `tbsid`, and `X-TB-Client` on every change.
 *
 * @example openApiDocument(ctx, declaredRoutes(ctx), handListedRoutes).paths['/api/stock/adjust'].post['x-permission'] // ['STOCK_ADJ']
 */
export function openApiDocument(ctx: AppContext, routes: DeclaredRoute[], handListed: Record<string, RouteRule>): Record<string, any> {
  const tables = [...ctx.registry.tables.keys()].filter((n) => ctx.registry.apiTable(n));
  const schemas: Record<string, JsonSchema> = { Errors: errorsSchema };
  for (const id of ctx.registry.schemas.keys()) schemas[id] = component(ctx, id);
  const declared = new Set(routes.map((r) => `${r.method} ${r.path}`));
  const listed: Omit<DeclaredRoute, 'handler'>[] = Object.entries(handListed)
    .map(([key, rule]) => ({ method: key.split(' ')[0] as DeclaredRoute['method'], path: key.split(' ')[1], rule, summary: '' }))
    .filter((r) => !declared.has(`${r.method} ${r.path}`));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of [...routes, ...listed] as Omit<DeclaredRoute, 'handler'>[]) {
    const { path, params } = pathOf(r.path);
    const change = r.method !== 'GET';
    const body = r.body ? schemaOf(r.body) : rowBody(r) ? { type: 'object', description: "The `{table}`'s document: its schema in components/schemas/<table>." } : undefined;
    const answer = r.answer ? schemaOf(r.answer) : {};
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      operationId: `${r.method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(\w)?/g, (_, ch: string | undefined) => (ch ?? '').toUpperCase())}`,
      summary: r.summary || `${r.method} ${path}`,
      description: `${ruleText(r.rule)}${change ? ` A change: send the header \`${clientHeader}\`.` : ''}`,
      tags: [r.path.split('/')[2]],
      'x-permission': xPermission(r.rule),
      ...(params.length ? { parameters: params.map((p) => parameter(p, tables)) } : {}),
      ...(r.rule.kind === 'public' ? { security: change ? [{ client: [] }] : [] } : { security: [change ? { session: [], client: [] } : { session: [] }] }),
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body, ...(r.example ? { example: r.example } : {}) } } } } : {}),
      responses: {
        200: { description: 'Done', content: { 'application/json': { schema: answer } } },
        400: errorAnswer('Bad input: each bad field named'),
        ...(r.rule.kind === 'public' ? {} : { 401: errorAnswer('No session') }),
        403: errorAnswer(`Not permitted${change ? `, or a change without \`${clientHeader}\`` : ''}`),
        404: errorAnswer('No such row, table or route in the workspace'),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'TB platform API',
      version: '1',
      description: 'Sign in with `POST /api/auth/login` and keep the session cookie `tbsid`; send the header `X-TB-Client` (any value) on every change, the sign-in too (docs/api.md).',
    },
    servers: [{ url: '/' }],
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'tbsid', description: 'The session cookie `POST /api/auth/login` sets.' },
        client: { type: 'apiKey', in: 'header', name: clientHeader, description: 'Any value: how the server tells a client of ours from a page of another site. Required on every change.' },
      },
    },
    paths,
  };
}
