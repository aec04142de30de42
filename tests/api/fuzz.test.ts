// Every route of the real app, read from its route table (a new route is covered without editing
// this file), called as the demo administrator and anonymously with malformed and hostile bodies and
// path parameters: none may answer 5xx, every 4xx carries `{errors: [{field, msg}]}`, and the error
// log gains no row. Kinds of input that made the server fail before: arrays where a value belongs,
// `urn:uuid:…` ids (ajv's uuid format passes them, PostgreSQL does not), pages past bigint, a date in
// year 0, prototype keys (`/api/opts/__proto__`), JSON nested 20,000 deep, `maxResults: 1.5`.
import { describe, expect, it } from 'vitest';
import type { Field, TableDef } from '../../engine/types.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import { apiRoutes, fillParams, type ApiRoute } from '../helpers/routes.ts';
import type { ApiClient, ApiResponse } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';


const uuid = '0b7c2b4e-3f1a-4c4e-9d7e-2a1b3c4d5e6f';
const urn = `urn:uuid:${uuid}`;
const hostileIds = [urn, uuid.toUpperCase().replace(/-/g, ''), '00000000-0000-0000-0000-000000000000', '__proto__', 'constructor', 'unit', '1', "'; select 1 --", 'x'.repeat(300)];
const hostileNames = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'pg_catalog.pg_user', 'sysuser', 'errorlog', 'x'.repeat(300)];
const bigInt = '9223372036854776000';

/** Bodies whose shape is wrong whatever the route: sent once per route. */
const shapeBodies: [string, string][] = [
  ['array', '[]'],
  ['array of objects', '[{}]'],
  ['string', '"x"'],
  ['number', bigInt],
  ['null', 'null'],
  ['broken JSON', '{"a":'],
  ['prototype keys', '{"__proto__": {"administrator": true}, "constructor": {"prototype": {"x": 1}}, "toString": 1}'],
  ['arrays nested 20,000 deep', '['.repeat(20_000) + ']'.repeat(20_000)],
  ['objects nested 20,000 deep', '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000)],
  ['a 2 MB string', JSON.stringify({ key: 'x'.repeat(2_000_000), name: 'x'.repeat(10) })],
];

const j = (o: unknown) => JSON.stringify(o);
const day = '2026-01-01';

/** Hostile paging, ids, search keys and cursors: what the generic query and form read, sent to the tables. */
const pagingBodies: [string, string][] = [
  ['{}', '{}'],
  ['page past bigint', `{"page": ${bigInt}, "pageSize": 10}`],
  ['page 1.5', '{"page": 1.5, "pageSize": 1.5}'],
  ['pageSize past bigint', `{"page": 1, "pageSize": ${bigInt}}`],
  ['id urn', j({ id: urn })],
  ['id array', j({ id: [uuid] })],
  ['key array', j({ key: ['a'] })],
  ['after object', j({ after: { id: uuid } })],
  ['key 100k', j({ key: 'x'.repeat(100_000) })],
  ['after long', j({ after: 'x'.repeat(1000) })],
  ['count string', j({ count: 'yes' })],
];

/** Hostile values under the names other routes read (search, report filters, lookups, accounts). */
const valueBodies: [string, string][] = [
  ...pagingBodies,
  ['id object', j({ id: {} })],
  ['key object', j({ key: { a: 1 } })],
  ['key wildcards', j({ key: '%_\\' })],
  ['maxResults 1.5', j({ key: 'a', maxResults: 1.5 })],
  ['maxResults past bigint', `{"key": "a", "maxResults": ${bigInt}}`],
  ['report year 0', j({ iniDate: '0000-01-01' })],
  ['report date 1e16', j({ iniDate: 1e16 })],
  ['report userId urn', j({ iniDate: day, userId: urn })],
  ['report userId array', j({ iniDate: day, userId: [uuid] })],
  ['report adminUnitId', j({ iniDate: day, adminUnitId: 'x' })],
  ['report page 1e16', j({ iniDate: day, page: 1e16 })],
  ['report page 1.5', j({ iniDate: day, page: 1.5 })],
  ['report type array', j({ iniDate: day, type: ['source'] })],
  ['workspaceId urn', j({ workspaceId: urn })],
  ['workspaceId array', j({ workspaceId: [uuid] })],
  ['for array', j({ for: ['unit.name'] })],
  ['for prototype', j({ for: '__proto__.x' })],
  ['unitId urn', j({ unitId: urn })],
  ['userWsId urn', j({ userWsId: urn })],
  ['userWsId array', j({ userWsId: [uuid] })],
  ['login array', j({ login: ['X'], password: ['Y'] })],
  ['email object', j({ email: {}, name: [], login: 1e16 })],
];

/** A hostile value for a field of this type (what PostgreSQL would refuse, or the wrong JSON type). */
function hostileValues(f: Field): string[] {
  const out = ['[]'];
  if (f.format === 'date') out.push(j('0000-01-01'));
  else if (f.format === 'date-time') out.push(j('0000-01-01T00:00:00Z'));
  else if (f.ref || f.format === 'uuid') out.push(j(urn), j([urn]));
  else if (f.type === 'integer') out.push(bigInt, '1.5');
  else if (f.type === 'number') out.push('1e400', bigInt);
  else if (f.type === 'string') out.push(j('x'.repeat((f.maxLength ?? 100_000) + 1)));
  else if (f.type === 'boolean') out.push(j('true'));
  if (f.schema.enum) out.push(j('NOPE'));
  return out;
}

/** `{"a": {"b": <raw>}}` for the path a.b. */
const nested = (path: string[], raw: string) => path.reduceRight((inner, k) => `{${j(k)}: ${inner}}`, raw);

/**
 * The kind of a field: fields alike (storage, type, format, enum, nesting, length limit) take the
 * same path through the generic server, so one of them stands for the others and the run stays short.
 */
const kindOf = (f: Field) => [f.kind, f.type, f.format, !!f.schema.enum, f.path.length > 1, !!f.ref, !!f.maxLength].join();

function oneOfEachKind(fields: Field[]): Field[] {
  const seen = new Set<string>();
  return fields.filter((f) => (seen.has(kindOf(f)) ? false : (seen.add(kindOf(f)), true)));
}

/** A field given hostile values: as a query filter by its dotted key, and as a document. */
function fieldBodies(f: Field): [string, string][] {
  const out: [string, string][] = [];
  for (const v of hostileValues(f)) {
    out.push([`${f.key}=${v.slice(0, 40)}`, `{${j(f.key)}: ${v}}`]);
    if (f.path.length > 1) out.push([`${f.path.join('/')}=${v.slice(0, 40)}`, nested(f.path, v)]);
  }
  return out;
}

/** What only this table has: its child rows and its named filters, given hostile values. */
function tableBodies(def: TableDef): [string, string][] {
  const out: [string, string][] = [];
  for (const c of def.children) {
    out.push([`${c.prop}=string`, j({ [c.prop]: 'x' })], [`${c.prop}=[1e16]`, `{${j(c.prop)}: [1e16]}`], [`${c.prop}=[[]]`, `{${j(c.prop)}: [[]]}`]);
    for (const f of oneOfEachKind(c.fields)) for (const v of hostileValues(f).slice(1)) out.push([`${c.prop}.${f.key}=${v.slice(0, 40)}`, c.scalarItems ? `{${j(c.prop)}: [${v}]}` : `{${j(c.prop)}: [${nested(f.path, v)}]}`]);
  }
  for (const h of server.ctx.modules.hooks(def.name)) {
    for (const name of Object.keys(h.filters ?? {})) for (const v of ['[]', j([urn]), j(urn), '{}', bigInt, j('x'.repeat(1000))]) out.push([`filter ${name}=${v.slice(0, 40)}`, `{${j(name)}: ${v}}`]);
  }
  return out;
}

/** What a 4xx must look like: `{errors: [{field: string|null, msg: non-empty string}, …]}`. */
const wellFormed = (r: ApiResponse) =>
  r.body && Array.isArray(r.body.errors) && r.body.errors.length > 0 &&
  r.body.errors.every((e: any) => e && (e.field === null || typeof e.field === 'string') && typeof e.msg === 'string' && e.msg.length > 0);

/** Runs `jobs` with at most `width` at a time. */
async function pool(jobs: (() => Promise<unknown>)[], width: number): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < jobs.length) await jobs[next++]();
  }));
}

const errorLogRows = async () => Number((await kysely(server.ctx.orm.em.fork()).selectFrom('errorlog').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);


useTestServer();

describe('fuzz: every route, hostile input', () => {
  it('answers no 5xx, and every 4xx in the {errors: [{field, msg}]} shape, logging no error', async () => {
    const { registry } = server.ctx;
    const routes = apiRoutes(server.ctx);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.some((r) => r.path === '/api/tbl/:table/query')).toBe(true);
    const db = kyselyByName(server.ctx.orm.em.fork()); // every table of the API, by name
    const session = (await admin.post('/api/sys/session')).body;
    const apiTables = [...registry.tables.values()].filter((d) => d.meta.api !== false);
    // A real row of each table — not the admin's own account, unit or workspace when there is another:
    // an action such as blocking, sent a body it accepts, must not lock the test out.
    const own = new Set(Object.values(session).filter((v) => typeof v === 'string'));
    const realId = new Map<string, string>();
    for (const d of apiTables) {
      let q = db.selectFrom(d.name).select('id').orderBy('id').limit(20);
      if (d.meta.workspace) q = q.where('workspace_id', '=', session.workspaceId);
      const ids = (await q.execute()).map((r) => r.id as string);
      realId.set(d.name, ids.find((id) => !own.has(id)) ?? ids[0] ?? uuid);
    }
    type Action = { name: string; input?: { properties?: Record<string, unknown> } };
    const actionsOf = (table: string): Action[] => (server.ctx.modules as { actions?: (t: string) => Action[] }).actions?.(table) ?? [];
    const namedLookups = [...new Set(server.ctx.modules.list.flatMap((m) => Object.keys(m.options ?? {})))];
    const bodiesOf = new Map(apiTables.map((d) => [d.name, tableBodies(d)]));
    // Each kind of field, with the tables that have one: on each route one table stands for the kind,
    // a different one from route to route, so the run grows with the kinds, not with the tables.
    const kinds = new Map<string, { table: string; field: Field }[]>();
    for (const d of apiTables) for (const f of oneOfEachKind(d.fields)) kinds.set(kindOf(f), [...(kinds.get(kindOf(f)) ?? []), { table: d.name, field: f }]);
    // A form composed of parts of tables (`x-form.parts`): each part the wrong shape, and given a date
    // and a reference PostgreSQL would refuse.
    const formBodies = (name: string): [string, string][] => {
      const parts = Object.entries(((registry.schemas.get(name)?.['x-form'] as { parts?: Record<string, string> }) ?? {}).parts ?? {});
      return parts.flatMap(([prop, table]) => {
        const fields = registry.tables.get(table)?.fields ?? [];
        const picked = [fields.find((f) => f.format === 'date'), fields.find((f) => f.ref)].filter((f): f is Field => !!f);
        return [
          ...['[]', '"x"', '{"__proto__": {"x": 1}}'].map((v): [string, string] => [`${prop}=${v}`, `{${j(prop)}: ${v}}`]),
          ...picked.flatMap((f) => hostileValues(f).slice(1).map((v): [string, string] => [`${prop}.${f.key}=${v.slice(0, 40)}`, `{${j(prop)}: ${nested(f.path, v)}}`])),
        ];
      });
    };
    const kindBodies = (table: string, routeIndex: number): [string, string][] =>
      [...kinds.values()].flatMap((holders) => {
        const chosen = holders[routeIndex % holders.length];
        return chosen.table === table ? fieldBodies(chosen.field) : [];
      });
    const before = await errorLogRows();

    /** One line per failure: who, request, status, a piece of the answer. */
    const problems: string[] = [];
    let sent = 0;
    let relogin: Promise<void> | undefined;
    // A kept-alive socket the server closed after refusing a huge body fails the next request on it
    // before it is sent: that one is repeated (as browsers do) on another socket, up to three times;
    // a fourth failure counts (status 599).
    const call = async (client: ApiClient, method: string, path: string, body?: string): Promise<ApiResponse> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await client.call(method, path, body);
        } catch (e: any) {
          if (attempt === 4) return { status: 599, body: `${e}: ${e.cause ?? ''}` };
        }
      }
    };
    const send = async (who: 'admin' | 'anonymous', client: ApiClient, method: string, path: string, body?: string): Promise<ApiResponse> => {
      let r = await call(client, method, path, body);
      if (r.status === 401 && who === 'admin') {
        // A route ended the session (logout): log in again and repeat the request as the admin.
        relogin ??= server.login().then((c) => { admin.cookie = c.cookie; }).finally(() => { relogin = undefined; });
        await relogin;
        r = await call(client, method, path, body);
      }
      sent++;
      if (r.status >= 500 || (r.status >= 400 && !wellFormed(r))) {
        problems.push(`${who} ${method} ${path.slice(0, 80)} ${(body ?? '').slice(0, 80)} → ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
      }
      return r;
    };

    const jobs: (() => Promise<unknown>)[] = [];
    const plan = (who: 'admin' | 'anonymous', client: ApiClient, route: ApiRoute) => {
      const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
      const add = (path: string, bodies: [string, string][]) => {
        if (!hasBody) jobs.push(() => send(who, client, route.method, path));
        else for (const [, body] of bodies) jobs.push(() => send(who, client, route.method, path, body));
      };
      // Hostile path parameters, one parameter at a time (the others real), each with a plain body.
      const hostile: Record<string, string[]> = { table: hostileNames, name: hostileNames, id: hostileIds, token: hostileIds, lang: ['__proto__', 'constructor', 'xx'] };
      const real: Record<string, string[]> = { table: ['unit'], name: ['unit'], id: [realId.get('unit')!], token: [uuid], lang: ['ru'] };
      for (const p of route.params) for (const path of fillParams(route.path, { ...real, [p]: hostile[p] ?? hostileNames })) add(path, [['{}', '{}']]);
      if (who === 'anonymous') {
        // Behind the session check every body gets the same 401: the whole set only where it is not.
        const path = fillParams(route.path, { table: ['source'], name: ['unit'], id: [uuid], lang: ['en'] })[0];
        jobs.push(async () => {
          const probe = await call(client, route.method, path, hasBody ? '{}' : undefined);
          if (probe.status === 401 && wellFormed(probe)) return;
          if (!hasBody) return send(who, client, route.method, path);
          for (const [, body] of [...shapeBodies, ...valueBodies]) await send(who, client, route.method, path, body);
        });
        return;
      }
      const tableParam = route.params.includes('table') ? 'table' : route.params.includes('name') ? 'name' : undefined;
      // The shape of the body, once per route (on a real table).
      add(fillParams(route.path, { table: ['unit'], name: ['unit'], id: [realId.get('unit')!], lang: ['ru'] })[0], shapeBodies);
      if (!tableParam) {
        const path = fillParams(route.path, { id: [session.workspaceId], lang: ['ru'] })[0];
        if (!hasBody) return add(path, []);
        // A route that takes an array for a body reads no body: the named values only where it does.
        jobs.push(async () => {
          if ((await send(who, client, route.method, path, '[]')).status < 300) return;
          for (const [, body] of valueBodies) await send(who, client, route.method, path, body);
        });
        return;
      }
      if (tableParam === 'table' && route.params.includes('name')) {
        // A row action: each action each table declares, its input's properties given hostile values.
        for (const d of apiTables) {
          for (const action of actionsOf(d.name)) {
            const input = Object.keys(action.input?.properties ?? {}).flatMap((k): [string, string][] =>
              ['[]', '{"__proto__": {"x": 1}}', j(urn), bigInt, j('x'.repeat(1000))].map((v) => [`${k}=${v.slice(0, 20)}`, `{${j(k)}: ${v}}`]));
            add(fillParams(route.path, { table: [d.name], id: [realId.get(d.name)!], name: [action.name] })[0], [...shapeBodies.slice(0, 7), ...input]);
          }
        }
        return;
      }
      // Every real table (and, for lookups, every named lookup and form) with the hostile values.
      const forms = [...registry.schemas.values()].filter((x) => !x['x-table']).map((x) => x.$id);
      const names = [...apiTables.map((d) => d.name), ...(route.params.includes('name') ? namedLookups : forms)];
      for (const [i, name] of names.entries()) {
        // A delete of a real row would empty the demo workspace: only hostile ids there.
        if (route.method === 'DELETE') continue;
        // Named lookups get every named value; a table or form its own child rows and named filters,
        // the kinds of field it stands for on this route, and the paging values on one route in three.
        const own = bodiesOf.get(name);
        const r = routes.indexOf(route);
        const paging = (i + r) % 3 === 0 ? pagingBodies : pagingBodies.slice(0, 1);
        const bodies = namedLookups.includes(name) ? valueBodies : [...paging, ...(own ?? formBodies(name)), ...kindBodies(name, r)];
        add(fillParams(route.path, { [tableParam]: [name], id: [realId.get(name) ?? uuid] })[0], bodies);
      }
    };
    for (const route of routes) plan('admin', admin, route);
    for (const route of routes) plan('anonymous', server.anonymous(), route);
    const started = Date.now();
    await pool(jobs, 6);
    const seconds = (Date.now() - started) / 1000;
    console.log(`fuzz: ${sent} requests over ${routes.length} routes in ${seconds.toFixed(1)} s, ${problems.length} problems`);

    // FUZZ_OUT=<file> writes every problem there (the assertion shows the first 30).
    if (process.env.FUZZ_OUT) (await import('node:fs')).writeFileSync(process.env.FUZZ_OUT, problems.join('\n'));
    expect(problems.slice(0, 30)).toEqual([]);
    expect(await errorLogRows()).toBe(before);
  }, 300_000);
});

describe('the hostile values the fuzz run found, each refused on its field', () => {
  const cases: [string, string, string, number, string | null][] = [
    ['a urn:uuid id in a query filter', '/api/tbl/unit/query', j({ 'address.adminUnitId': urn }), 400, 'address.adminUnitId'],
    ['a page past bigint', '/api/tbl/source/query', `{"page": ${bigInt}}`, 400, 'page'],
    ['a page of 1.5', '/api/tbl/source/query', j({ page: 1.5 }), 400, 'page'],
    ['a list where the field takes one value', '/api/tbl/unit/query', j({ type: ['LAB'] }), 400, 'type'],
    ['a date in the year 0', '/api/tbl/patient/query', j({ birthDate: '0000-01-01' }), 400, 'birthDate'],
    ['an integer past the column', '/api/tbl/unit/query', j({ numDaysOrder: 1e16 }), 400, 'numDaysOrder'],
    ['a cursor of 501 characters', '/api/tbl/source/query', j({ after: 'x'.repeat(501) }), 400, 'after'],
    ['a count that is no boolean', '/api/tbl/source/query', j({ count: 'yes' }), 400, 'count'],
    ['a prototype key as a filter', '/api/tbl/source/query', '{"__proto__": {"x": 1}}', 400, '__proto__'],
    ['a report filter with a urn:uuid user', '/api/admin/rep/cmdhistory', j({ iniDate: day, userId: urn }), 400, 'userId'],
    ['a report filter with a bad area', '/api/admin/rep/cmdstatistics', j({ iniDate: day, adminUnitId: 'x' }), 400, 'adminUnitId'],
    ['a report page of 1e16', '/api/admin/rep/errorlog', j({ iniDate: day, page: 1e16 }), 400, 'page'],
    ['a report date in the year 0', '/api/admin/rep/usersession', j({ iniDate: '0000-01-01' }), 400, 'iniDate'],
    ['the lookup __proto__', '/api/opts/__proto__', '{}', 404, null],
    ['the lookup constructor', '/api/opts/constructor', '{}', 404, null],
    ['an empty list in a lookup', '/api/opts/unit', j({ type: [] }), 400, 'type'],
    ['a urn:uuid workspace in a lookup', '/api/opts/unit', j({ workspaceId: urn }), 400, 'workspaceId'],
    ['a urn:uuid unit in a named lookup (its declared parameters)', '/api/opts/user-views', j({ unitId: urn }), 400, 'unitId'],
    ['maxResults of 1.5', '/api/session/search', j({ key: 'a', maxResults: 1.5 }), 400, 'maxResults'],
    ['JSON nested 20,000 deep', '/api/tbl/source/query', '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000), 400, null],
  ];

  it.each(cases)('%s', async (_name, path, body, status, field) => {
    const r = await admin.call('POST', path, body);
    expect(r.status).toBe(status);
    expect(wellFormed(r)).toBe(true);
    expect(r.body.errors.map((e: any) => e.field)).toContain(field);
  });

  it('refuses a stored date in the year 0 on update, changing nothing', async () => {
    const caseRow = (await admin.post('/api/tbl/tbcase/query', { pageSize: 1 })).body.list[0];
    const r = await admin.post(`/api/tbl/tbcase/${caseRow.id}`, { registrationDate: '0000-01-01' });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: any) => e.field)).toEqual(['registrationDate']);
    expect((await admin.get(`/api/tbl/tbcase/${caseRow.id}`)).body.registrationDate).toBe(caseRow.registrationDate);
  });

  it('says how deep a body may nest', async () => {
    const r = await admin.call('POST', '/api/session/search', '['.repeat(100) + ']'.repeat(100));
    expect(r.body.errors).toEqual([{ field: null, msg: 'Запрос слишком глубоко вложен (не более 64 уровней)' }]);
  });
});
