import { sql } from 'kysely';
import type { JsonSchema } from '../../engine/types.ts';
import { likePattern } from '../db/like.ts';
import type { AppContext, SearchHit, SearchProvider } from '../types.ts';
import { kysely } from '../db/kysely.ts';
import { defineRoute, rule, type DeclaredRoute } from '../http/define-route.ts';

/** Only the session's workspace: the workspace page a hit leads to is the current one's. */
const workspaces: SearchProvider = async (em, s, { like }) =>
  (await sql<SearchHit>`select w.id, 'WORKSPACE' as type, w.name as title, null as subtitle
     from workspace w where w.id = ${s.workspaceId} and w.name ilike ${like}`.execute(kysely(em))).rows;

const adminUnits: SearchProvider = async (em, s, { like }, limit) =>
  (await sql<SearchHit>`select a.id, 'ADMINUNIT' as type, a.name as title, p.name as subtitle
     from adminunit a left join adminunit p on p.id = a.parent_id
    where a.workspace_id = ${s.workspaceId} and (a.name ilike ${like} or a.custom_id ilike ${like})
    order by a.name limit ${limit}`.execute(kysely(em))).rows;

const units: SearchProvider = async (em, s, { like }, limit) =>
  (await sql<SearchHit>`select u.id, case when u.type = 'LAB' then 'LAB' else 'TBUNIT' end as type, u.name as title, a.name as subtitle
     from unit u left join adminunit a on a.id = u.address_admin_unit_id
    where u.workspace_id = ${s.workspaceId} and (u.name ilike ${like} or u.custom_id ilike ${like})
    order by u.name limit ${limit}`.execute(kysely(em))).rows;

/** The host's own hits: the workspace, its areas and units; domain modules add theirs (`DomainModule.search`). */
const hostProviders: SearchProvider[] = [workspaces, adminUnits, units];

const isCase = (h: SearchHit) => h.type === 'CASE_MAN' || h.type === 'CASE_WOMAN';

/**
 * At most `limit` hits, cases last. Cases keep at least half of the places when they have that
 * many, other types at least the rest; whichever side has fewer hits leaves its places to the other.
 */
export function mergeHits(hits: SearchHit[], limit: number): SearchHit[] {
  const others = hits.filter((h) => !isCase(h));
  const found = hits.filter(isCase);
  const caseCount = Math.min(found.length, Math.max(Math.floor(limit / 2), limit - others.length));
  return [...others.slice(0, limit - caseCount), ...found.slice(0, caseCount)];
}

/** What a search request may carry: the key typed, how many hits are wanted (at most 10 are given). */
const searchBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { key: { type: ['string', 'null'], maxLength: 200 }, maxResults: { type: 'integer', minimum: 1, maximum: 100 } },
};

/** `POST /api/session/search {key, maxResults}`: up to maxResults (≤ 10) hits of the session's workspace. */
export function searchRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'POST', path: '/api/session/search', rule: rule.session, summary: "The global search: cases, patients and catalogue rows in the session's view", body: searchBody, example: { key: 'Иванов', maxResults: 10 }, handler: async (c, { body }) => {
    const { key, maxResults } = body;
    const limit = Math.min(10, maxResults ?? 10);
    const text = typeof key === 'string' ? key.trim().slice(0, 100) : '';
    if (!text) return c.json([]);
    const em = ctx.orm.em.fork();
    const hits: SearchHit[] = [];
    for (const p of [...hostProviders, ...ctx.modules.searchProviders()]) hits.push(...(await p(em, c.get('session'), { text, like: likePattern(text) }, limit, ctx)));
    return c.json(mergeHits(hits, limit));
  } }),
  ];
}
