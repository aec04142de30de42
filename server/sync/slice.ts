/**
 * `POST /api/sync/slice {password?}`: what an offline client of the session's unit needs besides the
 * change feed to let the unit's users work offline — the workspace's row, the unit's users (their
 * accounts and workspace memberships), the workspace's profiles (the permissions the memberships name)
 * and its places (areas and units) and its tags. The feed does not carry them: they are outside a
 * doctor's readable tables, and accounts belong to no workspace. Asked at the client's initialisation
 * and again at each synchronisation (a password changed on the server reaches the client). Only for a
 * session with a unit; each row with its version (docs/sync.md).
 *
 * The password hashes (so the users log in on the client) go only to a caller who proves the session
 * with their password — checked and counted as a login's — and only of the unit's users whose rights
 * do not exceed the caller's (the rule of setting a user's password, `exceeds`), never an
 * administrator's (of the workspace or the system): a session alone (a script in a page, a stolen
 * cookie) gets the accounts without any hash, and a doctor gets no hash of a user who may do more
 * (docs/security.md).
 */
import { exceeds, rightsOf } from '../auth/rights.ts';
import { t } from '../../engine/i18n.ts';
import { assertMayTryLogin, recordAttempt } from '../auth/login-limits.ts';
import { verifyPassword } from '../auth/password.ts';
import { kysely, kyselyByName } from '../db/kysely.ts';
import type { Em } from '../db/orm.ts';
import { jsonBody } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { ApiError, fail } from '../http/errors.ts';
import { rowToDoc } from '../tbl/rows.ts';
import { loadChildren } from '../tbl/store/children.ts';
import type { AppContext, Doc, Session } from '../types.ts';
import { defineRoute, rule, type DeclaredRoute } from '../http/define-route.ts';

/** One row of the slice: its table, id, version and stored values (hidden ones too). */
export interface SliceRow {
  table: string;
  id: string;
  version: number;
  data: Doc;
}

/** The rows of a table `where` picks, as slice rows (their stored values, hidden ones too, and child rows). */
export async function rowsOf(em: Em, ctx: AppContext, table: string, where: (q: any) => any): Promise<SliceRow[]> {
  const def = ctx.registry.table(table);
  const rows = await where(kyselyByName(em).selectFrom(table).selectAll()).execute();
  const docs = rows.map((r: Record<string, unknown>) => ({ id: String(r.id), ...rowToDoc(def.fields, r, { hidden: true }) }));
  await loadChildren(def, em, docs);
  const versions = new Map<string, number>(rows.map((r: Record<string, unknown>) => [String(r.id), Number(r.version ?? 1)]));
  return docs.map((d: Doc) => {
    const { id, ...data } = d;
    return { table, id: String(id), version: versions.get(String(id)) ?? 1, data };
  });
}

/**
 * Whether the caller proved the session with their password: none given → false; a wrong one → 400 on
 * `password` (the login's limits and counts apply: a session guesses no faster than the login form).
 */
async function passwordProved(em: Em, s: Session, ip: string, password: unknown): Promise<boolean> {
  if (password === undefined) return false;
  if (typeof password !== 'string' || !password) throw new ApiError(400, [{ field: 'password', msg: t(s.lang, 'msg.required') }]);
  await assertMayTryLogin(em, s.userLogin, ip, s.lang, 'password');
  const u = await kysely(em).selectFrom('sysuser').select('password_hash').where('id', '=', s.userId).executeTakeFirstOrThrow();
  const ok = await verifyPassword(u.password_hash as string | null, password);
  await recordAttempt(em, s.userLogin, ok, ip);
  if (!ok) throw new ApiError(400, [{ field: 'password', msg: t(s.lang, 'msg.wrongPassword') }]);
  return true;
}

/**
 * The accounts whose password hash the caller may take to an offline client: the unit's members who
 * are no administrator and whose rights do not exceed the caller's (the caller's own, unless an
 * administrator).
 */
async function hashesFor(em: Em, s: Session, members: SliceRow[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const m of members) {
    const rights = await rightsOf(em, s, m.data);
    if (!rights.administrator && !rights.sysadmin && !exceeds(rights, s)) out.add(String(m.data.userId));
  }
  return out;
}

export function sliceRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'POST', path: '/api/sync/slice', rule: rule.session, summary: "An offline client's slice of the session's unit (users, places, tags)", handler: async (c) => {
    const s = c.get('session');
    if (!s.unitId) throw fail(400, t(s.lang, 'msg.syncNoUnit'));
    const em = ctx.orm.em.fork();
    const proved = await passwordProved(em, s, clientIp(c, ctx.config.trustProxy), (await jsonBody(c)).password);
    const ws = s.workspaceId;
    const members = await rowsOf(em, ctx, 'userws', (q) => q.where('workspace_id', '=', ws).where('unit_id', '=', s.unitId).where((w: any) => w.or([w('pending', 'is', null), w('pending', '=', false)])));
    const userIds = members.map((m) => String(m.data.userId));
    const withHash = proved ? await hashesFor(em, s, members) : new Set<string>();
    const accounts = userIds.length ? await rowsOf(em, ctx, 'sysuser', (q) => q.where('id', 'in', userIds)) : [];
    // withheld as null, not left out: a client holding an older hash of a changed account drops it
    for (const a of accounts) if (!withHash.has(a.id)) a.data.passwordHash = null;
    const slice = [
      ...(await rowsOf(em, ctx, 'workspace', (q) => q.where('id', '=', ws))),
      ...(await rowsOf(em, ctx, 'userprofile', (q) => q.where('workspace_id', '=', ws))),
      // the places the memberships name (the feed brings them too: the same rows, the same versions)
      ...(await rowsOf(em, ctx, 'countrystructure', (q) => q.where('workspace_id', '=', ws))),
      ...(await rowsOf(em, ctx, 'adminunit', (q) => q.where('workspace_id', '=', ws))),
      ...(await rowsOf(em, ctx, 'unit', (q) => q.where('workspace_id', '=', ws))),
      // the tags the cases' tag links name (a doctor may not read the tag catalogue)
      ...(await rowsOf(em, ctx, 'tag', (q) => q.where('workspace_id', '=', ws))),
      ...accounts,
      ...members,
    ];
    return c.json({ workspaceId: ws, workspaceName: s.workspaceName, unitId: s.unitId, rows: slice });
  } }),
  ];
}
