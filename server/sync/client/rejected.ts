/**
 * The local changes the server rejected (docs/sync.md): each stays on the client, its row as the user
 * left it, listed with its reason in the client's state until a user
 * - fixes it: edits the row again — the next synchronisation sends the change again with the edit folded
 *   in ({@link foldRejected}: a row made offline is still a `create`, an edit keeps the base version the
 *   rejected change had), and its new answer replaces the rejection; or
 * - discards it ({@link discardRejected}): the client's row goes back to the server's version (asked of
 *   the server), or, made offline, is removed with the rows made offline with it whose upload was
 *   rejected too (an exam of a case the server refused).
 */
import { t } from '../../../engine/i18n.ts';
import type { TableDef } from '../../../engine/types.ts';
import { systemSession } from '../../auth/system-session.ts';
import { fail } from '../../http/errors.ts';
import { systemReplicate } from '../../tbl/system-write.ts';
import { TableStore } from '../../tbl/store.ts';
import type { AppContext, Doc, Session } from '../../types.ts';
import { mayPush, type ClientChange } from '../push.ts';
import { replicaOf } from './missing.ts';
import { isProvisionalCaseNumber } from './provisional.ts';
import type { Remote } from './remote.ts';
import { readState, updateState, type RejectedChange } from './state.ts';
import { isRunning } from './running.ts';

/**
 * The batch with the rejected changes of rows edited again folded into the new changes; `resent`: the
 * rejections so sent again.
 * @example foldRejected([{ table: 'tbcase', id, op: 'update', baseVersion: 4, data: { diagnosisDate } }], [{ table: 'tbcase', id, op: 'create', data }]).batch
 *   // [{ table: 'tbcase', id, op: 'create', data: { …data, diagnosisDate } }]
 */
export function foldRejected(batch: ClientChange[], rejected: RejectedChange[]): { batch: ClientChange[]; resent: Set<string> } {
  const resent = new Set<string>();
  const out: ClientChange[] = [];
  for (const c of batch) {
    const r = rejected.find((x) => x.table === c.table && x.id === c.id);
    if (!r || r.op === 'delete') {
      out.push(c);
      continue;
    }
    resent.add(r.changeId);
    const { baseVersion: _, data: __, ...rest } = c;
    if (c.op === 'delete') {
      // made offline, refused, then deleted here: nothing to send
      if (r.op !== 'create') out.push({ ...rest, baseVersion: r.baseVersion });
      continue;
    }
    const data: Doc = { ...r.data, ...c.data };
    if (r.op === 'create' && c.table === 'tbcase' && isProvisionalCaseNumber(data.caseNumber)) delete data.caseNumber;
    out.push({ ...rest, op: r.op, ...(r.op === 'create' ? {} : { baseVersion: r.baseVersion }), data });
  }
  return { batch: out, resent };
}

/**
 * Discards a rejected change as `s` (who may make that change on the row's table, and, for an edit,
 * whose view holds the row): a row made offline is removed with the rows made with it whose creation was rejected too; a
 * row of the server gets the server's version back (`remote`: logged in as `s`'s user), or leaves the
 * client if the server no longer lets the user see it. One transaction; the rejections answered leave
 * the list.
 * @example await discardRejected(ctx, session, changeId, () => Remote.login(url, login, password, 'ru'))
 */
export async function discardRejected(ctx: AppContext, s: Session, changeId: string, remote: () => Promise<Remote>): Promise<void> {
  const em = ctx.orm.em.fork();
  const state = await readState(em, ctx);
  const r = state?.rejected.find((x) => x.changeId === changeId);
  if (!state || !r) throw fail(404, t(s.lang, 'msg.notFound'), 'changeId');
  if (isRunning(state.workspaceId)) throw fail(409, t(s.lang, 'msg.syncRunning'));
  const def = ctx.registry.apiTable(r.table);
  if (!def || !mayPush(s, def, r.op, ctx.modules)) throw fail(403, t(s.lang, 'msg.forbidden'));
  // a row of the server is discarded only by a user whose view holds it; a row made here and refused is
  // the client's own (a patient made offline is in no view once its case is discarded)
  if (r.op === 'update' && !(await TableStore.of(ctx.registry, def, em, s, 'write').read(r.id))) throw fail(404, t(s.lang, 'msg.notFound'), 'changeId');
  const serverDoc = r.op === 'create' ? undefined : await (await remote()).get<Doc>(`/api/tbl/${r.table}/${r.id}`);
  await em.fork().transactional(async (tx) => {
    const x = { em: tx, ctx, session: systemSession(state.workspaceId, '') };
    const gone = r.op === 'create' ? madeWith(ctx, state.rejected, r) : [r];
    for (const g of gone.reverse()) {
      if (g.op === 'create' || !serverDoc) await systemReplicate(x, { table: g.table, id: g.id, op: 'left', version: 0 });
      else await systemReplicate(x, { table: g.table, id: g.id, op: 'update', version: Number(serverDoc.version ?? 1), data: wholeRow(def, replicaOf(ctx, g.table, serverDoc)) });
    }
    await updateState(tx, ctx, state, { rejected: state.rejected.filter((x) => !gone.includes(x)) });
  });
}

/** The rejected creation `r` and the rejected creations naming it (and those naming them), parents first. */
function madeWith(ctx: AppContext, rejected: RejectedChange[], r: RejectedChange): RejectedChange[] {
  const out = [r];
  for (let i = 0; i < out.length; i++) {
    for (const c of rejected) {
      if (c.op !== 'create' || out.includes(c)) continue;
      const def = ctx.registry.tables.get(c.table);
      if (def?.fields.some((f) => f.ref === out[i].table && f.path.length === 1 && c.data?.[f.key] === out[i].id)) out.push(c);
    }
  }
  return out;
}

/** Every stored field of the row: those the server's copy leaves out become empty (the copy replaces the row). */
function wholeRow(def: TableDef, data: Doc): Doc {
  const out: Doc = {};
  for (const f of def.fields) if (f.path.length === 1 && f.key !== 'id' && f.kind !== 'none') out[f.key] = data[f.key] ?? null;
  for (const c of def.children) out[c.prop] = data[c.prop] ?? [];
  return out;
}

