/**
 * Who may call each `/api` route: the declared table that `tests/api/authz-matrix.test.ts` holds
 * the running server to. Every route of the app must be listed here (the test fails on a route
 * without a declaration, and on a declaration without a route), so a new route cannot ship without
 * someone deciding who may call it.
 *
 * The routes check these themselves (`requirePermission`, `tableFor`, `formSchemaFor`, the option
 * and action runners); this table is the promise they are tested against.
 */
export type RouteRule =
  /** No session needed (login, the login page's helpers). */
  | { kind: 'public' }
  /** Any session of the workspace, whatever its permissions (the user's own things). */
  | { kind: 'session' }
  /** A session holding one of these permissions (system-wide ones only with the system administrator role). */
  | { kind: 'permission'; anyOf: string[] }
  /**
   * The `:table`'s own rule (`x-table.permission`): `read` — the permission, or none when the table
   * says `read: "any"`; `write` — what `x-table.write` names for the operation (create, update, delete), else
   * `<permission>_EDT`; `form` — as `read`, or for a form-only schema
   * its `x-form.permission`. Rows of another workspace are 404.
   */
  | { kind: 'table'; access: 'read' | 'write' | 'form' }
  /** `engine/option-access.ts` (`canReadOptions`); a named lookup no schema references: {@link selfGuardedLookups}. */
  | { kind: 'options' }
  /** Reading the `:table` and the declared action's own `permission` (`server/actions`). */
  | { kind: 'action' }
  /** Another path of a declared action (`RowAction.routes`, e.g. the spec's `GET /api/cases/case/validate/{id}`): as `action`, for that action's table. */
  | { kind: 'actionRoute' }
  /** A composed form's save: its `x-form.permission` and `<permission>_EDT` of every part's table (`server/tbl/form-save.ts`). */
  | { kind: 'formSave' };

const publicRoute: RouteRule = { kind: 'public' };
const session: RouteRule = { kind: 'session' };
const perm = (...anyOf: string[]): RouteRule => ({ kind: 'permission', anyOf });
const table = (access: 'read' | 'write' | 'form'): RouteRule => ({ kind: 'table', access });
const actionRoute: RouteRule = { kind: 'actionRoute' };

/** Named option lookups that no schema references guard themselves: the permissions they accept. */
export const selfGuardedLookups: Record<string, string[]> = {
  'command-types': ['CMDHISTORY', 'CMDSTATISTICS'],
  'report-users': ['USERSESREP', 'CMDHISTORY', 'CMDSTATISTICS', 'ONLINE', 'ERRORLOGREP'],
};

/** `<METHOD> <Hono path pattern>` → who may call it. */
export const routePermissions: Record<string, RouteRule> = {
  'POST /api/auth/login': publicRoute,
  'POST /api/auth/logout': publicRoute,
  'GET /api/health': publicRoute,
  'GET /api/health/live': publicRoute,
  'GET /api/health/ready': publicRoute,
  'GET /api/pub/sysconfig': publicRoute,
  'POST /api/pub/register': publicRoute,
  'GET /api/pub/confirmemail/:token': publicRoute,

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

  'POST /api/sys/session': session,
  'POST /api/sys/workspaces': session,
  'POST /api/sys/changews/:id': session,
  'POST /api/sys/language/:lang': session,
  'GET /api/sys/usersettings': session,
  'POST /api/sys/usersettings': session,
  'POST /api/sys/changepassword': session,
  'POST /api/sys/acceptula': session,
  'POST /api/sys/invitations': session,
  'POST /api/sys/invitations/:id/accept': session,
  'POST /api/sys/invitations/:id/decline': session,
  'POST /api/session/search': session,
  /** What changed since a number, of the tables the session may read, rows in its view (offline client). */
  'POST /api/sync/changes': session,
  /** each change is checked as the generic API checks its table (server/sync/push.ts) */
  'POST /api/sync/push': session,
  /** an offline client's slice of the session's unit: its users, places, tags; the password hashes only with the caller's password, of users with no more rights than theirs, never an administrator's; 400 for a session without a unit (server/sync/slice.ts) */
  'POST /api/sync/slice': session,
  /** rows an offline client's rows name, by the rule of each reference: in the session's view, or named by a row in it (another unit's batch; an author's account as a name only) (server/sync/rows.ts) */
  'POST /api/sync/rows': session,
  /** the generic table query under /api/sync (the sub-records of a case entering an offline client's view, asked with its synchronisation key too): the :table's read rule (server/tbl/routes.ts) */
  'POST /api/sync/query/:table': table('read'),
  /** an offline client's synchronisation key for the session's own user (never from a key's session); the user's own keys, a user administrator's (USERS_EDT) all of the workspace; revoked by its user or a user administrator (server/sync/token.ts) */
  'POST /api/sync/token': session,
  'GET /api/sync/tokens': session,
  'POST /api/sync/tokens/:id/revoke': session,
  /** the offline client's own synchronisation (server/sync/client/routes.ts): 404 on a server */
  'GET /api/offline/client/sync/status': session,
  'GET /api/offline/client/sync/unsent': session,
  'POST /api/offline/client/sync/synchronize': session,
  /** the client's UI saying a form has unsaved input: the automatic synchronisation waits (server/sync/client/auto.ts) */
  'POST /api/offline/client/sync/editing': session,
  /** an offline client's first start from the browser, before any user exists on it: only in client mode and while it holds no unit (server/sync/client/init-routes.ts) */
  'GET /api/offline/client/init': publicRoute,
  'POST /api/offline/client/init': publicRoute,
  /** a rejected local change discarded: the change's own table permission and the row in the session's view (server/sync/client/rejected.ts) */
  'POST /api/offline/client/sync/rejected/:changeId/discard': session,
  /** the workspace's open conflicts for administrators (who changed what and when: the command history's permission); a case's for its readers; keeping one needs the row's edit right (server/sync/conflicts.ts) */
  'POST /api/sync/conflicts': perm('CMDHISTORY'),
  'GET /api/sync/conflicts/case/:id': session,
  'GET /api/sync/conflicts/recent': session,
  'POST /api/sync/conflicts/:id/keep': session,

  /** the background jobs of the installation (server/jobs/routes.ts): system administrators */
  'GET /api/sys/jobs': perm('SYSSETUP'),
  'POST /api/sys/jobs/:id/cancel': perm('SYSSETUP'),
  'POST /api/sys/jobs/:id/retry': perm('SYSSETUP'),
  'GET /api/admin/sysconfig': perm('SYSSETUP'),
  'POST /api/admin/sysconfig': perm('SYSSETUP'),
  'POST /api/admin/rep/dailyusersession': perm('USERSESREP'),
  'POST /api/admin/rep/usersession': perm('USERSESREP'),
  'POST /api/admin/rep/onlineusers': perm('ONLINE'),
  'POST /api/admin/rep/cmdhistory': perm('CMDHISTORY'),
  'POST /api/admin/rep/todaycmdhistory': perm('CMDHISTORY'),
  'POST /api/admin/rep/cmdstatistics': perm('CMDSTATISTICS'),
  'POST /api/admin/rep/errorlog': perm('ERRORLOGREP'),
  'POST /api/admin/rep/todayerrorlog': perm('ERRORLOGREP'),
  'POST /api/tbl/userws/resetpwd': perm('USERS_EDT'),
  'POST /api/tbl/userws/updatepwd': perm('USERS_EDT'),

  'POST /api/opts/:name': { kind: 'options' },

  /** A case's follow-up exams: reading the case (CASEMAN); each exam type also needs its own permission, else it is left out (cases/followups). */
  'GET /api/cases/case/followups/:caseId': perm('CASEMAN'),
  /** Treatment (cases/treatment): the tab reads the case (CASEMAN; its calendar only with CASE_INTAKEMED); start, cancel and changes (declared actions: cases/treatment/actions.ts) need CASE_TREAT; saving the calendar CASE_INTAKEMED_EDT. */
  'GET /api/cases/case/treatment/:caseId': perm('CASEMAN'),
  'POST /api/cases/case/treatment/start': actionRoute,
  'POST /api/cases/case/treatment/undo/:id': actionRoute,
  'POST /api/cases/case/treatment/update': actionRoute,
  'POST /api/cases/case/treatment/prescription/add': actionRoute,
  'POST /api/cases/case/treatment/prescription/update': actionRoute,
  'DELETE /api/cases/case/treatment/prescription/delete/:id': actionRoute,
  'POST /api/cases/case/treatment/followup': actionRoute,
  /** Contacts and TPT (issue 42: cases/contacts, cases/tpt): read with CASECONTACT; a new contact (its person made or linked) with CASECONTACT_EDT; the course's calendar is its action `tptfollowup`. */
  'POST /api/cases/contact/new': perm('CASECONTACT_EDT'),
  'GET /api/cases/case/:caseId/contacts': perm('CASECONTACT'),
  'POST /api/cases/unit/:unitId/contacts': perm('CASECONTACT'),
  'GET /api/cases/contact/:contactId/tpt': perm('CASECONTACT'),
  'POST /api/cases/contacts/counts': perm('CASECONTACT'),
  'POST /api/cases/contact/tpt/followup': actionRoute,
  /** The case data tab (cases/case-data): its read-only form (CASEMAN); the edit dialog (NEWCASE or NEWSUSP, then the one the case's notification form names); the comorbidities: the action `comorbidity` (COMIRBIDITIES_EDT). */
  'GET /api/tbl/case/form/readonly/:caseId': perm('CASEMAN'),
  'GET /api/cases/case/edit/form/:caseId': perm('NEWCASE', 'NEWSUSP'),
  'POST /api/cases/case/edit/save': perm('NEWCASE', 'NEWSUSP'),
  'POST /api/cases/case/comorbidity/:id': actionRoute,
  /** Case lists and places: counts, summaries, tags, /active, the area tree — within the reader's view (cases/places). */
  'POST /api/cases/summary': perm('CASEMAN'),
  'POST /api/cases/summary/query': perm('CASEMAN'),
  'POST /api/cases/unit/:unitId': perm('CASEMAN'),
  'POST /api/cases/unit/:unitId/worklist': perm('CASEMAN'),
  'POST /api/cases/tag/query': perm('CASEMAN'),
  'POST /api/cases/view': perm('CASEMAN'),
  'POST /api/cases/view/places': perm('CASEMAN'),
  /** Case reports and dashboards (reports/cases): computed within the reader's view; saving and deleting a report needs DATA_ANALISYS ('Анализ данных'). */
  /** WHO's TB indicators (issue 42, reports/dak): reading cases (CASEMAN); an indicator also needs what it reads (an exam type's permission; CASECONTACT for contacts), checked by the routes. */
  'POST /api/reports/dak': perm('CASEMAN'),
  'POST /api/reports/dak/breakdown': perm('CASEMAN'),
  'POST /api/reports/dak/breakdowns': perm('CASEMAN'),
  'POST /api/reports/dak/rows': perm('CASEMAN'),
  'POST /api/cases/report/init': perm('CASEMAN'),
  'POST /api/cases/report/query': perm('CASEMAN'),
  'POST /api/cases/report/exec': perm('CASEMAN'),
  'POST /api/cases/report/ind/exec': perm('CASEMAN'),
  'POST /api/cases/report/ind/cases': perm('CASEMAN'),
  'POST /api/cases/report/save': perm('DATA_ANALISYS'),
  'POST /api/cases/report/save/:id': perm('DATA_ANALISYS'),
  'POST /api/cases/report/delete/:id': perm('DATA_ANALISYS'),
  /** Export to DHIS2 (issue 43, reports/dhis2): the values, files and past sendings with DHIS_EXPORT, a sending (dry run or real) with its 'Can modify?'; the workspace's DHIS2 server with SETUPWS (the password never answered). */
  'POST /api/dhis2/mappings': perm('DHIS_EXPORT'),
  'POST /api/dhis2/preview': perm('DHIS_EXPORT'),
  'POST /api/dhis2/file': perm('DHIS_EXPORT'),
  'POST /api/dhis2/send': perm('DHIS_EXPORT_EDT'),
  'POST /api/dhis2/sends': perm('DHIS_EXPORT'),
  'GET /api/dhis2/server': perm('SETUPWS'),
  'POST /api/dhis2/server': perm('SETUPWS'),
  'POST /api/who/forms': perm('CASEMAN'),
  'POST /api/who/report': perm('CASEMAN'),
  'POST /api/who/cases': perm('CASEMAN'),
  'POST /api/dashboard/generate': perm('CASEMAN'),
  /** The population catalogue's rows from a file (reports/population): as writing the catalogue. */
  'POST /api/population/import': perm('POPULATION_EDT'),
  'POST /api/cases/search/init': perm('CASEMAN'),
  'POST /api/cases/search': perm('CASEMAN'),
  'POST /api/cases/search/count': perm('CASEMAN'),
  /** Its types (add menu, filter: those the session may read, `canChange` with _EDT) and its derived latest results (only of exam types the session may read). */
  'GET /api/cases/case/followups/:caseId/types': perm('CASEMAN'),
  'GET /api/cases/case/followups/:caseId/latest': perm('CASEMAN'),
  /** The case page's case: the row with its patient, units, tags and the patient's cases (cases/case-page). */
  'GET /api/tbl/case/:id': perm('CASEMAN'),
  /** The suspect follow-up dialog's form for a classification (cases/case-page). */
  'GET /api/cases/case/suspectfollowup/initform/:classification': perm('CASEMAN'),
  /** The case workflow's paths of spec 001 §7: aliases of the declared actions of tbcase (cases/workflow). */
  'GET /api/cases/case/validate/:id': actionRoute,
  'GET /api/cases/case/reopen/:id': actionRoute,
  'GET /api/cases/case/undotransferout/:id': actionRoute,
  'POST /api/cases/case/close': actionRoute,
  'POST /api/cases/case/transferout': actionRoute,
  'POST /api/cases/case/transferin': actionRoute,
  'POST /api/cases/case/suspectfollowup': actionRoute,
  'POST /api/cases/tag/update': actionRoute,
  'DELETE /api/tbl/case/:id': actionRoute,

  /** New-case notification (cases/notify): the patient search spans the workspace (the duplicate guard); the form and the save need the variant's own NEWSUSP or NEWCASE, and the save a unit in the user's view. */
  'POST /api/tbl/patient/search': perm('NEWSUSP', 'NEWCASE', 'CASECONTACT_EDT'),
  'POST /api/cases/case/newnotif/form': perm('NEWSUSP', 'NEWCASE'),
  'POST /api/cases/case/newnotif': perm('NEWSUSP', 'NEWCASE'),

  /** Importing a register of cases from a file (cases/import): CASE_IMPORT; a job is its uploader's (read also with a whole-workspace view); each row is written with the uploader's own permissions and view. */
  'POST /api/import/upload': perm('CASE_IMPORT'),
  'POST /api/import/:id/chunk': perm('CASE_IMPORT'),
  'POST /api/import/:id/parse': perm('CASE_IMPORT'),
  'GET /api/import/:id': perm('CASE_IMPORT'),
  'POST /api/import/:id/mapping': perm('CASE_IMPORT'),
  'POST /api/import/:id/values': perm('CASE_IMPORT'),
  'POST /api/import/:id/dryrun': perm('CASE_IMPORT'),
  'POST /api/import/:id/run': perm('CASE_IMPORT'),
  'POST /api/import/:id/cancel': perm('CASE_IMPORT'),
  'POST /api/import/:id/rows': perm('CASE_IMPORT'),
  'GET /api/import/:id/report': perm('CASE_IMPORT'),
  'POST /api/import/query': perm('CASE_IMPORT'),
  'POST /api/import/fields': perm('CASE_IMPORT'),
  'POST /api/import/mappings': perm('CASE_IMPORT'),
  'DELETE /api/import/mappings/:id': perm('CASE_IMPORT'),
  'GET /api/import/template/:form': perm('CASE_IMPORT'),

  'POST /api/tbl/:table/query': table('read'),
  'GET /api/tbl/:table/:id': table('read'),
  'GET /api/tbl/:table/form/:id': table('read'),
  'GET /api/tbl/:table/view/:id': table('read'),
  'POST /api/tbl/:table/form': table('form'),
  'POST /api/tbl/:table/save': { kind: 'formSave' },
  'POST /api/tbl/:table': table('write'),
  'POST /api/tbl/:table/:id': table('write'),
  'DELETE /api/tbl/:table/:id': table('write'),
  'GET /api/tbl/:table/:id/actions': table('read'),
  'POST /api/tbl/:table/:id/action/:name': { kind: 'action' },
};

/**
 * The declared rule of a route, or undefined when nobody declared one.
 *
 * @example routeRule('POST', '/api/tbl/:table/query') // { kind: 'table', access: 'read' }
 */
export const routeRule = (method: string, path: string): RouteRule | undefined => routePermissions[`${method} ${path}`];
