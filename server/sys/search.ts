import type { Hono } from 'hono';
import { sql } from 'kysely';
import type { Em } from '../db/orm.ts';
import { jsonBody } from '../http/body.ts';
import type { AppContext, Env, Session } from '../http/context.ts';
import { kysely } from '../tbl/store.ts';

export interface SearchHit {
  id: string;
  type: 'WORKSPACE' | 'ADMINUNIT' | 'TBUNIT' | 'LAB' | 'CASE_MAN' | 'CASE_WOMAN';
  title: string;
  subtitle?: string | null;
}

/** One source of global-search hits; domain modules (cases) add theirs. */
export type SearchProvider = (em: Em, s: Session, like: string, limit: number) => Promise<SearchHit[]>;

const workspaces: SearchProvider = async (em, s, like, limit) =>
  (await sql<SearchHit>`select w.id, 'WORKSPACE' as type, w.name as title, null as subtitle
     from workspace w join userws uw on uw.workspace_id = w.id and uw.user_id = ${s.userId}
    where w.name ilike ${like} order by w.name limit ${limit}`.execute(kysely(em))).rows;

const adminUnits: SearchProvider = async (em, s, like, limit) =>
  (await sql<SearchHit>`select a.id, 'ADMINUNIT' as type, a.name as title, p.name as subtitle
     from adminunit a left join adminunit p on p.id = a.parent_id
    where a.workspace_id = ${s.workspaceId} and (a.name ilike ${like} or a.custom_id ilike ${like})
    order by a.name limit ${limit}`.execute(kysely(em))).rows;

const units: SearchProvider = async (em, s, like, limit) =>
  (await sql<SearchHit>`select u.id, case when u.type = 'LAB' then 'LAB' else 'TBUNIT' end as type, u.name as title, a.name as subtitle
     from unit u left join adminunit a on a.id = u.address_admin_unit_id
    where u.workspace_id = ${s.workspaceId} and (u.name ilike ${like} or u.custom_id ilike ${like})
    order by u.name limit ${limit}`.execute(kysely(em))).rows;

export const searchProviders: SearchProvider[] = [workspaces, adminUnits, units];

/** `POST /api/session/search {key, maxResults}`: up to maxResults (≤ 10) hits, cases last. */
export function searchRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.post('/api/session/search', async (c) => {
    const { key, maxResults } = await jsonBody(c);
    const limit = Math.min(10, Math.max(1, Number(maxResults) || 10));
    const text = typeof key === 'string' ? key.trim().slice(0, 100) : '';
    if (!text) return c.json([]);
    const like = `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const em = ctx.orm.em.fork();
    const hits: SearchHit[] = [];
    for (const p of searchProviders) hits.push(...(await p(em, c.get('session'), like, limit)));
    const isCase = (h: SearchHit) => h.type.startsWith('CASE_');
    return c.json([...hits.filter((h) => !isCase(h)), ...hits.filter(isCase)].slice(0, limit));
  });
}
