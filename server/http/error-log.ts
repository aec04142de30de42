import type { Context } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { AppContext, Env } from './context.ts';
import { kysely } from '../tbl/store.ts';

/** Replaces every value whose key mentions a password, at any depth. */
export function maskPasswords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPasswords);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, /pass|pwd/i.test(k) ? '******' : maskPasswords(v)]));
  }
  return value;
}

async function requestBody(c: Context<Env>): Promise<string | null> {
  try {
    const text = await c.req.text();
    if (!text) return null;
    try {
      return JSON.stringify(maskPasswords(JSON.parse(text)));
    } catch {
      return text.slice(0, 10_000);
    }
  } catch {
    return null;
  }
}

/**
 * The answer to an unexpected error: it is stored in the error log (outside the failed transaction)
 * and the user gets only a 500 with the entry's id — never the stack.
 */
export async function logServerError(ctx: AppContext, c: Context<Env>, err: Error) {
  const id = crypto.randomUUID();
  const session = c.get('session');
  try {
    await kysely(ctx.orm.em.fork())
      .insertInto('errorlog')
      .values({
        id,
        error_date: new Date(),
        exception_class: err.constructor?.name ?? 'Error',
        url: `${c.req.method} ${c.req.path}`.slice(0, 2000),
        user_id: session?.userId ?? null,
        user_name: session?.userName ?? null,
        workspace_id: session?.workspaceId ?? null,
        workspace_name: session?.workspaceName ?? null,
        exception_message: String(err.message ?? err),
        request: await requestBody(c),
        stack_trace: err.stack ?? null,
      })
      .execute();
  } catch (logErr) {
    console.error('error log write failed', logErr);
  }
  console.error(`[error ${id}]`, err);
  const lang = c.get('lang') ?? 'ru';
  return c.json({ success: false, errors: [{ field: null, msg: t(lang, 'msg.serverError', { id }) }], errorId: id }, 500);
}
