import { t } from '../../engine/i18n.ts';
import type { JsonSchema } from '../../engine/types.ts';
import type { Context } from 'hono';
import type { AppContext, Env } from '../../server/types.ts';
import { fail, isUuid } from '../../server/http/errors.ts';
import { todayOf } from '../../server/http/time-zone.ts';
import { placeCounts, tagCounts } from './counts.ts';
import { casePage, type CasePage } from './lists.ts';
import { placeOf, type Place } from './place.ts';
import { sql } from 'kysely';
import { kysely } from '../../server/db/kysely.ts';
import { ACTIVE_TABS, type ActiveTab } from './summaries.ts';
import { taggedPageInUnit } from './tag-page.ts';
import { childNodes, rootNode } from './tree.ts';
import { unitWorklist } from './worklist.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';

const uuid = { type: 'string', format: 'uuid' };
const page = { type: 'integer', minimum: 1, maximum: 200 };
const after = { type: 'string', maxLength: 2000 };
const unitBody: JsonSchema = { type: 'object', additionalProperties: false, properties: { tab: { type: 'string', enum: Object.keys(ACTIVE_TABS) }, page, after } };
const tagBody: JsonSchema = { type: 'object', additionalProperties: false, required: ['tagId'], properties: { tagId: uuid, unitId: uuid, adminUnitId: uuid, page, after } };
/** The calls that take no body but `{}`. */
const noBody: JsonSchema = { type: 'object', additionalProperties: false };

/** The tag type the side menu styles by: MANUAL, AUTO, or AUTODANGER (a consistency check). */
const tagType = (r: Record<string, unknown>) => (!r.auto_generated ? 'MANUAL' : r.consistency_check ? 'AUTODANGER' : 'AUTO');

/**
 * Case lists and places: every count and list
 * is the place named narrowed to the reader's view (`place.ts`), whatever the request sends; counts
 * come from the tables the triggers keep (`counts.ts`), lists from the table store (`lists.ts`).
 * All need CASEMAN (reading cases).
 */
export function placeRoutes(ctx: AppContext): DeclaredRoute[] {
  /** The session and the primary's connection (the host checked CASEMAN and the body). */
  const read = (c: Context<Env>) => {
    const em = ctx.orm.em.fork();
    return { s: c.get('session'), em, db: kysely(em) };
  };

  /**
   * `POST /api/cases/unit/{unitId} {tab?, page?}` → `{unit, defaultTab, presumptives, tbCases,
   * drtbCases}`, each `{count, list, next}`: the unit's open suspects, TB and DR-TB cases — with the
   * page of the tab asked, or else the first page of the default tab (suspects when there are any,
   * else TB); the other tabs carry their counts only.
   */
  return [
  defineRoute({ method: 'POST', path: '/api/cases/unit/:unitId', rule: rule.perm('CASEMAN'), summary: "A unit's case list (a tab: suspects, TB, DR-TB, closed…), a page", body: unitBody, example: { tab: 'tbCases', page: 1 }, handler: async (c, { body }) => {
    const { s, em, db } = read(c);
    const unitId = c.req.param('unitId');
    if (!isUuid(unitId)) throw fail(400, t(s.lang, 'msg.badId'), 'unitId');
    const place: Place = { kind: 'unit', unitId };
    // the unit and its counts read side by side (two pool connections): an unknown unit counts nothing
    const [unit, counts] = await Promise.all([
      db.selectFrom('unit').select(['id', 'name', 'type']).where('id', '=', unitId).where('workspace_id', '=', s.workspaceId).executeTakeFirst(),
      placeCounts(db, s, place),
    ]);
    if (!unit) throw fail(404, t(s.lang, 'msg.notFound'), 'unitId');
    const defaultTab: ActiveTab = counts.suspect > 0 ? 'presumptives' : 'tbCases';
    const shown: ActiveTab = body.tab ?? defaultTab;
    const out: Record<string, unknown> = { unit, defaultTab };
    for (const [tab, def] of Object.entries(ACTIVE_TABS) as [ActiveTab, (typeof ACTIVE_TABS)[ActiveTab]][]) {
      const count = counts[def.count];
      out[tab] = tab === shown ? await casePage(em, ctx.registry, s, place, def.where, body.page ?? 1, count, body.after) : ({ count, list: [], next: null } satisfies CasePage);
    }
    return c.json(out);
  } }),

  /**
   * `POST /api/cases/unit/{unitId}/worklist` → the unit's worklist (`worklist.ts`): `{missedDoses,
   * examsDue, noOutcome, truncated}`, on the user's today (`todayOf`).
   */
  defineRoute({ method: 'POST', path: '/api/cases/unit/:unitId/worklist', rule: rule.perm('CASEMAN'), summary: "A unit's worklist: missed doses, exams due, treatments past their end", body: noBody, example: {}, handler: async (c) => {
    const { s, db } = read(c);
    const unitId = c.req.param('unitId');
    if (!isUuid(unitId)) throw fail(400, t(s.lang, 'msg.badId'), 'unitId');
    await placeOf(db, s, 'UNIT', unitId);
    return c.json(await unitWorklist(db, ctx.registry, s, unitId, todayOf(s)));
  } }),

  /** `POST /api/cases/tag/query {tagId, unitId | adminUnitId, page}` → `{tag: {id, name, type}, count, list, next}` (50 a page). */
  defineRoute({ method: 'POST', path: '/api/cases/tag/query', rule: rule.perm('CASEMAN'), summary: 'The cases of a tag in a place, a page', body: tagBody, example: { tagId: '5b0d9c8e-7a6f-4e3d-8c2b-1a0f9e8d7c61', unitId: '8c5e2a40-2f4c-4a52-9d3e-1f6b7c8d9e01', page: 1 }, handler: async (c, { body }) => {
    const { s, em, db } = read(c);
    // the tag and the place read side by side (two pool connections); an unknown tag answers first
    const [tag, placeOrError] = await Promise.all([
      db.selectFrom('tag').select(['id', 'name', 'auto_generated', 'consistency_check']).where('id', '=', body.tagId).where('workspace_id', '=', s.workspaceId).executeTakeFirst(),
      placeOf(db, s, body.unitId ? 'UNIT' : body.adminUnitId ? 'ADMINUNIT' : 'WORKSPACE', body.unitId ?? body.adminUnitId).catch((e: Error) => e),
    ]);
    if (!tag) throw fail(404, t(s.lang, 'msg.notFound'), 'tagId');
    if (placeOrError instanceof Error) throw placeOrError;
    const place = placeOrError;
    const count = (await tagCounts(db, s, place, body.tagId)).get(body.tagId) ?? 0;
    // a unit's page from the index of the tag's cases there (`tag-page.ts`); wider places probe each case
    const tagged = place.kind === 'unit'
      ? taggedPageInUnit(db, s, body.tagId, place.unitId, body.page ?? 1, body.after)
      : (q: any) => q.where((eb: any) => eb.exists(db.selectFrom('casetag as l').select('l.id').where('l.case_id', '=', sql.ref<string>('t.id')).where('l.tag_id', '=', body.tagId).where('l.workspace_id', '=', s.workspaceId)));
    const res = await casePage(em, ctx.registry, s, place, tagged, body.page ?? 1, count, body.after);
    return c.json({ tag: { id: tag.id, name: tag.name, type: tagType(tag) }, ...res });
  } }),

  /** `POST /api/cases/view[?adminUnitId=]` → the root node of the area tree (the workspace, or the area). */
  defineRoute({ method: 'POST', path: '/api/cases/view', rule: rule.perm('CASEMAN'), summary: "The counts of a place (workspace, area, unit) in the reader's view", body: noBody, example: {}, handler: async (c) => {
    const { s, db } = read(c);
    const areaId = c.req.query('adminUnitId');
    if (areaId !== undefined && !isUuid(areaId)) throw fail(400, t(s.lang, 'msg.badId'), 'adminUnitId');
    const root = await rootNode(db, s, areaId);
    if (!root) throw fail(404, t(s.lang, 'msg.notFound'), 'adminUnitId');
    return c.json(root);
  } }),

  /** `POST /api/cases/view/places?parentId=` → the child nodes of the workspace or an area. */
  defineRoute({ method: 'POST', path: '/api/cases/view/places', rule: rule.perm('CASEMAN'), summary: "The area tree with its counts in the reader's view", body: noBody, example: {}, handler: async (c) => {
    const { s, db } = read(c);
    const parentId = c.req.query('parentId');
    if (!parentId || !isUuid(parentId)) throw fail(400, t(s.lang, 'msg.badId'), 'parentId');
    if (parentId !== s.workspaceId) {
      const area = await db.selectFrom('adminunit').select('id').where('id', '=', parentId).where('workspace_id', '=', s.workspaceId).executeTakeFirst();
      if (!area) throw fail(404, t(s.lang, 'msg.notFound'), 'parentId');
    }
    return c.json(await childNodes(db, s, parentId));
  } }),
  ];
}
