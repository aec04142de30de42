import type { RouteRule } from './define-route.ts';

export type { RouteRule };

/**
 * The `/api` routes not yet declared (`defineRoute`, which the host mounts, checks and lists): who may
 * call each. A module moves a route out of this list by declaring it in its `api` (docs/architecture.md
 * › Routes); a new route is declared, never added here. With the declared routes it makes the
 * permission table (`routeTable` in server/api-routes.ts) that `tests/api/authz-matrix.test.ts` holds
 * the running server to; these routes check their rule themselves (`assertPermission`).
 */
const perm = (...anyOf: string[]): RouteRule => ({ kind: 'permission', anyOf });
const session: RouteRule = { kind: 'session' };

/** Named option lookups that no schema references guard themselves: the permissions they accept. */
export const selfGuardedLookups: Record<string, string[]> = {
  'command-types': ['CMDHISTORY', 'CMDSTATISTICS'],
  'report-users': ['USERSESREP', 'CMDHISTORY', 'CMDSTATISTICS', 'ONLINE', 'ERRORLOGREP'],
};

/** `<METHOD> <Hono path pattern>` → who may call it. */
export const handListedRoutes: Record<string, RouteRule> = {
  'GET /api/stock/unit/:unitId': perm('INVENTORY'),
  'POST /api/stock/dispense': perm('DISP_PAC'),
  'POST /api/stock/writeoff': perm('STOCK_ADJ'),
  'POST /api/stock/adjust': perm('STOCK_ADJ'),
  'GET /api/stock/case/:caseId': perm('INVENTORY'),
  'POST /api/stock/case/:caseId/dispense': perm('DISP_PAC'),
  'GET /api/stock/batch/:batchId/card': perm('INVENTORY'),
  'GET /api/stock/unit/:unitId/proposal': perm('INVENTORY'),
  'GET /api/stock/order/:orderId': perm('INVENTORY'),
  'GET /api/stock/unit/:unitId/alerts': perm('INVENTORY'),
  'GET /api/stock/alerts': perm('INVENTORY'),
  'POST /api/stock/report/movements': perm('REP_MOVEMENTS'),
  'POST /api/stock/report/leadtime': perm('REP_ORDER_LEADTIME'),

  /** an offline client's synchronisation key for the session's own user (never from a key's session); the user's own keys, a user administrator's (USERS_EDT) all of the workspace; revoked by its user or a user administrator (server/sync/token.ts) */
  'POST /api/sync/token': session,
  'GET /api/sync/tokens': session,
  'POST /api/sync/tokens/:id/revoke': session,
  /** the background jobs of the installation (server/jobs/routes.ts): system administrators */
  'GET /api/sys/jobs': perm('SYSSETUP'),
  'POST /api/sys/jobs/:id/cancel': perm('SYSSETUP'),
  'POST /api/sys/jobs/:id/retry': perm('SYSSETUP'),
  /** Treatment (cases/treatment): the tab reads the case (CASEMAN; its calendar only with CASE_INTAKEMED); start, cancel and changes (declared actions: cases/treatment/actions.ts) need CASE_TREAT; saving the calendar CASE_INTAKEMED_EDT. */
  'GET /api/cases/case/treatment/:caseId': perm('CASEMAN'),
  /** Contacts and TPT (cases/contacts, cases/tpt): read with CASECONTACT; a new contact (its person made or linked) with CASECONTACT_EDT; the course's calendar is its action `tptfollowup`. */
  'POST /api/cases/contact/new': perm('CASECONTACT_EDT'),
  'GET /api/cases/case/:caseId/contacts': perm('CASECONTACT'),
  'POST /api/cases/unit/:unitId/contacts': perm('CASECONTACT'),
  'GET /api/cases/contact/:contactId/tpt': perm('CASECONTACT'),
  'POST /api/cases/contacts/counts': perm('CASECONTACT'),
  /** The population catalogue's rows from a file (reports/population): as writing the catalogue. */
  'POST /api/population/import': perm('POPULATION_EDT'),
};
