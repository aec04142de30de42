/**
 * `POST /api/sync/rows {table, ids}` — rows an offline client needs besides the feed, up to 1,000 at a
 * time, by the rule of the references naming them (server/sync/references.ts):
 * - rows of a table the session reads (`feedTables`), in its view: a case's patient registered before
 *   the case, which the feed placed nowhere — `{rows: [{table, id, version, data}]}`, each with its
 *   stored values (hidden ones too) and child rows, as the feed and the slice give them;
 * - of a table some reference names `named`, also the rows a row in the session's view names (another
 *   unit's batch a received transfer carries);
 * - accounts (`sysuser`) named by a row in the session's view, as a name only: `{login, name}` and an
 *   account that cannot log in (not active, no password, no e-mail), at version 0, so the unit's slice
 *   replaces it whole if the person joins the unit.
 * Ids the session may not have are left out of the answer, never an error: a client asks for what its
 * rows name. Bad input (`table` not a table, `ids` not uuids or more than 1,000) is 400.
 */
import { t } from '../../engine/i18n.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { kyselyByName } from '../db/kysely.ts';
import type { Em } from '../db/orm.ts';
import { ApiError } from '../http/errors.ts';
import { TableStore } from '../tbl/store.ts';
import type { AppContext, Session } from '../types.ts';
import { isSynchronised } from '../feed/types.ts';
import { feedTables } from '../feed/tables.ts';
import { ACCOUNTS, namingReferences, referenceRule, referencesOf } from './references.ts';
import { rowsOf, type SliceRow } from './slice.ts';
import { defineRoute, rule, type DeclaredRoute } from '../http/define-route.ts';

/** At most this many ids in one ask. */
export const ROWS_MAX = 1000;

const rowsBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['table', 'ids'],
  properties: {
    table: { type: 'string', maxLength: 63 },
    ids: { type: 'array', maxItems: ROWS_MAX, items: { type: 'string', format: 'uuid' } },
  },
};

/**
 * The ids among `ids` of `target` that a row in the session's view names through a reference the server
 * answers for (`named`, `name-only`), in the tables the session reads.
 * @example await namedInView(em, ctx, doctor, 'sysuser', [authorId]) // Set { authorId } when a comment of the unit's case names them
 */
export async function namedInView(em: Em, ctx: AppContext, s: Session, target: string, ids: string[]): Promise<Set<string>> {
  const readable = new Set(feedTables(ctx, s));
  const found = new Set<string>();
  for (const r of namingReferences(ctx.registry, target, isSynchronised)) {
    if (!readable.has(r.table) || found.size === ids.length) continue;
    const wanted = ids.filter((id) => !found.has(id));
    const def = ctx.registry.table(r.table);
    // which rows name them (ids only, then kept only when in the view)
    const naming = r.prop
      ? await kyselyByName(em).selectFrom(def.children.find((c) => c.prop === r.prop)!.table).select(['parent_id as row', `${r.field.column} as ref`]).where(r.field.column, 'in', wanted).execute()
      : await kyselyByName(em).selectFrom(def.name).select(['id as row', `${r.field.column} as ref`]).where('workspace_id', '=', s.workspaceId).where(r.field.column, 'in', wanted).execute();
    if (!naming.length) continue;
    const visible = new Set((await TableStore.of(ctx.registry, def, em, s, 'read').rowsByIds([...new Set(naming.map((n) => String(n.row)))])).map((v) => String(v.id)));
    for (const n of naming) if (visible.has(String(n.row))) found.add(String(n.ref));
  }
  return found;
}

/** An account as a name only: it cannot log in on the client (not active, no password). */
const nameOnly = (a: SliceRow): SliceRow => ({
  table: ACCOUNTS,
  id: a.id,
  version: 0,
  data: { login: a.data.login, name: a.data.name, email: '-', passwordHash: null, active: false, passwordExpired: false, emailConfirmed: false, sendSystemMessages: false, failedLogins: 0 },
});

/**
 * The rows of `table` among `ids` the session may have, by the rules above.
 * @example await rowsFor(ctx, doctor, 'patient', ids) // [{ table: 'patient', id, version: 3, data: { name: 'Асель', … } }]
 */
export async function rowsFor(ctx: AppContext, s: Session, table: string, ids: string[]): Promise<SliceRow[]> {
  const em = ctx.orm.em.fork();
  const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
  if (!unique.length) return [];
  if (table === ACCOUNTS) {
    const named = [...(await namedInView(em, ctx, s, table, unique))];
    return named.length ? (await rowsOf(em, ctx, table, (q) => q.where('id', 'in', named))).map(nameOnly) : [];
  }
  const def = ctx.registry.tables.get(table)!;
  const given = new Set<string>();
  if (feedTables(ctx, s).includes(table)) for (const r of await TableStore.of(ctx.registry, def, em, s, 'read').rowsByIds(unique)) given.add(String(r.id));
  const mayBeNamed = [...ctx.registry.tables.values()].flatMap(referencesOf).some((r) => r.field.ref === table && referenceRule(ctx.registry, r) === 'named');
  if (mayBeNamed && given.size < unique.length) for (const id of await namedInView(em, ctx, s, table, unique.filter((i) => !given.has(i)))) given.add(id);
  return given.size ? rowsOf(em, ctx, table, (q) => q.where('workspace_id', '=', s.workspaceId).where('id', 'in', [...given])) : [];
}

export function rowsRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'POST', path: '/api/sync/rows', rule: rule.session, summary: "Rows that an offline client's rows name, each by its reference's rule", body: rowsBody, example: { table: 'unit', ids: ['5b0d9c8e-7a6f-4e3d-8c2b-1a0f9e8d7c61'] }, handler: async (c, { body }) => {
    const s = c.get('session');
    const table = String(body.table);
    const def = ctx.registry.tables.get(table);
    if (!def || (table !== ACCOUNTS && !isSynchronised(def))) throw new ApiError(400, [{ field: 'table', msg: t(s.lang, 'msg.unknownTable') }]);
    return c.json({ rows: await rowsFor(ctx, s, table, body.ids as string[]) });
  } }),
  ];
}
