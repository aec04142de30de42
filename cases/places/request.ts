import type { Context } from 'hono';
import type { JsonSchema } from '../../engine/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import { jsonBody } from '../../server/http/body.ts';
import { ApiError } from '../../server/http/errors.ts';
import { assertPermission } from '../../server/http/middleware.ts';
import type { AppContext, Env, Session } from '../../server/types.ts';

/**
 * A case-list or count request (places, summaries): the reader may read cases, the body passes
 * `schema` (400 with every error), and the reads go through `em` (the primary, or the read connection).
 * @example const { s, body, db } = await placeRequest(ctx, c, unitBody, 'unit', ctx.orm.em.fork())
 */
export async function placeRequest(ctx: AppContext, c: Context<Env>, schema: JsonSchema, id: string, em: Em) {
  const s: Session = c.get('session');
  assertPermission(s, ctx.registry.table('tbcase').meta.permission);
  const body = await jsonBody(c);
  const errors = ctx.validators.validate(`places#${id}`, schema, body, s.lang);
  if (errors.length) throw new ApiError(400, errors);
  return { s, body, em, db: kysely(em) };
}
