/**
 * The side menu's summaries 'Резюме' and tags:
 * `POST /api/cases/summary` counts every declared summary (`engine/summaries.ts`, `x-summaries` of
 * the case schema) and tag of the place; `POST /api/cases/summary/query` lists a summary's cases,
 * 50 a page, by the same filters as the advanced search (`rowCondition`), so the count beside a
 * summary is the length of its list. A summary with a `counter` is counted from `casecount` (kept
 * by triggers: a few hundred rows at a million cases); any other from the cases' analytic rows,
 * bounded as every list's count is (`boundedCount`: exact up to 10 000, else the planner's estimate past 100 ms).
 */
import { sql, type Kysely } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { ReportCatalogue } from '../../engine/report-vars.ts';
import { analyticTable, type AnalyticTable } from '../../engine/analytic.ts';
import { caseSummaries, type SummaryDecl } from '../../engine/summaries.ts';
import type { JsonSchema } from '../../engine/types.ts';
import type { Em } from '../../server/db/orm.ts';
import { readEm } from '../../server/db/read.ts';
import { fail } from '../../server/http/errors.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { COUNT_KEYS, placeCounts, tagCounts, type CountKey, type Counts } from '../../cases/places/counts.ts';
import { casePage } from '../../cases/places/lists.ts';
import { placeOf, transferEnds, type Place } from '../../cases/places/place.ts';
import { kysely, type Database } from '../../server/db/kysely.ts';
import { boundedCount } from '../../server/tbl/store/count.ts';
import { checkFilters, type IndicatorRequest } from '../indicator/request.ts';
import { rowCondition } from '../indicator/sql.ts';
import { countAnalytic } from './search.ts';

const uuid = { type: 'string', format: 'uuid' };
const scopeProps = { scope: { type: 'string', enum: ['WORKSPACE', 'ADMINUNIT', 'UNIT'] }, scopeId: uuid };
const summaryBody: JsonSchema = { type: 'object', additionalProperties: false, properties: scopeProps };
const summaryQueryBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['summaryId'],
  properties: { ...scopeProps, summaryId: { type: 'string', maxLength: 50 }, page: { type: 'integer', minimum: 1, maximum: 200 }, after: { type: 'string', maxLength: 2000 } },
};

/** A declared summary with its filters checked against the report catalogue. */
export interface Summary extends SummaryDecl {
  where: IndicatorRequest['filters'];
}

/**
 * The declared summaries, each filter checked as a request's would be: an unknown filter, a value not
 * offered or a counter that is no `casecount` column stops the start-up with its file and pointer.
 * @example checkedSummaries(registry, cat).map((x) => x.id) // ['notvalidated', 'notontreatment', …]
 */
export function checkedSummaries(registry: AppContext['registry'], cat: ReportCatalogue): Summary[] {
  return caseSummaries(registry).map((d, i) => {
    const { filters, errors } = checkFilters(cat, d.filters, 'en');
    const at = `schemas/tables/tbcase.json /x-summaries/${i}`;
    if (errors.length) throw new Error(`${at}: ${errors.map((e) => `${e.field}: ${e.msg}`).join('; ')}`);
    if (d.counter !== undefined && !(COUNT_KEYS as readonly string[]).includes(d.counter)) throw new Error(`${at}/counter: "${d.counter}" is not a casecount column (${COUNT_KEYS.join(', ')})`);
    return { ...d, where: filters };
  });
}

/** The conditions a summary puts on `tbcase as <alias>`. */
const summaryWhere = (db: Kysely<Database>, analytic: AnalyticTable, s: Session, x: Summary, alias = 't') => (q: any) =>
  x.where.reduce((acc, f) => acc.where(rowCondition(db, analytic, s.workspaceId, f.filter, f.value, alias)), q);

/**
 * A summary's number of cases in the place: its counter's, or its cases' analytic rows counted (bounded).
 * @example await summaryCount(em, analytic, s, place, summary, counts) // 12
 */
async function summaryCount(em: Em, analytic: AnalyticTable, s: Session, place: Place, x: Summary, counts: Counts): Promise<number> {
  if (x.counter) return counts[x.counter as CountKey];
  if (x.placed === 'either') {
    // the cases in transfer at either end: read on the transferring cases' index (few at any time)
    const parts = (tx: Em) => {
      const db = kysely(tx);
      const ends = transferEnds(db, s, place, 't');
      const q = summaryWhere(db, analytic, s, x)(db.selectFrom('tbcase as t').select(sql`1`.as('one')).where('t.workspace_id', '=', s.workspaceId));
      return [ends ? q.where(ends) : q];
    };
    return (await boundedCount(em, parts)).count;
  }
  return (await countAnalytic(em, s, analytic, place, x.where, x.placed === 'owner' ? 'owner' : undefined)).count;
}

/** The tag type the side menu styles by: MANUAL, AUTO, or AUTODANGER (a consistency check). */
const tagType = (r: Record<string, unknown>) => (!r.auto_generated ? 'MANUAL' : r.consistency_check ? 'AUTODANGER' : 'AUTO');

/** A summary as the side menu lists it. */
const summaryItem = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, count: { type: 'integer' } } };
const casePageAnswer = { type: 'object', properties: { count: { type: 'integer' }, list: { type: 'array', items: { type: 'object' } }, next: { type: ['string', 'null'] } } };

/**
 * The summaries' routes (CASEMAN, checked by the host with the body): counts and lists of the place,
 * on the read connection (server/db/read.ts).
 * @example summaryRoutes(ctx, reportCatalogue(ctx.registry)).map((r) => r.path) // ['/api/cases/summary', '/api/cases/summary/query']
 */
export function summaryRoutes(ctx: AppContext, cat: ReportCatalogue): DeclaredRoute[] {
  const summaries = checkedSummaries(ctx.registry, cat);
  const analytic = analyticTable(ctx.registry, cat);
  const read = () => {
    const em = readEm(ctx);
    return { em, db: kysely(em) };
  };
  /** The summaries this reader may see: none counting by a field they may not read (an exam type's). */
  const mayUse = (s: Session, x: Summary) => x.where.every((f) => !f.filter.permission || hasPermission(s, f.filter.permission));

  return [
    /** `POST /api/cases/summary {scope, scopeId}` → `{summary: [{id, name, count}], tags: [{id, name, type, count}], counts}`. */
    defineRoute({
      method: 'POST', path: '/api/cases/summary', rule: rule.perm('CASEMAN'), body: summaryBody, example: { scope: 'WORKSPACE' },
      summary: "The side menu's summaries and tags of a place, each with its number of cases",
      answer: { type: 'object', properties: { summary: { type: 'array', items: summaryItem }, tags: { type: 'array', items: { ...summaryItem, properties: { ...summaryItem.properties, type: { enum: ['MANUAL', 'AUTO', 'AUTODANGER'] } } } }, counts: { type: 'object' } } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const { em, db } = read();
        const place = await placeOf(db, s, body.scope, body.scopeId);
        const [counts, byTag] = await Promise.all([placeCounts(db, s, place), tagCounts(db, s, place)]);
        const summary = [];
        for (const x of summaries.filter((y) => mayUse(s, y))) summary.push({ id: x.id, name: t(s.lang, x.label), count: await summaryCount(em, analytic, s, place, x, counts) });
        const ids = [...byTag.keys()];
        const rows = ids.length
          ? await db.selectFrom('tag').select(['id', 'name', 'auto_generated', 'consistency_check']).where('workspace_id', '=', s.workspaceId).where('id', 'in', ids).orderBy('name').execute()
          : [];
        const tags = rows.map((r) => ({ id: r.id as string, name: r.name as string, type: tagType(r), count: byTag.get(r.id as string)! }));
        return c.json({ summary, tags, counts: { suspect: counts.suspect, tb: counts.tb, drtb: counts.drtb, ntm: counts.ntm, closed: counts.closed } });
      },
    }),

    /** `POST /api/cases/summary/query {scope, scopeId, summaryId, page, after}` → `{summary: {id, name, count}, count, list, next}`. */
    defineRoute({
      method: 'POST', path: '/api/cases/summary/query', rule: rule.perm('CASEMAN'), body: summaryQueryBody, example: { scope: 'WORKSPACE', summaryId: 'notvalidated', page: 1 },
      summary: "A summary's cases in a place, 50 a page (deeper pages by `after`)",
      answer: { type: 'object', properties: { summary: summaryItem, ...casePageAnswer.properties } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const { em, db } = read();
        const x = summaries.find((y) => y.id === body.summaryId && mayUse(s, y));
        if (!x) throw fail(404, t(s.lang, 'msg.notFound'), 'summaryId');
        const place = await placeOf(db, s, body.scope, body.scopeId);
        const count = await summaryCount(em, analytic, s, place, x, await placeCounts(db, s, place));
        const res = await casePage(em, ctx.registry, s, place, summaryWhere(db, analytic, s, x), body.page ?? 1, count, body.after, x.placed);
        return c.json({ summary: { id: x.id, name: t(s.lang, x.label), count }, ...res });
      },
    }),
  ];
}
