/**
 * The conflicts on an offline client (docs/sync.md › Conflicts): the server logs them (server/sync/
 * conflicts.ts); at the end of every synchronisation the client asks for those of the cases its user
 * sees — open, or resolved in the last 30 days — and keeps them in its state, so the case page and the
 * sync page show them offline too: the field, both values as labels in the reader's language (from the
 * client's own catalogues), who changed each side and when, and the value now kept. Keeping one is
 * done on the server, as the user, when the client is online: their password, checked there.
 */
import type { Lang } from '../../../engine/i18n.ts';
import type { AppContext } from '../../types.ts';
import { labelConflicts, type ConflictView } from '../conflicts.ts';
import type { Remote } from './remote.ts';
import { readState, updateState, type ClientState } from './state.ts';

/**
 * Replaces the kept conflicts by the server's list of them (kept as they were when the server has
 * no such list: an older release).
 * @example await refreshConflicts(ctx, remote, state)
 */
export async function refreshConflicts(ctx: AppContext, remote: Remote, state: ClientState): Promise<void> {
  const answer = await remote.get<{ list: ConflictView[] }>('/api/sync/conflicts/recent');
  if (answer) await updateState(ctx.orm.em.fork(), ctx, state, { conflicts: answer.list });
}

/**
 * The kept conflicts (of one case: `rootId`), newest first as the server listed them, labelled in `lang`.
 * @example await keptConflicts(ctx, 'ru', caseId) // [{ field: 'registrationGroup', serverText: 'Новый случай', … }]
 */
export async function keptConflicts(ctx: AppContext, lang: Lang, rootId?: string): Promise<ConflictView[]> {
  const em = ctx.orm.em.fork();
  const list = ((await readState(em, ctx))?.conflicts ?? []).filter((c) => !rootId || c.rootId === rootId);
  return labelConflicts(em, ctx, lang, list.map((c) => ({ ...c })));
}

/**
 * Keeps one value of a conflict on the server as the user (`login`: logged in with their password),
 * then takes the server's list again: the conflict shows as resolved; a client's value kept reaches
 * this client's copy of the row with the next synchronisation.
 * @example await keepOnServer(ctx, conflictId, 'client', () => Remote.login(url, 'DOCTOR1', password, 'ru'))
 */
export async function keepOnServer(ctx: AppContext, id: string, keep: 'server' | 'client', login: () => Promise<Remote>): Promise<void> {
  const state = await readState(ctx.orm.em.fork(), ctx);
  if (!state) return;
  const remote = await login();
  await remote.post(`/api/sync/conflicts/${encodeURIComponent(id)}/keep`, { keep });
  await refreshConflicts(ctx, remote, state);
}
