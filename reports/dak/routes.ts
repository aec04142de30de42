/**
 * WHO's TB indicators (the DAK's TB.IND.1–51) on the files of `schemas/reports/dak/`:
 * - `POST /api/reports/dak {year, quarter?, scope?, scopeId?}` → `{period: {from, to}, indicators}`:
 *   every indicator computed for the period (a year, or a quarter of it) and the place, in the reader's
 *   view (`compute.ts` `IndicatorResult`);
 * - `POST /api/reports/dak/breakdown {…, code, dimension}` → `{rows: [{key, label, numerator,
 *   denominator, percent}]}`: one indicator by a disaggregation it declares;
 * - `POST /api/reports/dak/breakdowns {…, dimension}` → `{breakdowns: {<code>: rows}}`: every indicator
 *   the reader may read that declares it (the export's sheets), one statement per subject and period;
 * - `POST /api/reports/dak/rows {…, code, part: numerator|denominator|excluded, reason?, page?, after?}`
 *   → the rows behind a number: cases as the case lists show them (`{count, list, next}`), contacts as
 *   the contact register does (`{count, list, next}`).
 * Reading needs CASEMAN, checked by the host with the body; an indicator also needs what it reads (an
 * exam type's permission, CASECONTACT for contacts: 403 on its breakdown and rows, `needs` in the
 * list) — a rule on the data the body names, so checked here.
 */
import type { Context } from 'hono';
import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { readEm } from '../../server/db/read.ts';
import { fail } from '../../server/http/errors.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { decodeCursor } from '../../server/tbl/keyset.ts';
import { orderKeys } from '../../server/tbl/store/columns.ts';
import type { AppContext, Env, Session } from '../../server/types.ts';
import { casePage } from '../../cases/places/lists.ts';
import { placeOf, type PlaceScope } from '../../cases/places/place.ts';
import { contactsOfIds } from '../../cases/contacts/lists.ts';
import { breakdown, breakdowns, computeIndicators, missingPermission, periodOf } from './compute.ts';
import type { IndicatorDefinition } from './definition.ts';
import { DIMENSIONS, type DimensionId } from './facts.ts';
import { partIds, type IndicatorQuery } from './sql.ts';

const place = {
  year: { type: 'integer', minimum: 1990, maximum: 2200 },
  quarter: { type: 'integer', minimum: 1, maximum: 4 },
  scope: { type: 'string', enum: ['WORKSPACE', 'ADMINUNIT', 'UNIT'] },
  scopeId: { type: 'string', format: 'uuid' },
};
const code = { type: 'string', pattern: '^TB\\.IND\\.[0-9]{1,3}$' };
const listBody: JsonSchema = { type: 'object', additionalProperties: false, required: ['year'], properties: place };
const breakdownBody: JsonSchema = {
  type: 'object', additionalProperties: false, required: ['year', 'code', 'dimension'],
  properties: { ...place, code, dimension: { type: 'string', enum: ['sex', 'age', 'area', 'regimen', 'history', 'hiv', 'ageTpt'] } },
};
const breakdownsBody: JsonSchema = {
  type: 'object', additionalProperties: false, required: ['year', 'dimension'],
  properties: { ...place, dimension: { type: 'string', enum: ['sex', 'age', 'area', 'regimen', 'history', 'hiv', 'ageTpt'] } },
};
const rowsBody: JsonSchema = {
  type: 'object', additionalProperties: false, required: ['year', 'code', 'part'],
  properties: { ...place, code, part: { type: 'string', enum: ['numerator', 'denominator', 'excluded'] }, reason: { type: 'string', maxLength: 50 }, page: { type: 'integer', minimum: 1, maximum: 200 }, after: { type: 'string', maxLength: 2000 } },
};

const exampleAt = { year: 2024, quarter: 1, scope: 'WORKSPACE' };
const anObject = { type: 'object' };
const rowsAnswer = { type: 'array', items: { type: 'object', properties: { key: {}, label: { type: 'string' }, numerator: { type: 'integer' }, denominator: { type: ['integer', 'null'] }, percent: { type: ['number', 'null'] } } } };

/** The period and the place a (checked) body names. */
interface PeriodPlace {
  year: number;
  quarter?: number;
  scope?: PlaceScope;
  scopeId?: string;
}

/**
 * The indicators' routes on their definitions.
 * @example dakRoutes(ctx, defs).map((r) => r.path) // ['/api/reports/dak', '/api/reports/dak/breakdown', …]
 */
export function dakRoutes(ctx: AppContext, defs: IndicatorDefinition[]): DeclaredRoute[] {
  const caseKeys = orderKeys(ctx.registry.table('tbcase')).length;
  /** The period and the place the (checked) body names, in the reader's view; read on the read connection. */
  const open = async (c: Context<Env>, body: PeriodPlace) => {
    const s: Session = c.get('session');
    const rem = readEm(ctx);
    const db = kysely(rem);
    const q: IndicatorQuery = { s, place: await placeOf(db, s, body.scope, body.scopeId), ...periodOf(body.year, body.quarter), period: { year: body.year, quarter: body.quarter } };
    return { s, rem, db, q };
  };
  const may = (s: Session) => (p: string) => hasPermission(s, p);
  /** The indicator the body names, counted and readable by the reader: what it reads needs its own permission (an exam type's, CASECONTACT), beside the route's CASEMAN. */
  const indicatorOf = (s: Session, name: string): IndicatorDefinition => {
    const d = defs.find((x) => x.code === name);
    if (!d || d.unsupported) throw fail(404, t(s.lang, 'msg.notFound'), 'code');
    if (missingPermission(d, may(s))) throw fail(403, t(s.lang, 'msg.forbidden'), 'code');
    return d;
  };

  return [
    defineRoute({
      method: 'POST', path: '/api/reports/dak', rule: rule.perm('CASEMAN'), body: listBody, example: exampleAt,
      summary: "WHO's TB indicators computed for a year or quarter and a place (those the reader may not read: `needs`)",
      answer: { type: 'object', properties: { period: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } } }, indicators: { type: 'array', items: anObject } } },
      handler: async (c, { body }) => {
        const { s, db, q } = await open(c, body as PeriodPlace);
        return c.json({ period: { from: q.from, to: q.to }, indicators: await computeIndicators(db, defs, q, may(s)) });
      },
    }),

    defineRoute({
      method: 'POST', path: '/api/reports/dak/breakdown', rule: rule.perm('CASEMAN'), body: breakdownBody, example: { ...exampleAt, code: 'TB.IND.1', dimension: 'sex' },
      summary: 'One indicator by a disaggregation it declares',
      answer: { type: 'object', properties: { rows: rowsAnswer } },
      handler: async (c, { body }) => {
        const { s, db, q } = await open(c, body as PeriodPlace);
        const d = indicatorOf(s, body.code);
        const dim = DIMENSIONS[d.subject][body.dimension as keyof (typeof DIMENSIONS)['case']];
        if (!d.disaggregate.includes(body.dimension) || !dim) throw fail(400, t(s.lang, 'msg.notFound'), 'dimension');
        // a disaggregation reading an exam type needs its permission
        if (dim.permission && !hasPermission(s, dim.permission)) throw fail(403, t(s.lang, 'msg.forbidden'), 'dimension');
        return c.json({ rows: await breakdown(db, d, q, body.dimension) });
      },
    }),

    defineRoute({
      method: 'POST', path: '/api/reports/dak/breakdowns', rule: rule.perm('CASEMAN'), body: breakdownsBody, example: { ...exampleAt, dimension: 'sex' },
      summary: 'Every indicator the reader may read that declares the disaggregation, by it (the export’s sheets)',
      answer: { type: 'object', properties: { breakdowns: { type: 'object', additionalProperties: rowsAnswer } } },
      handler: async (c, { body }) => {
        const { s, db, q } = await open(c, body as PeriodPlace);
        const dim = body.dimension as DimensionId;
        // a disaggregation reading an exam type needs its permission
        const permission = Object.values(DIMENSIONS).map((x) => x[dim]?.permission).find(Boolean);
        if (permission && !hasPermission(s, permission)) throw fail(403, t(s.lang, 'msg.forbidden'), 'dimension');
        const readable = defs.filter((d) => !d.unsupported && !missingPermission(d, may(s)));
        return c.json({ breakdowns: Object.fromEntries(await breakdowns(db, readable, q, dim)) });
      },
    }),

    defineRoute({
      method: 'POST', path: '/api/reports/dak/rows', rule: rule.perm('CASEMAN'), body: rowsBody, example: { ...exampleAt, code: 'TB.IND.1', part: 'numerator', page: 1 },
      summary: 'The cases or contacts behind an indicator’s numerator, denominator or exclusions, 50 a page',
      answer: { type: 'object', properties: { count: { type: 'integer' }, list: { type: 'array', items: anObject }, next: { type: ['string', 'null'] } } },
      handler: async (c, { body }) => {
        const { s, db, rem, q } = await open(c, body as PeriodPlace);
        const d = indicatorOf(s, body.code);
        if (body.reason !== undefined && !d.exclude.some((x) => x.id === body.reason)) throw fail(400, t(s.lang, 'msg.notFound'), 'reason');
        const ids = partIds(db, d, q, body.part, body.reason);
        const { n } = (await db.selectFrom(ids.as('x')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()) as { n: number };
        if (d.subject === 'contact') return c.json({ count: n, ...(await contactsOfIds(db, ctx.registry, s, ids, body.after)) });
        if (body.after !== undefined && !decodeCursor(body.after, caseKeys)) throw fail(400, t(s.lang, 'msg.badJson'), 'after');
        // the reader's own view of those cases (one notified here and transferred out is counted, not opened)
        return c.json(await casePage(rem, ctx.registry, s, { kind: 'workspace' }, (qb: any) => qb.where('t.id', 'in', ids), body.page ?? 1, n, body.after));
      },
    }),
  ];
}
