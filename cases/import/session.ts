import { loadIdentity } from '../../server/auth/load-session.ts';
import type { Em } from '../../server/db/orm.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import type { Session } from '../../server/types.ts';
import type { ImportJob } from './job-store.ts';

/** Who may upload and run an import. */
export const IMPORT_PERMISSION = 'CASE_IMPORT';

/**
 * The session an import's rows are written as: its uploader as they are now (reloaded for each chunk,
 * so a user blocked or stripped of the right stops their import), in the language and time zone of the
 * upload; undefined when they may no longer import.
 * @example const s = await jobSession(em, job) // { userId, permissions, …, lang: 'ru' }
 */
export async function jobSession(em: Em, job: ImportJob): Promise<Session | undefined> {
  const identity = await loadIdentity(em, job.userId, job.userwsId, job.workspaceId);
  if (!identity) return undefined;
  const s: Session = { ...identity, sessionId: `import:${job.id}`, lang: job.lang, timeZone: job.timeZone ?? identity.workspaceTimeZone ?? undefined };
  return hasPermission(s, IMPORT_PERMISSION) ? s : undefined;
}
