import type { Context } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { TableDef } from '../../engine/types.ts';
import type { AppContext, Env } from '../types.ts';
import { fail, isUuid } from '../http/errors.ts';
import { assertPermission } from '../http/middleware.ts';
import { writePermission, type WriteOp } from '../../engine/write-permission.ts';

/**
 * The table a request names, if the generic API serves it, after the permission check: reading
 * (`false`) needs `x-table.permission`; a write (`create`, `update`, `delete`) the permission
 * `x-table.write` names for it, else `<permission>_EDT` (engine/write-permission.ts).
 */
export function tableFor(ctx: AppContext, c: Context<Env>, write: false | WriteOp): TableDef {
  const def = ctx.registry.apiTable(c.req.param('table') ?? '');
  const s = c.get('session');
  if (!def) throw fail(404, t(s.lang, 'msg.unknownTable'));
  if (!write && def.meta.read === 'any') return def;
  assertPermission(s, write ? writePermission(def.meta, write) : def.meta.permission);
  return def;
}

export function idParam(c: Context<Env>): string {
  const id = c.req.param('id');
  if (!isUuid(id)) throw fail(400, t(c.get('lang'), 'msg.badId'), 'id');
  return id;
}
