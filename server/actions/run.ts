import { t } from '../../engine/i18n.ts';
import type { TableDef } from '../../engine/types.ts';
import type { Em } from '../db/orm.ts';
import type { AppContext, Session, Doc, ActionContext, Refusal, Row, RowAction } from '../types.ts';
import { ApiError, fail } from '../http/errors.ts';
import { hasPermission } from '../http/middleware.ts';
import { TableStore } from '../tbl/store.ts';
import { writeTransaction } from '../tbl/retry.ts';
import { TableWriter } from '../tbl/write.ts';
import { checkInput } from './input.ts';

/** One line of a row's command bar. */
export interface ActionState {
  name: string;
  enabled: boolean;
  /** Why not, in the session's language (only when not enabled). */
  reason?: string;
}

const asRefusal = (r: Refusal) => (typeof r === 'string' ? { msg: r, status: 400 as const } : r);

/**
 * The row as the session sees it (workspace and read view), locked (`SELECT … FOR UPDATE`) for the
 * transaction when `lock`; 404 outside them.
 */
async function readRow(em: Em, ctx: AppContext, def: TableDef, s: Session, id: string, lock: boolean): Promise<Row> {
  const row = await TableStore.of(ctx.registry, def, em, s, 'read').read(id, { lock });
  if (!row) throw fail(404, t(s.lang, 'msg.notFound'), 'id');
  for (const h of ctx.modules.hooks(def.name)) await h.afterRead?.({ em, ctx, session: s, def, docs: [row] });
  return row;
}

/** Why the action may not run on this row for this session, if it may not. */
async function refusalOf(action: RowAction, x: ActionContext): Promise<{ msg: string; status: number } | undefined> {
  if (!hasPermission(x.session, action.permission)) return { msg: 'msg.forbidden', status: 403 };
  const r = await action.guard?.(x);
  return r === undefined ? undefined : asRefusal(r);
}

/**
 * Runs a declared action on a row in one transaction: row locked, permission, guard, input (completed from the session, then ajv: ./input.ts),
 * the change through the table writer (diff, history entry `<table>.<name>`). Answers the change's `result`.
 * `within`: a transaction of the caller's, in which the action runs as a savepoint.
 *
 * @example await runAction(ctx, session, 'userws', id, 'block', {})
 */
export async function runAction(ctx: AppContext, s: Session, table: string, id: string, name: string, input: unknown, within?: Em): Promise<unknown> {
  const def = ctx.registry.apiTable(table);
  const action = def && ctx.modules.actions(table).find((a) => a.name === name);
  if (!def || !action) throw fail(404, t(s.lang, 'msg.notFound'));
  if (!hasPermission(s, action.permission)) throw fail(403, t(s.lang, 'msg.forbidden'));
  const body = input ?? {};
  // inside a caller's transaction (an import's row): a savepoint of it
  // its own transaction is run again when the database aborts it as a deadlock's victim (server/tbl/retry.ts)
  const inTransaction = <T>(work: (em: Em) => Promise<T>) => (within ? within.transactional(work) : writeTransaction(ctx, work, `${table}.${name}`));
  const result = await inTransaction(async (em) => {
    const row = await readRow(em, ctx, def, s, id, true);
    const x: ActionContext = { em, ctx, session: s, def, id, row };
    const refused = await refusalOf(action, x);
    if (refused) throw new ApiError(refused.status as 400, [{ field: null, msg: t(s.lang, refused.msg) }]);
    // a row seen but not the user's to change (a case the unit transferred out): only the actions declared for it
    if (!action.onReadableRow && !(await TableStore.of(ctx.registry, def, em, s, 'write').exists(id))) throw fail(403, t(s.lang, 'msg.readOnlyForYou'), 'id');
    const completed = action.completeInput && body && typeof body === 'object' && !Array.isArray(body) ? action.completeInput({ ctx, session: s, input: body as Doc }) : body;
    const input = checkInput(ctx, s, action, completed);
    const change = (await action.apply({ ...x, input })) ?? {};
    const writer = new TableWriter(ctx, def, s);
    if (change.delete) await writer.delete(id, { within: em, action: name, items: change.items });
    else if (!action.rowUnchanged) await writer.update(id, change.patch ?? {}, { within: em, action: name, items: change.items, onReadableRow: action.onReadableRow });
    return change.result;
  });
  // what sessions carry (a blocked user) is reloaded by the writer when the action changes it
  return result;
}

/**
 * The actions declared on a table, as a command bar for one row: each with whether this session
 * may run it now and, if not, why (`{name, enabled, reason}`).
 *
 * @example await listActions(ctx, session, 'userws', id) // [{name: 'block', enabled: false, reason: 'Нельзя заблокировать самого себя'}, …]
 */
export async function listActions(ctx: AppContext, s: Session, table: string, id: string): Promise<ActionState[]> {
  const def = ctx.registry.apiTable(table);
  if (!def) throw fail(404, t(s.lang, 'msg.unknownTable'));
  const actions = ctx.modules.actions(table);
  const em = ctx.orm.em.fork();
  const row = await readRow(em, ctx, def, s, id, false);
  const out: ActionState[] = [];
  for (const action of actions) {
    const refused = await refusalOf(action, { em, ctx, session: s, def, id, row });
    out.push(refused ? { name: action.name, enabled: false, reason: t(s.lang, refused.msg) } : { name: action.name, enabled: true });
  }
  return out;
}
