/**
 * Case reports and dashboards: the declared
 * variables and filters (`init`), saved reports of a place (`query`, `save`, `delete`), a report or a
 * single indicator computed live (`exec`, `ind/exec`), the cases behind a cell (`ind/cases`) and the
 * dashboards (`/api/dashboard/generate`); the side menu's summaries (`summaries.ts`) and the advanced
 * search (`search-routes.ts`). Every computation is the place the request names within the reader's
 * view (`../indicator/run.ts`). Reading needs CASEMAN (reading cases); saving and deleting a report
 * DATA_ANALISYS ('Анализ данных') — both checked by the host with the body — and the report's place in
 * the writer's view, the workspace's reports and dashboards a writer of the whole workspace
 * (`report-rights.ts`).
 */
import type { Context } from 'hono';
import { t } from '../../engine/i18n.ts';
import { kysely } from '../../server/db/kysely.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { fail, isUuid } from '../../server/http/errors.ts';
import type { AppContext, Env, Session } from '../../server/types.ts';
import { casePage } from '../../cases/places/lists.ts';
import { placeOf } from '../../cases/places/place.ts';
import { checkFilters, checkIndicator, type FieldError } from '../indicator/request.ts';
import { indicatorFilters } from '../indicator/overlay.ts';
import { caseQuery, countedRequest, runIndicator } from '../indicator/run.ts';
import { todayOf } from '../../server/http/time-zone.ts';
import { cellCases } from '../indicator/cell.ts';
import { cellBody, execBody, indicatorBody, listBody, noBody, reportBody, scopeBody } from './bodies.ts';
import { filterGroups } from './init.ts';
import { SavedReports, type ReportInput, type SavedReport } from './saved.ts';
import { summaryRoutes } from './summaries.ts';
import { searchRoutes } from './search-routes.ts';
import { assertReportWritable } from './report-rights.ts';
import { caseReading } from './reading.ts';

export const READ = 'CASEMAN';
export const WRITE = 'DATA_ANALISYS';

const EXAMPLE_ID = '3f6c1d2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f';
const anObject = { type: 'object' };
const saved = { type: 'object', properties: { success: { const: true }, result: { type: 'string', format: 'uuid' } } };
const exampleReport = { title: 'Случаи по полу', dashboard: false, scope: 'WORKSPACE', indicators: [{ title: 'Пол', columnVariables: ['gender'], rowVariables: ['classification'] }] };

/**
 * The case reports', the summaries' and the advanced search's routes.
 * @example caseReportRoutes(ctx).find((r) => r.path === '/api/cases/report/save')!.rule // {kind: 'permission', anyOf: ['DATA_ANALISYS']}
 */
export function caseReportRoutes(ctx: AppContext): DeclaredRoute[] {
  const reading = caseReading(ctx);
  const { analytic, cube, catOf, checkCursor, refuse, connections } = reading;

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

  /** `POST /api/cases/report/save` → `{success, result: id}`; `…/save/{id}` → `{success, result: id}`. */
  const save = async (c: Context<Env>, body: ReportInput, id?: string) => {
    const s: Session = c.get('session');
    const { em, db } = connections();
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
    const result = await reports.save(body, id);
    return c.json({ success: true, result });
  };

  return [
    ...summaryRoutes(ctx, reading.cat),

    /** `POST /api/cases/report/init` → `{filters: [{id, label, filters: [{id, name, type, resources: {options}}]}], variables: [{id, label, variables: [{id, name, rows, columns}]}]}`. */
    defineRoute({
      method: 'POST', path: '/api/cases/report/init', rule: rule.perm(READ), body: noBody, example: {},
      summary: 'The report variables and filters this reader may count by, in their groups',
      answer: { type: 'object', properties: { filters: { type: 'array', items: anObject }, variables: { type: 'array', items: anObject } } },
      handler: async (c) => {
        const s = c.get('session');
        return c.json(await filterGroups(connections().rdb, s, catOf(s)));
      },
    }),

    /** `POST /api/cases/report/query {scope, id}` → `{result: [{id, name, scope, scopeId, dashboard}]}`: the workspace's reports and those saved for this place. */
    defineRoute({
      method: 'POST', path: '/api/cases/report/query', rule: rule.perm(READ), body: listBody, example: { scope: 'WORKSPACE' },
      summary: "The saved reports of a place: the workspace's and the place's own",
      answer: { type: 'object', properties: { result: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, scope: { type: 'string' }, scopeId: { type: ['string', 'null'] }, dashboard: { type: 'boolean' } } } } } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const { em, db } = connections();
        await placeOf(db, s, body.scope, body.id);
        return c.json({ result: await new SavedReports(ctx, em, s).list(body.scope ?? 'WORKSPACE', body.id) });
      },
    }),

    /**
     * `POST /api/cases/report/exec {scope, scopeId, reportId, compute?}` → `{result: {id, schema: {title, dashboard, filters, scope, scopeId}, indicators: [{schema, data}]}}`;
     * `compute: false` answers the schemas alone (`[{schema}]`): the screens then compute each indicator with `ind/exec`, one after another.
     */
    defineRoute({
      method: 'POST', path: '/api/cases/report/exec', rule: rule.perm(READ), body: execBody, example: { scope: 'WORKSPACE', reportId: EXAMPLE_ID, compute: false },
      summary: 'A saved report computed for a place (or, `compute: false`, its indicators uncomputed)',
      answer: { type: 'object', properties: { result: { type: 'object', properties: { id: { type: 'string' }, schema: anObject, indicators: { type: 'array', items: anObject } } } } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const { em, rdb } = connections();
        const r = await new SavedReports(ctx, em, s).get(body.reportId);
        await placeOf(rdb, s, body.scope, body.scopeId);
        const indicators = body.compute === false ? r.indicators.map((schema) => ({ schema })) : await computeReport(rdb, s, r, body.scope, body.scopeId);
        return c.json({ result: { id: r.id, schema: { title: r.name, dashboard: r.dashboard, filters: r.filters, scope: r.scope, scopeId: r.scopeId }, indicators } });
      },
    }),

    /** `POST /api/cases/report/ind/exec {filters, columnVariables, rowVariables, scope, scopeId}` → `{indicator}`. */
    defineRoute({
      method: 'POST', path: '/api/cases/report/ind/exec', rule: rule.perm(READ), body: indicatorBody, example: { columnVariables: ['gender'], rowVariables: ['classification'], scope: 'WORKSPACE' },
      summary: 'One indicator computed for a place: its table of counts (and rates)',
      answer: { type: 'object', properties: { indicator: anObject } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const { rdb } = connections();
        const { request, errors } = checkIndicator(catOf(s), body, s.lang);
        refuse(errors);
        const counted = countedRequest(request, todayOf(s));
        const cq = await caseQuery(rdb, s, analytic, body.scope, body.scopeId, counted.filters);
        return c.json({ indicator: await runIndicator(rdb, s, cq, counted, s.lang, cube) });
      },
    }),

    /**
     * `POST /api/cases/report/ind/cases {…indicator, row, column, page, after, count}` → `{count, list, next}`: the cases of one cell, 50 a page;
     * `count: false` → `{list, next}`: the page alone, not counted (the screen shows the indicator's number).
     */
    defineRoute({
      method: 'POST', path: '/api/cases/report/ind/cases', rule: rule.perm(READ), body: cellBody,
      example: { columnVariables: ['gender'], rowVariables: ['classification'], scope: 'WORKSPACE', row: ['CONFIRMED'], column: null, page: 1 },
      summary: "The cases behind one cell of an indicator, 50 a page (deeper pages by `after`)",
      answer: { type: 'object', properties: { count: { type: 'integer' }, list: { type: 'array', items: anObject }, next: { type: ['string', 'null'] } } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const { rem: em, rdb: db } = connections();
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
      },
    }),

    defineRoute({
      method: 'POST', path: '/api/cases/report/save', rule: rule.perm(WRITE), body: reportBody(ctx.registry), example: exampleReport, answer: saved,
      summary: 'A new saved report (its place in the writer’s view; the workspace’s and its dashboards: a writer of the whole workspace)',
      handler: (c, { body }) => save(c, body as ReportInput),
    }),
    defineRoute({
      method: 'POST', path: '/api/cases/report/save/:id', rule: rule.perm(WRITE), body: reportBody(ctx.registry), example: exampleReport, answer: saved,
      summary: 'A saved report changed (where it was and where it goes both in the writer’s view)',
      handler: (c, { body }) => save(c, body as ReportInput, c.req.param('id')),
    }),

    /** `POST /api/cases/report/delete/{id}` → `{success: true}`. */
    defineRoute({
      method: 'POST', path: '/api/cases/report/delete/:id', rule: rule.perm(WRITE), body: noBody, example: {},
      summary: 'A saved report deleted (its place in the writer’s view)',
      answer: { type: 'object', properties: { success: { const: true } } },
      handler: async (c) => {
        const s = c.get('session');
        const { em } = connections();
        const id = c.req.param('id');
        if (!isUuid(id)) throw fail(400, t(s.lang, 'msg.badId'), 'id');
        const reports = new SavedReports(ctx, em, s);
        await assertReportWritable(kysely(em), s, await reports.get(id));
        await reports.delete(id);
        return c.json({ success: true });
      },
    }),

    ...searchRoutes(ctx, reading),

    /** `POST /api/dashboard/generate {scope, scopeId}` → `{result: {caseIndicators: [{schema, data}]}}`: every indicator of the workspace's dashboard reports, for the place. */
    defineRoute({
      method: 'POST', path: '/api/dashboard/generate', rule: rule.perm(READ), body: scopeBody, example: { scope: 'WORKSPACE' },
      summary: "Every indicator of the workspace's dashboard reports, computed for a place",
      answer: { type: 'object', properties: { result: { type: 'object', properties: { caseIndicators: { type: 'array', items: anObject } } } } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const { em, rdb } = connections();
        await placeOf(rdb, s, body.scope, body.scopeId);
        const reports = await new SavedReports(ctx, em, s).dashboards();
        const caseIndicators = [];
        for (const r of reports) for (const x of await computeReport(rdb, s, r, body.scope, body.scopeId)) caseIndicators.push({ ...x, report: { id: r.id, title: r.name } });
        return c.json({ result: { caseIndicators } });
      },
    }),
  ];
}
