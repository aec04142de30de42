// What the server logged for a 500, for a test's failure message: CI shows a failing test's message,
// not the server's log lines printed minutes earlier.
import { kysely } from '../../server/db/kysely.ts';
import type { RunningServer } from '../../app/start.ts';

/**
 * The error log's class and message of the 500 whose answer is `body` (its `errorId`; the answer's
 * object or its text), or '' when the answer names none.
 * @example if (r.status === 500) throw new Error(`save failed: ${await loggedError(server, r.body)}`);
 */
export async function loggedError(server: RunningServer, body: unknown): Promise<string> {
  const parsed = typeof body === 'string' ? parseOrNull(body) : body;
  const id = (parsed as { errorId?: unknown } | null)?.errorId;
  if (typeof id !== 'string') return '';
  try {
    const row = await kysely(server.ctx.orm.em.fork())
      .selectFrom('errorlog')
      .select(['exception_class', 'exception_message', 'stack_trace'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? `[logged: ${row.exception_class}: ${row.exception_message}\n${(row.stack_trace ?? '').split('\n').slice(0, 8).join('\n')}]` : '';
  } catch (err) {
    return `[error log unreadable: ${(err as Error).message}]`;
  }
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
