import type { CmdHistoryRow } from './rows.ts';
import { sql, type SelectQueryBuilder } from 'kysely';
import { areaSubtree } from '../../server/scope/area.ts';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { MAX_ROWS, today } from './filters.ts';
import { actionName, typeName } from './labels.ts';
import { likePattern } from '../../server/db/like.ts';
import { iso, readFilter, requestZone, type ReportFilter } from './read-filter.ts';
import { limitToView } from './scope.ts';
import { accountId } from './users.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { jsonColumn } from '../../server/db/json-column.ts';

/** The entries of the session workspace the reader's view lets them see that match the filter (joins and aggregates left to the caller). */
export async function historyScope(em: Em, s: Session, f: ReportFilter) {
  const userId = await accountId(em, s, f.userId);
  let q = kysely(em).selectFrom('cmdhistory as h').where('h.workspace_id', '=', s.workspaceId).where('h.exec_date', '>=', f.ini.toISOString()) as SelectQueryBuilder<any, any, any>;
  // Only what the reader's view lets them see: their area's or unit's entries, and their users'.
  q = limitToView(q, kysely(em), s, { user: 'h.user_id', unit: 'h.unit_id', area: 'h.admin_unit_id' });
  if (f.end) q = q.where('h.exec_date', '<=', f.end);
  if (userId) q = q.where('h.user_id', '=', userId);
  if (f.type) q = q.where('h.type', '=', f.type);
  if (f.action) q = q.where('h.action', '=', f.action);
  // The area and every area below it.
  if (f.adminUnitId) q = q.where('h.admin_unit_id', 'in', areaSubtree(kysely(em), s.workspaceId, f.adminUnitId));
  if (f.searchKey) {
    const like = likePattern(f.searchKey);
    q = q.where((eb) => eb.or([eb('h.entity_name', 'ilike', like), eb(sql`h.detail::text`, 'ilike', like)]));
  }
  return q;
}

async function history(ctx: AppContext, s: Session, f: ReportFilter) {
  const em = ctx.orm.em.fork();
  const rows = await (await historyScope(em, s, f))
    .leftJoin('sysuser as u', 'u.id', 'h.user_id')
    // An entry names only its own workspace's unit and area, whatever its ids say.
    .leftJoin('unit as un', (j) => j.onRef('un.id', '=', 'h.unit_id').onRef('un.workspace_id', '=', 'h.workspace_id'))
    .leftJoin('adminunit as au', (j) => j.onRef('au.id', '=', 'h.admin_unit_id').onRef('au.workspace_id', '=', 'h.workspace_id'))
    .select([
      'h.id', 'u.name as userName', 'un.name as unitName', 'au.name as adminUnitName', 'h.exec_date as execDate',
      'h.type', 'h.action', 'h.entity_name as entityName', 'h.detail', sql<number>`count(*) over()`.as('total'),
    ])
    .orderBy('h.exec_date', 'desc')
    .orderBy('h.id')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  const list: CmdHistoryRow[] = rows.map((r: any) => ({
    id: r.id,
    userName: r.userName ?? null,
    unitName: r.unitName ?? null,
    adminUnitName: r.adminUnitName ?? null,
    execDate: iso(r.execDate),
    type: r.type,
    typeName: typeName(ctx.registry, s.lang, r.type),
    action: r.action,
    actionName: actionName(s.lang, r.action),
    entityName: r.entityName ?? null,
    detail: jsonColumn(r.detail, {}),
  }));
  return { count: rows.length ? Number((rows[0] as any).total) : 0, list };
}

/** `cmdhistory` and `todaycmdhistory` (CMDHISTORY), `cmdstatistics` (CMDSTATISTICS). */
export function cmdHistoryRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'POST', path: '/api/admin/rep/cmdhistory', rule: rule.perm('CMDHISTORY'), summary: 'The command history of a period, filtered (administrator report)', handler: async (c) => {
    const f = await readFilter(ctx, c, 'cmdhistory', ['userId', 'type', 'adminUnitId', 'searchKey']);
    return c.json(await history(ctx, c.get('session'), f));
  } }),

  defineRoute({ method: 'POST', path: '/api/admin/rep/todaycmdhistory', rule: rule.perm('CMDHISTORY'), summary: "Today's command history (administrator report)", handler: async (c) => {
    const { ini, end } = today(requestZone(c));
    return c.json(await history(ctx, c.get('session'), { ini, end, limit: MAX_ROWS, offset: 0 }));
  } }),

  // Counts over a period: by command type (with its actions) and by user, most frequent first.
  defineRoute({ method: 'POST', path: '/api/admin/rep/cmdstatistics', rule: rule.perm('CMDSTATISTICS'), summary: 'Counts of the command history by type and by user (administrator report)', handler: async (c) => {
    const s = c.get('session');
    // The same filter as the command history's.
    const f = await readFilter(ctx, c, 'cmdstatistics', ['userId', 'type', 'adminUnitId', 'searchKey']);
    const em = ctx.orm.em.fork();
    const n = sql<number>`count(*)`;
    const byAction = await (await historyScope(em, s, f)).select(['h.type', 'h.action', n.as('count')]).groupBy(['h.type', 'h.action']).execute();
    const byUser = await (await historyScope(em, s, f))
      .leftJoin('sysuser as u', 'u.id', 'h.user_id')
      .select(['h.user_id as userId', 'u.name as userName', n.as('count')])
      .groupBy(['h.user_id', 'u.name'])
      .orderBy(n, 'desc')
      .orderBy('u.name')
      .execute();
    const types = new Map<string, { type: string; typeName: string; count: number; actions: { action: string; actionName: string; count: number }[] }>();
    for (const r of byAction as any[]) {
      const entry = types.get(r.type) ?? types.set(r.type, { type: r.type, typeName: typeName(ctx.registry, s.lang, r.type), count: 0, actions: [] }).get(r.type)!;
      entry.count += Number(r.count);
      entry.actions.push({ action: r.action, actionName: actionName(s.lang, r.action), count: Number(r.count) });
    }
    const byType = [...types.values()].sort((a, b) => b.count - a.count || a.typeName.localeCompare(b.typeName));
    for (const t of byType) t.actions.sort((a, b) => b.count - a.count);
    return c.json({
      count: byType.reduce((sum, t) => sum + t.count, 0),
      byType,
      byUser: (byUser as any[]).map((r) => ({ userId: r.userId ?? null, userName: r.userName ?? null, count: Number(r.count) })),
    });
  } }),
  ];
}
