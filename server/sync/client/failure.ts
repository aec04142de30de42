/**
 * What a user is told when the offline client's work with its server fails (a set-up, a
 * synchronisation): never a raw database error. A refusal or an unreachable server is already said in
 * the user's language by the connection (server/sync/client/remote.ts) and keeps its words; anything
 * else is written to the error log with an id, and the user gets what happened in plain words, what to
 * do, and the id to give the administrator.
 */
import { t, type Lang } from '../../../engine/i18n.ts';
import { kysely } from '../../db/kysely.ts';
import { ApiError } from '../../http/errors.ts';
import { exceptionClass } from '../../http/error-log.ts';
import type { AppContext } from '../../types.ts';

/** An error whose message is for the user as it is (the server's refusal, the network). */
export class SaidError extends Error {}

/**
 * The message for the user, the unexpected failures logged (`what`: the work, as the log's place).
 * @example await failureMessage(ctx, e, 'ru', 'setup') // 'Не удалось записать … (код ошибки 1f0c…)'
 */
export async function failureMessage(ctx: AppContext, e: unknown, lang: Lang, what: 'setup' | 'sync'): Promise<string> {
  const retry = t(lang, what === 'setup' ? 'msg.syncSetUpRetry' : 'msg.syncRetry');
  if (e instanceof ApiError) return `${e.errors.map((x) => x.msg).join('; ')}. ${retry}`;
  if (e instanceof SaidError || (e as { said?: boolean })?.said) return `${(e as Error).message}. ${retry}`;
  const id = crypto.randomUUID();
  const err = e as Error;
  console.error(`[error ${id}] offline client ${what}:`, err);
  try {
    await kysely(ctx.orm.em.fork())
      .insertInto('errorlog')
      .values({
        id, error_date: new Date(), exception_class: exceptionClass(err), url: `offline client: ${what}`,
        exception_message: String(err?.message ?? err).replace(/\u0000/g, '').slice(0, 8192),
        stack_trace: err?.stack ? err.stack.replace(/\u0000/g, '').slice(0, 4 * 8192) : null,
      })
      .execute();
  } catch (logErr) {
    console.error('error log write failed', logErr);
  }
  return t(lang, what === 'setup' ? 'msg.syncSetUpFailed' : 'msg.syncFailed', { id });
}
