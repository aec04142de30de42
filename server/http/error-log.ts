import type { Context } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { AppContext, Env } from '../types.ts';
import { routePath } from 'hono/route';
import { kysely } from '../db/kysely.ts';
import { log } from '../log.ts';

/** Replaces every value whose key mentions a password, at any depth. */
export function maskPasswords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPasswords);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, /pass|pwd/i.test(k) ? '******' : maskPasswords(v)]));
  }
  return value;
}

/** The values of the password-like fields of a request, to blank them wherever an error echoes them. */
function secretsOf(value: unknown, out: string[] = []): string[] {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (/pass|pwd/i.test(k) && typeof v === 'string' && v) out.push(v);
      else secretsOf(v, out);
    }
  }
  return out;
}

/** How much of a failed request's body the error log keeps. */
export const storedBodyChars = 8192;

/**
 * `text` cut to `max` characters, saying so and how long it was; NUL characters (which PostgreSQL
 * text cannot hold) dropped.
 *
 * @example
 *   bounded('x'.repeat(10_000), 8192) // 'xxx…x\n… [cut: 10000 characters in all]'
 */
export function bounded(text: string, max: number): string {
  const clean = text.replace(/\u0000/g, '');
  if (clean.length <= max) return clean;
  const end = /[\ud800-\udbff]/.test(clean[max - 1]) ? max - 1 : max;
  return `${clean.slice(0, end)}\n… [cut: ${clean.length} characters in all]`;
}

async function requestBody(c: Context<Env>): Promise<{ text: string | null; secrets: string[] }> {
  try {
    const text = await c.req.text();
    if (!text) return { text: null, secrets: [] };
    try {
      const body = JSON.parse(text);
      return { text: bounded(JSON.stringify(maskPasswords(body)), storedBodyChars), secrets: secretsOf(body) };
    } catch {
      return { text: bounded(text, storedBodyChars), secrets: [] };
    }
  } catch {
    return { text: null, secrets: [] };
  }
}

/** A class-like name worth showing: not a minifier's `N`/`Qe`, not pg's message type `error`. */
const meaningful = (name: unknown): name is string => typeof name === 'string' && /^[A-Z_$][\w$]{2,}$/.test(name);

/**
 * What the error log shows as the exception class: the error's `name` (or its class's, when the
 * name is only `Error`), skipping minified names (PGlite's bundle calls its DatabaseError `N`), plus
 * PostgreSQL's SQLSTATE when the error carries one — `DatabaseError 42703`.
 */
export function exceptionClass(err: unknown): string {
  if (!err || typeof err !== 'object') return 'Error';
  const e = err as { name?: unknown; code?: unknown; constructor?: { name?: unknown } };
  const names = [e.name, e.constructor?.name].filter(meaningful);
  const sqlState = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
  const name = names.find((n) => n !== 'Error') ?? names[0] ?? (sqlState ? 'DatabaseError' : 'Error');
  return (sqlState ? `${name} ${sqlState}` : name).slice(0, 200);
}

const blank = (text: string | undefined, secrets: string[]) => secrets.reduce((t, s) => t.split(s).join('******'), text ?? '');

/**
 * The answer to an unexpected error: it is stored in the error log (outside the failed transaction)
 * under the request's id, written to the server's log with that id, and the user gets only a 500
 * naming it — never the stack. One id finds the three.
 */
export async function logServerError(ctx: AppContext, c: Context<Env>, err: Error) {
  const id = c.get('requestId') ?? crypto.randomUUID();
  const session = c.get('session');
  const body = await requestBody(c);
  try {
    await kysely(ctx.orm.em.fork())
      .insertInto('errorlog')
      .values({
        id,
        error_date: new Date(),
        exception_class: exceptionClass(err),
        url: `${c.req.method} ${c.req.path}`.slice(0, 2000),
        user_id: session?.userId ?? null,
        user_name: session?.userName ?? null,
        workspace_id: session?.workspaceId ?? null,
        workspace_name: session?.workspaceName ?? null,
        exception_message: bounded(blank(String(err.message ?? err), body.secrets), storedBodyChars),
        request: body.text,
        stack_trace: bounded(blank(err.stack, body.secrets), 4 * storedBodyChars) || null,
      })
      .execute();
  } catch (logErr) {
    log.error({ err: logErr }, 'error log write failed');
  }
  log.error({ err: { type: exceptionClass(err), message: blank(String(err.message ?? err), body.secrets), stack: blank(err.stack, body.secrets) }, method: c.req.method, route: routePath(c) }, 'server error');
  const lang = c.get('lang') ?? 'ru';
  return c.json({ success: false, errors: [{ field: null, msg: t(lang, 'msg.serverError', { id }) }], errorId: id }, 500);
}
