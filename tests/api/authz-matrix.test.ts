// The authorization matrix: every /api route of the running app × {anonymous, no
// permission, read-only, user manager, another workspace's user, another workspace's
// administrator} (and the system administrator, who may do everything), checked against the rule
// declared for the route (its `defineRoute`, or for a route not yet declared server/http/route-permissions.ts:
// `routeTable`). A route without a rule fails.
// Expected: anonymous 401 (public routes excepted); a session without the rule's permission 403; a
// permitted session gets past the gate (reads of a real row 200), but a row of another workspace
// is 404 and never appears in its lists or lookups. Writes by permitted sessions name a row that
// does not exist, so nothing is changed; refused ones name real rows, which must survive.
// Who holds what, and what each table, lookup, action and form needs, come from the fixed table in
// authz-expected.ts (written from the spec and the permission tree), not from the code under test.
// Saved reports add a place to the rule: each writer × each place a report may belong to.
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../server/api-routes.ts';
import type { RouteRule } from '../../server/http/define-route.ts';
import { ACTION_PERMISSIONS, FORMS, OPTION_READERS, REPORT_PLACES, REPORT_WRITERS, TABLE_RULES, type ReportPlaceKey } from './authz-expected.ts';
import { createUser } from '../helpers/users.ts';
import { apiRoutes, type ApiRoute } from '../helpers/routes.ts';
import { actionAliases } from '../../server/actions/routes.ts';
import type { ApiClient } from '../helpers/server.ts';
import { server, useTestServer } from '../helpers/use-server.ts';
import { makePersonas, type Persona } from '../helpers/personas.ts';

let personas: Persona[];
let routes: ApiRoute[];
/** A row of workspace A per table (when the demo has one). */
const rowOfA = new Map<string, string>();
let workspaceA: string;
/** The option lookups the server offers: the tables and named lookups the system administrator gets. */
let lookups: string[];
const missing = '00000000-0000-4000-8000-000000000000';

useTestServer();
beforeAll(async () => {
  const admin = await server.login();
  routes = apiRoutes(server.ctx);
  for (const name of server.ctx.registry.tables.keys()) {
    if (!server.ctx.registry.apiTable(name)) continue;
    const r = await admin.post(`/api/tbl/${name}/query`, { page: 1, pageSize: 1 });
    if (r.body?.list?.[0]?.id) rowOfA.set(name, r.body.list[0].id);
  }
  workspaceA = (await admin.post('/api/sys/session')).body.workspaceId;
  const names = [...server.ctx.registry.tables.keys(), ...server.ctx.modules.list.flatMap((m) => Object.keys(m.options ?? {}))];
  lookups = [];
  for (const name of names) if ((await admin.post(`/api/opts/${name}`, {})).status === 200) lookups.push(name);

  personas = await makePersonas(server, admin, { prefix: 'MX' });
});

/** One concrete call of a route and what it must answer. */
interface Call {
  method: string;
  path: string;
  body?: unknown;
  /** The session's rule allows it (else 403, or 401 without a session). */
  allowed: boolean;
  /** A permitted call must answer exactly this (else: anything but 401/403). */
  status?: number;
  /** Ids that must not appear in the answer (another workspace's rows). */
  hidden?: string[];
  /** A public route: anything but 401 (it may refuse for its own reasons, e.g. registration off). */
  open?: boolean;
}

/** What another workspace's persona must never see: every sampled row of workspace A. */
const rowsOfA = (p: Persona) => (p.otherWorkspace ? [...rowOfA.values()] : undefined);

/** Expands a route into concrete calls for one persona. */
function callsOf(route: ApiRoute, rule: RouteRule, p: Persona): Call[] {
  const { registry } = server.ctx;
  const { method, path } = route;
  const anon = p.name === 'anonymous';
  const at = (params: Record<string, string>) => path.replace(/:(\w+)/g, (_, k) => encodeURIComponent(params[k]));
  const apiTables = [...registry.tables.keys()].filter((n) => registry.apiTable(n));
  const formOnly = [...registry.schemas.values()].filter((s) => !s['x-table'] && s['x-form']).map((s) => s.$id);
  const may = (perm: string | null) => perm === 'any' || perm === null || p.has(perm);

  switch (rule.kind) {
    case 'public':
      // public routes are called by the anonymous client only (a logout would end a persona's session)
      return anon ? [{ method, path: at({ token: 'x'.repeat(43), id: missing }), body: {}, allowed: true, open: true }] : [];
    case 'session': {
      const params = { id: route.path.includes('changews') ? workspaceA : missing, lang: 'ru' };
      // moving into workspace A: its own users stay there, the other workspace's cannot go
      const status = route.path.includes('changews') ? (p.otherWorkspace ? 404 : 200) : undefined;
      return [{ method, path: at(params), body: {}, allowed: !anon, status, hidden: rowsOfA(p) }];
    }
    case 'permission':
      return [{ method, path, body: {}, allowed: !anon && rule.anyOf.some(p.has), hidden: rowsOfA(p) }];
    case 'options': {
      return lookups.map((name) => {
        const readers = OPTION_READERS[name];
        const allowed = !anon && (readers === 'any' || readers.some(p.has));
        return { method, path: at({ name }), body: {}, allowed, hidden: p.otherWorkspace && rowOfA.has(name) ? [rowOfA.get(name)!] : undefined };
      });
    }
    case 'table': {
      const out: Call[] = [];
      const names = rule.access === 'form' ? [...apiTables, ...formOnly] : apiTables;
      for (const table of names) {
        const expected = TABLE_RULES[table];
        const readable = expected ? may(expected.read) : may(FORMS[table].open);
        const op = method === 'DELETE' ? 'delete' : route.params.includes('id') ? 'update' : 'create';
        const allowed = !anon && (rule.access === 'write' ? may(expected[op]) : readable);
        const real = rowOfA.get(table);
        const hidden = p.otherWorkspace && real ? [real] : undefined;
        if (!route.params.includes('id')) {
          // a list, a form or a new row (an empty document: refused by validation, nothing written)
          const body = rule.access === 'form' && p.otherWorkspace && real ? { id: real } : {};
          const status = !allowed ? undefined : 'id' in body ? 404 : path.endsWith('/query') ? 200 : undefined;
          out.push({ method, path: at({ table }), body, allowed, status, hidden });
          continue;
        }
        const write = method !== 'GET';
        const actions = route.params.includes('name') ? declaredActions().filter((a) => a.table === table) : [undefined];
        for (const action of actions) {
          const ok = action ? allowed && p.has(ACTION_PERMISSIONS[`${table}.${action.name}`]) : allowed;
          // refused callers and the other workspace name A's real row; permitted writers a missing one
          const id = !ok || p.otherWorkspace || !write ? (real ?? missing) : missing;
          const status = ok ? (id === missing || p.otherWorkspace ? 404 : 200) : undefined;
          out.push({ method, path: at({ table, id, name: action?.name ?? '' }), body: write && method !== 'DELETE' ? {} : undefined, allowed: ok, status, hidden });
        }
      }
      return out;
    }
    case 'action':
      // reading the table, then the action's own permission (expanded by `:name` above)
      return callsOf(route, { kind: 'table', access: 'read' }, p);
    case 'actionRoute': {
      // an action's alias path: reading its table and the action's permission; permitted callers name a missing row (404)
      const alias = actionAliases(server.ctx.modules).find((a) => a.route.method === method && a.route.path === path);
      if (!alias) return [];
      const ok = !anon && may(TABLE_RULES[alias.action.table].read) && p.has(ACTION_PERMISSIONS[`${alias.action.table}.${alias.action.name}`]);
      const real = rowOfA.get(alias.action.table);
      const id = !ok || p.otherWorkspace ? (real ?? missing) : missing;
      const body = method === 'POST' ? (alias.route.idField ? { [alias.route.idField]: id } : {}) : undefined;
      return [{ method, path: at({ id }), body, allowed: ok, status: ok ? 404 : undefined, hidden: rowsOfA(p) }];
    }
    case 'formSave':
      // every composed form: its permission and each part's <permission>_EDT (an empty body is then refused by validation)
      return formOnly.map((form) => ({ method, path: at({ table: form }), body: {}, allowed: !anon && FORMS[form].save.every(p.has) }));
  }
}

/** Runs `fn` over `items`, `n` at a time. */
async function pool<T>(items: T[], n: number, fn: (x: T) => Promise<void>) {
  let i = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (i < items.length) await fn(items[i++]);
  }));
}

/** The row actions the modules declare (their names; who may run them is ACTION_PERMISSIONS'). */
const declaredActions = () => server.ctx.modules.list.flatMap((m) => ((m as { actions?: { table: string; name: string }[] }).actions ?? []));

describe('authorization matrix', () => {
  it('has an expected answer for every table, lookup, action and form of the app, and for nothing else', () => {
    const { registry } = server.ctx;
    const same = (expected: object, actual: string[], what: string) => {
      expect(actual.filter((k) => !Object.hasOwn(expected, k)), `${what} the app has and authz-expected.ts does not name`).toEqual([]);
      expect(Object.keys(expected).filter((k) => !actual.includes(k)), `${what} authz-expected.ts names and the app does not have`).toEqual([]);
    };
    same(TABLE_RULES, [...registry.tables.keys()].filter((n) => registry.apiTable(n)), 'tables');
    same(OPTION_READERS, lookups, 'lookups');
    same(ACTION_PERMISSIONS, declaredActions().map((a) => `${a.table}.${a.name}`), 'actions');
    same(FORMS, [...registry.schemas.values()].filter((s) => !s['x-table'] && s['x-form']).map((s) => s.$id), 'forms');
  });

  it('declares who may call every route of the app, and nothing else', () => {
    const declared = new Set(Object.keys(routeTable(server.ctx)));
    const actual = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect([...actual].filter((k) => !declared.has(k)), 'routes neither declared nor listed in server/http/route-permissions.ts').toEqual([]);
    expect([...declared].filter((k) => !actual.has(k)), 'rules of routes the app does not have').toEqual([]);
  });

  it('answers every route × persona as its rule says', async () => {
    const failures: string[] = [];
    const jobs: { p: Persona; call: Call }[] = [];
    const table = routeTable(server.ctx);
    for (const route of routes) {
      const rule = table[`${route.method} ${route.path}`];
      if (!rule) continue;
      for (const p of personas) for (const call of callsOf(route, rule, p)) jobs.push({ p, call });
    }
    expect(jobs.length).toBeGreaterThan(500);
    await pool(jobs, 6, async ({ p, call }) => {
      const r = await p.client!.call(call.method, call.path, call.method === 'GET' ? undefined : call.body);
      const anon = p.name === 'anonymous';
      const want = !call.allowed ? (anon ? 401 : 403) : call.status;
      const ok = call.open ? r.status !== 401 && r.status < 500 : want !== undefined ? r.status === want : r.status !== 401 && r.status !== 403 && r.status < 500;
      const leaked = call.allowed && call.hidden?.find((id) => JSON.stringify(r.body).includes(id));
      if (!ok || leaked) failures.push(`${p.name}: ${call.method} ${call.path} → ${r.status}${want ? ` (want ${want})` : ''}${leaked ? ` shows ${leaked} of workspace A` : ''}`);
    });
    expect(failures).toEqual([]);
    // the refused and the other workspace's writes named real rows of A: all still there
    const admin = personas.find((p) => p.name === 'system administrator')!.client!;
    for (const [table, id] of rowOfA) expect((await admin.get(`/api/tbl/${table}/${id}`)).status, table).toBe(200);
  }, 300_000); // over 1,000 calls: minutes on a loaded 2-core machine
});

describe('saved reports: reading is one right, changing needs the place in the writer’s view', () => {
  const indicator = { title: 'Пол', columnVariables: ['gender'], rowVariables: ['classification'] };
  let writers: Record<string, ApiClient>;
  /** The body of a report at a place (its unit or area found by name). */
  let bodyAt: (place: ReportPlaceKey, title: string) => Record<string, unknown>;
  /** One report per place, saved by the administrator. */
  const reportAt = new Map<ReportPlaceKey, string>();
  const places = Object.keys(REPORT_PLACES) as ReportPlaceKey[];

  beforeAll(async () => {
    const admin = await server.login();
    const unit = async (key: string) => (await admin.post('/api/tbl/unit/query', { key })).body.list[0].id as string;
    const area = async (name: string) => (await admin.post('/api/tbl/adminunit/query', { name, pageSize: 100 })).body.list.find((a: any) => a.name === name).id as string;
    const ids: Record<string, string> = {};
    for (const [key, p] of Object.entries(REPORT_PLACES)) if ('unit' in p) ids[key] = await unit(p.unit); else if ('area' in p) ids[key] = await area(p.area);
    bodyAt = (place, title) => {
      const p = REPORT_PLACES[place];
      return { title, indicators: [indicator], scope: p.scope, ...(ids[place] ? { scopeId: ids[place] } : {}), ...('dashboard' in p ? { dashboard: true } : {}) };
    };
    for (const place of places) {
      const r = await admin.post('/api/cases/report/save', bodyAt(place, `Отчёт ${place}`));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      reportAt.set(place, r.body.result);
    }
    const analyst = await createUser(server, admin, 'MXANALYST', [{ permission: 'CASEMAN' }, { permission: 'DATA_ANALISYS' }], 'Passw0rd', { unitId: ids.oshUnit, view: 'WORKSPACE', playOtherUnits: false });
    writers = { DOCTOR1: await server.login('DOCTOR1', 'Doctor123'), COORD1: await server.login('COORD1', 'Coord123'), 'workspace-view analyst': analyst, ADMIN: admin };
  });

  const nameOf = async (id: string) => (await writers.ADMIN.post('/api/cases/report/exec', { scope: 'WORKSPACE', reportId: id, compute: false })).body.result?.schema.title;

  it('each writer reads every shared report, and saves, rewrites and deletes reports only where the table says', async () => {
    const failures: string[] = [];
    for (const [who, mayAt] of Object.entries(REPORT_WRITERS)) {
      const client = writers[who];
      for (const place of places) {
        const may = mayAt.includes(place);
        const want = may ? 200 : 403;
        const id = reportAt.get(place)!;
        const read = await client.post('/api/cases/report/exec', { scope: 'WORKSPACE', reportId: id, compute: false });
        if (read.status !== 200) failures.push(`${who} reads ${place}: ${read.status}`);
        const created = await client.post('/api/cases/report/save', bodyAt(place, `Новый ${who}`));
        if (created.status !== want) failures.push(`${who} saves a new report at ${place}: ${created.status}, want ${want}`);
        const rewritten = await client.post(`/api/cases/report/save/${id}`, bodyAt(place, `Переписан ${who}`));
        if (rewritten.status !== want) failures.push(`${who} rewrites ${place}: ${rewritten.status}, want ${want}`);
        if (!may && (await nameOf(id)) !== `Отчёт ${place}`) failures.push(`${who} changed ${place} though refused`);
        if (may) await writers.ADMIN.post(`/api/cases/report/save/${id}`, bodyAt(place, `Отчёт ${place}`));
        // a delete: of a report of its own when allowed (the others' reports stay for the next writer)
        const victim = may ? (await writers.ADMIN.post('/api/cases/report/save', bodyAt(place, 'Удаляемый'))).body.result : id;
        const deleted = await client.post(`/api/cases/report/delete/${victim}`);
        if (deleted.status !== want) failures.push(`${who} deletes at ${place}: ${deleted.status}, want ${want}`);
        if (!may && (await nameOf(id)) !== `Отчёт ${place}`) failures.push(`${who} deleted ${place} though refused`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a writer may not move their report out of their view, nor put it on the workspace’s dashboards', async () => {
    const own = (await writers.DOCTOR1.post('/api/cases/report/save', bodyAt('bishkekUnit', 'Мой отчёт'))).body.result;
    const moved = await writers.DOCTOR1.post(`/api/cases/report/save/${own}`, bodyAt('oshUnit', 'Мой отчёт'));
    expect(moved.status).toBe(403);
    expect(moved.body.errors).toEqual([{ field: 'scopeId', msg: 'Отчёт этого места вне вашей области: сохранять, менять и удалять его вы не можете' }]);
    const onDashboard = await writers.DOCTOR1.post(`/api/cases/report/save/${own}`, { ...bodyAt('bishkekUnit', 'Мой отчёт'), dashboard: true });
    expect(onDashboard.status).toBe(403);
    expect(onDashboard.body.errors[0].field).toBe('dashboard');
    const dashboards = (await writers.ADMIN.post('/api/dashboard/generate', { scope: 'WORKSPACE' })).body.result.caseIndicators.map((x: any) => x.report.title);
    expect(dashboards).not.toContain('Мой отчёт');
  });
});

