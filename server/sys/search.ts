import type { Hono } from 'hono';
import { sql } from 'kysely';
import type { JsonSchema } from '../../engine/types.ts';
import { likePattern } from '../db/like.ts';
import type { Em } from '../db/orm.ts';
import { jsonBody } from '../http/body.ts';
import type { AppContext, Env, Session } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { hasPermission } from '../http/middleware.ts';
import { rowsInView } from '../scope/rows.ts';
import { kysely } from '../tbl/store.ts';
import { composePatientName } from './patient-name.ts';

export interface SearchHit {
  id: string;
  type: 'WORKSPACE' | 'ADMINUNIT' | 'TBUNIT' | 'LAB' | 'CASE_MAN' | 'CASE_WOMAN';
  title: string;
  subtitle?: string | null;
}

/** The key as typed (trimmed) and as an escaped `%…%` pattern for `ilike`. */
export interface SearchKey {
  text: string;
  like: string;
}

/** One source of global-search hits; domain modules may add theirs. */
export type SearchProvider = (em: Em, s: Session, key: SearchKey, limit: number, ctx: AppContext) => Promise<SearchHit[]>;

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

interface CaseRow {
  id: string;
  case_number: string | null;
  name: string;
  middle_name: string | null;
  last_name: string | null;
  gender: string;
  unit_name: string | null;
}

/**
 * Cases (CASEMAN) by the patient's name parts — every word of the key in one of name, middle name
 * or last name, so "Иванов Сергей" finds Сергей Иванов — or by the case number. Two branches, each
 * limited, instead of an OR across the join: the name branch starts from the workspace's patients
 * (workspace index) and reaches their cases by `tbcase.patient_id`'s index; the number branch reads
 * the workspace's cases. Columns are compared bare (no concatenation), so a trigram index on them
 * would serve the same query.
 */
const cases: SearchProvider = async (em, s, { text, like }, limit, ctx) => {
  if (!hasPermission(s, 'CASEMAN')) return [];
  const ws = s.workspaceId;
  // only the cases of the searcher's view (a unit-view doctor finds their unit's cases)
  const seen = rowsInView(kysely(em), ctx.registry, ctx.registry.table('tbcase'), s);
  const inView = seen ? sql`and c.id in (${seen})` : sql``;
  const words = text.split(/\s+/).filter(Boolean).slice(0, 4).map(likePattern);
  const byName = sql.join(
    words.map((w) => sql`(p.name ilike ${w} or p.middle_name ilike ${w} or p.last_name ilike ${w})`),
    sql` and `,
  );
  const rows = (await sql<CaseRow>`
    with hit as (
      (select c.id from patient p join tbcase c on c.patient_id = p.id and c.workspace_id = ${ws}
        where p.workspace_id = ${ws} and ${byName} ${inView}
        order by p.last_name, p.name limit ${limit})
      union
      (select c.id from tbcase c where c.workspace_id = ${ws} and c.case_number ilike ${like} ${inView}
        order by c.case_number limit ${limit})
    )
    select c.id, c.case_number, p.name, p.middle_name, p.last_name, p.gender, u.name as unit_name
      from hit join tbcase c on c.id = hit.id join patient p on p.id = c.patient_id
      left join unit u on u.id = c.owner_unit_id
     order by p.last_name, p.name, p.middle_name, c.case_number limit ${limit}`.execute(kysely(em))).rows;
  return rows.map((r) => ({
    id: r.id,
    type: r.gender === 'FEMALE' ? 'CASE_WOMAN' : 'CASE_MAN',
    title: composePatientName({ name: r.name, middleName: r.middle_name, lastName: r.last_name }, s.patientNameComposition),
    subtitle: [r.case_number, r.unit_name].filter(Boolean).join(' · ') || null,
  }));
};

export const searchProviders: SearchProvider[] = [workspaces, adminUnits, units, cases];

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
export function searchRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.post('/api/session/search', async (c) => {
    const body = await jsonBody(c);
    const errors = ctx.validators.validate('search#body', searchBody, body, c.get('lang'));
    if (errors.length) throw new ApiError(400, errors);
    const { key, maxResults } = body;
    const limit = Math.min(10, maxResults ?? 10);
    const text = typeof key === 'string' ? key.trim().slice(0, 100) : '';
    if (!text) return c.json([]);
    const em = ctx.orm.em.fork();
    const hits: SearchHit[] = [];
    for (const p of searchProviders) hits.push(...(await p(em, c.get('session'), { text, like: likePattern(text) }, limit, ctx)));
    return c.json(mergeHits(hits, limit));
  });
}
