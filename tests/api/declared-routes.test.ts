// Every /api route is a declaration ("declare each route once"): the host mounts what the
// modules declare (defineRoute), checks the rule and the body before the handler, and lists the same
// declarations as the permission table and the OpenAPI document. The routes not yet declared stay in
// server/http/route-permissions.ts — a list that only shrinks. Expectations written from the rules:
// a planted undeclared route is found; a declared body is refused field by field before the handler;
// a declared permission rule is refused with 403 before the body is even read.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { declaredRoutes, routeTable } from '../../server/api-routes.ts';
import { handListedRoutes } from '../../server/http/route-permissions.ts';
import { routeKey } from '../../server/http/define-route.ts';
import { apiRoutes, undeclaredRoutes } from '../helpers/routes.ts';
import { createUser } from '../helpers/users.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

useTestServer();

/** How many routes were still listed by hand when the list was last shortened: it may only shrink. */
const HAND_LISTED_AT_MOST = 0;

describe('every route is declared', () => {
  it('names every mounted /api route, declared or (until it moves) listed by hand, and no route twice', () => {
    expect(undeclaredRoutes(createApp(server.ctx), routeTable(server.ctx))).toEqual([]);
    const declared = declaredRoutes(server.ctx).map(routeKey);
    expect(declared.filter((k, i) => declared.indexOf(k) !== i), 'declared twice').toEqual([]);
    expect(declared.filter((k) => Object.hasOwn(handListedRoutes, k)), 'declared and still listed by hand').toEqual([]);
    const mounted = new Set(apiRoutes(server.ctx).map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(handListedRoutes).filter((k) => !mounted.has(k)), 'listed by hand, not mounted').toEqual([]);
    expect(Object.keys(handListedRoutes).length, 'a new route is declared (defineRoute), not listed by hand').toBeLessThanOrEqual(HAND_LISTED_AT_MOST);
  });

  it('finds a route mounted beside the declarations (the self-test)', () => {
    const app = createApp(server.ctx);
    app.get('/api/planted/:id', (c) => c.json({}));
    expect(undeclaredRoutes(app, routeTable(server.ctx))).toEqual(['GET /api/planted/:id']);
  });
});

describe('the host checks a declared route before its handler', () => {
  it('refuses a body its schema refuses, naming each bad field, and runs nothing', async () => {
    // POST /api/session/search declares {key: string ≤ 200 | null, maxResults: integer 1..100}, nothing else
    const r = await admin.post('/api/session/search', { key: 'x'.repeat(201), maxResults: 0, extra: 1 });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['extra', 'key', 'maxResults']);
    expect((await admin.post('/api/session/search', { key: 'Бишкек', maxResults: 5 })).status).toBe(200);
  });

  it('refuses a session without the rule’s permission with 403, before reading the body', async () => {
    // POST /api/sync/conflicts: CMDHISTORY; a body it would refuse (after: a number) does not matter
    const reader = await createUser(server, admin, 'ROUTESNOHIST', [{ permission: 'CASEMAN' }]);
    expect((await reader.post('/api/sync/conflicts', { after: 1 })).status).toBe(403);
    expect((await admin.post('/api/sync/conflicts', { after: 1 })).status).toBe(400);
    expect((await admin.post('/api/sync/conflicts', {})).status).toBe(200);
  });
});
