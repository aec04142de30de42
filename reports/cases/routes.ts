/**
 * Case reports and dashboards: the declared
 * variables and filters (`init`), saved reports of a place (`query`, `save`, `delete`), a report or a
 * single indicator computed live (`exec`, `ind/exec`), the cases behind a cell (`ind/cases`) and the
 * dashboards (`/api/dashboard/generate`). Every computation is the place the request names within
 * the reader's view (`../indicator/run.ts`). Reading needs CASEMAN (reading cases); saving and
 * deleting a report DATA_ANALISYS ('Анализ данных') and the report's place in the writer's view, the
 * workspace's reports and dashboards a writer of the whole workspace (`report-rights.ts`).
 */
import type { Context, Hono } from 'hono';
import { t } from '../../engine/i18n.ts';
import { allowedCatalogue, reportCatalogue, type ReportCatalogue } from '../../engine/report-vars.ts';
import { analyticTable } from '../../engine/analytic.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { readEm } from '../../server/db/read.ts';
import { decodeCursor } from '../../server/tbl/keyset.ts';
import { orderKeys } from '../../server/tbl/store/columns.ts';
import { jsonBody } from '../../server/http/body.ts';
import { ApiError, fail, isUuid } from '../../server/http/errors.ts';
import { assertPermission, hasPermission } from '../../server/http/middleware.ts';
import type { AppContext, Env, Session } from '../../server/types.ts';
import { casePage } from '../../cases/places/lists.ts';
import { placeOf } from '../../cases/places/place.ts';
import { checkFilters, checkIndicator, type FieldError } from '../indicator/request.ts';
import { indicatorFilters } from '../indicator/overlay.ts';
import { caseQuery, countedRequest, runIndicator } from '../indicator/run.ts';
import { todayOf } from '../../server/http/time-zone.ts';
import { caseCube } from '../indicator/cube.ts';
import { cellCases } from '../indicator/cell.ts';
import { cellBody, execBody, indicatorBody, listBody, reportBody, scopeBody } from './bodies.ts';
import { filterGroups, filterOptions } from './init.ts';
import { countSearch, optionNamesOf, searchBody, searchCases, searchCountBody } from './search.ts';
import { SavedReports, type ReportInput, type SavedReport } from './saved.ts';
import { summaryRoutes } from './summaries.ts';
import { assertReportWritable } from './report-rights.ts';

export const READ = 'CASEMAN';
export const WRITE = 'DATA_ANALISYS';

export function caseReportRoutes(app: Hono<Env>, ctx: AppContext): void {
  const cat: ReportCatalogue = reportCatalogue(ctx.registry);
  const cube = caseCube(ctx.registry, cat);
  // the cases' analytic rows every computation reads (engine/analytic.ts)
  const analytic = analyticTable(ctx.registry, cat);
  summaryRoutes(app, ctx, cat);
  /** What this reader may count by: no variable of an exam type (or the treatment) they may not read. */
  const catOf = (s: Session) => allowedCatalogue(cat, (p) => hasPermission(s, p));

  const open = async (c: Context<Env>, perm: string, schema: JsonSchema, id: string) => {
    const s: Session = c.get('session');
    assertPermission(s, perm);
    const body = await jsonBody(c);
    const errors = ctx.validators.validate(`casereport#${id}`, schema, body, s.lang);
    if (errors.length) throw new ApiError(400, errors);
    // writes and the saved reports' own reads on the primary; the computations on the read connection (db/read.ts)
    const em = ctx.orm.em.fork();
    const rem = readEm(ctx);
    return { s, body, em, db: kysely(em), rem, rdb: kysely(rem) };
  };
  const refuse = (errors: FieldError[]) => {
    if (errors.length) throw new ApiError(400, errors);
  };
  /** A case-list cursor (`after`) must be one the list gave. */
  const caseKeys = orderKeys(ctx.registry.table('tbcase')).length;
  const checkCursor = (s: Session, after: unknown) => {
    if (after !== undefined && !decodeCursor(after as string, caseKeys)) throw fail(400, t(s.lang, 'msg.badJson'), 'after');
  };

  /** Every indicator of a report computed for the place: an indicator whose variables are no longer declared carries its errors instead of data. */
  const computeReport = async (db: ReturnType<typeof kysely>, s: Session, r: SavedReport, scope: any, scopeId: string | undefined) =>
    Promise.all(
      r.indicators.map(async (schema) => {
        // the report's filters overlaid by the indicator's own, as the screens send them to ind/exec
        const { request, errors } = checkIndicator(catOf(s), { ...schema, filters: indicatorFilters(r.filters, schema.filters) }, s.lang);
        if (errors.length) return { schema, errors };
        const counted = countedRequest(request, todayOf(s));
        const cq = await caseQuery(db, s, analytic, scope, scopeId, counted.filters);
        return { schema, data: await runIndicator(db, s, cq, counted, s.lang, cube) };
      }),
    );

  /** `POST /api/cases/report/init` → `{filters: [{id, label, filters: [{id, name, type, resources: {options}}]}], variables: [{id, label, variables: [{id, name, rows, columns}]}]}`. */
  app.post('/api/cases/report/init', async (c) => {
    const { s, rdb } = await open(c, READ, { type: 'object' }, 'init');
    return c.json(await filterGroups(rdb, s, catOf(s)));
  });

  /** `POST /api/cases/report/query {scope, id}` → `{result: [{id, name, scope, scopeId, dashboard}]}`: the workspace's reports and those saved for this place. */
  app.post('/api/cases/report/query', async (c) => {
    const { s, body, em, db } = await open(c, READ, listBody, 'query');
    await placeOf(db, s, body.scope, body.id);
    return c.json({ result: await new SavedReports(ctx, em, s).list(body.scope ?? 'WORKSPACE', body.id) });
  });

  /**
   * `POST /api/cases/report/exec {scope, scopeId, reportId, compute?}` → `{result: {id, schema: {title, dashboard, filters, scope, scopeId}, indicators: [{schema, data}]}}`;
   * `compute: false` answers the schemas alone (`[{schema}]`): the screens then compute each indicator with `ind/exec`, one after another.
   */
  app.post('/api/cases/report/exec', async (c) => {
    const { s, body, em, rdb } = await open(c, READ, execBody, 'exec');
    const r = await new SavedReports(ctx, em, s).get(body.reportId);
    await placeOf(rdb, s, body.scope, body.scopeId);
    const indicators = body.compute === false ? r.indicators.map((schema) => ({ schema })) : await computeReport(rdb, s, r, body.scope, body.scopeId);
    return c.json({ result: { id: r.id, schema: { title: r.name, dashboard: r.dashboard, filters: r.filters, scope: r.scope, scopeId: r.scopeId }, indicators } });
  });

  /** `POST /api/cases/report/ind/exec {filters, columnVariables, rowVariables, scope, scopeId}` → `{indicator}`. */
  app.post('/api/cases/report/ind/exec', async (c) => {
    const { s, body, rdb } = await open(c, READ, indicatorBody, 'indExec');
    const { request, errors } = checkIndicator(catOf(s), body, s.lang);
    refuse(errors);
    const counted = countedRequest(request, todayOf(s));
    const cq = await caseQuery(rdb, s, analytic, body.scope, body.scopeId, counted.filters);
    return c.json({ indicator: await runIndicator(rdb, s, cq, counted, s.lang, cube) });
  });

  /**
   * `POST /api/cases/report/ind/cases {…indicator, row, column, page, after, count}` → `{count, list, next}`: the cases of one cell, 50 a page;
   * `count: false` → `{list, next}`: the page alone, not counted (the screen shows the indicator's number).
   */
  app.post('/api/cases/report/ind/cases', async (c) => {
    const { s, body, rem: em, rdb: db } = await open(c, READ, cellBody, 'indCases');
    checkCursor(s, body.after);
    const checked = checkIndicator(catOf(s), { ...body, rate: undefined }, s.lang);
    refuse(checked.errors);
    // a trend's cell: a quarter of its rows, a key of each of the indicator's row variables
    const request = countedRequest(checked.request, todayOf(s));
    for (const [side, vars] of [['row', request.rows], ['column', request.columns]] as const) {
      const keys = body[side];
      if (keys != null && keys.length !== vars.length) refuse([{ field: side, msg: t(s.lang, 'indicator.badKeys') }]);
    }
    const place = await placeOf(db, s, body.scope, body.scopeId);
    const cq = await caseQuery(db, s, analytic, body.scope, body.scopeId, request.filters);
    const counted = body.count !== false;
    const { where, count } = await cellCases(db, cq, [...(body.row ? request.rows.map((v, i) => ({ v, key: body.row[i] })) : []), ...(body.column ? request.columns.map((v, i) => ({ v, key: body.column[i] })) : [])], cube, counted);
    if (counted) return c.json(await casePage(em, ctx.registry, s, place, where, body.page ?? 1, count!, body.after));
    // the page alone: its number is the one the indicator showed
    const { list, next } = await casePage(em, ctx.registry, s, place, where, body.page ?? 1, Infinity, body.after);
    return c.json({ list, next });
  });

  /** `POST /api/cases/report/save` → `{success, result: id}`; `…/save/{id}` → `{success, result: id}`. */
  const save = async (c: Context<Env>, id?: string) => {
    const { s, body, em, db } = await open(c, WRITE, reportBody, 'save');
    if (id !== undefined && !isUuid(id)) throw fail(400, t(s.lang, 'msg.badId'), 'id');
    const errors: FieldError[] = [];
    errors.push(...checkFilters(catOf(s), body.filters, s.lang).errors);
    (body.indicators as Record<string, unknown>[]).forEach((ind, i) => {
      for (const e of checkIndicator(catOf(s), ind, s.lang).errors) errors.push({ field: `indicators.${i}.${e.field}`, msg: e.msg });
    });
    refuse(errors);
    if (body.scope && body.scope !== 'WORKSPACE') {
      if (!body.scopeId) throw fail(400, t(s.lang, 'msg.required'), 'scopeId');
      await placeOf(db, s, body.scope, body.scopeId);
    }
    const reports = new SavedReports(ctx, em, s);
    // the report where it was and where it goes: both in the writer's view (report-rights.ts)
    if (id !== undefined) await assertReportWritable(db, s, await reports.get(id));
    await assertReportWritable(db, s, { scope: body.scope ?? 'WORKSPACE', scopeId: body.scopeId, dashboard: body.dashboard });
    const result = await reports.save(body as ReportInput, id);
    return c.json({ success: true, result });
  };
  app.post('/api/cases/report/save', (c) => save(c));
  app.post('/api/cases/report/save/:id', (c) => save(c, c.req.param('id')));

  /** `POST /api/cases/report/delete/{id}` → `{success: true}`. */
  app.post('/api/cases/report/delete/:id', async (c) => {
    const { s, em } = await open(c, WRITE, { type: 'object' }, 'delete');
    const id = c.req.param('id');
    if (!isUuid(id)) throw fail(400, t(s.lang, 'msg.badId'), 'id');
    const reports = new SavedReports(ctx, em, s);
    await assertReportWritable(kysely(em), s, await reports.get(id));
    await reports.delete(id);
    return c.json({ success: true });
  });

  /** `POST /api/cases/search/init` → `{filters}`: the report filters in their groups (as `report/init`). */
  app.post('/api/cases/search/init', async (c) => {
    const { s, rdb } = await open(c, READ, { type: 'object' }, 'searchInit');
    return c.json({ filters: (await filterGroups(rdb, s, catOf(s))).filters });
  });

  /** `POST /api/cases/search {pageSize: 50, filters, scope, scopeId, addFilterDisplay, page, after}` → `{list, next, filterDisplay?: [{id, name, value}]}` (the count: `search/count`). */
  app.post('/api/cases/search', async (c) => {
    const { s, body, rem: em, rdb: db } = await open(c, READ, searchBody, 'search');
    checkCursor(s, body.after);
    const { filters, errors } = checkFilters(catOf(s), body.filters, s.lang);
    refuse(errors);
    // the names of the chosen catalogue rows: only the chosen filters' options are read
    const names = async () => optionNamesOf([{ filters: await Promise.all(filters.filter((f) => f.filter.value.kind !== 'enum').map(async (f) => ({ resources: { options: await filterOptions(db, s, f.filter) } }))) }]);
    return c.json(await searchCases(em, db, ctx.registry, analytic, s, body, filters, names));
  });

  /**
   * `POST /api/cases/search/count {filters, scope, scopeId, exact}` → `{count, countCapped, countEstimated?}`: how many the search finds,
   * bounded — from 5 000 by the planner's estimate, the estimate (`countEstimated`); `exact: true` counts (up to the cap) however long it takes.
   */
  app.post('/api/cases/search/count', async (c) => {
    const { s, body, rem: em, rdb: db } = await open(c, READ, searchCountBody, 'searchCount');
    const { filters, errors } = checkFilters(catOf(s), body.filters, s.lang);
    refuse(errors);
    return c.json(await countSearch(em, db, ctx.registry, analytic, s, body, filters));
  });

  /** `POST /api/dashboard/generate {scope, scopeId}` → `{result: {caseIndicators: [{schema, data}]}}`: every indicator of the workspace's dashboard reports, for the place. */
  app.post('/api/dashboard/generate', async (c) => {
    const { s, body, em, rdb } = await open(c, READ, scopeBody, 'dashboard');
    await placeOf(rdb, s, body.scope, body.scopeId);
    const reports = await new SavedReports(ctx, em, s).dashboards();
    const caseIndicators = [];
    for (const r of reports) for (const x of await computeReport(rdb, s, r, body.scope, body.scopeId)) caseIndicators.push({ ...x, report: { id: r.id, title: r.name } });
    return c.json({ result: { caseIndicators } });
  });
}
