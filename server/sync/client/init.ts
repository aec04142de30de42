import type { Lang } from '../../../engine/i18n.ts';
import type { AppContext } from '../../types.ts';
import { runSetUp } from './init-routes.ts';
import { Remote } from './remote.ts';
import { newProgress, type SetUpProgress } from './setup.ts';
import { readState, type ClientState } from './state.ts';

/**
 * Sets an offline client up from a server with a user's login (server/sync/client/setup.ts): logs in
 * there, then downloads the unit's slice and every change of the feed in the user's view, resuming an
 * interrupted set-up of the same server and unit. The user must belong to a unit (the client holds that
 * unit). `progress` is the run's progress, read as it moves (a terminal prints it). A failure throws
 * with the words for the user (a database error never: it is logged, server/sync/client/failure.ts).
 * @example await initialiseClient(ctx, { serverUrl: 'https://tb.example.org', login: 'DOCTOR1', password })
 */
export async function initialiseClient(ctx: AppContext, o: { serverUrl: string; login: string; password: string; lang?: Lang }, progress: SetUpProgress = newProgress()): Promise<ClientState> {
  const lang = o.lang ?? 'ru';
  const remote = await Remote.login(o.serverUrl, o.login, o.password, lang);
  await runSetUp(ctx, remote, o.serverUrl.replace(/\/+$/, ''), lang, progress);
  return (await readState(ctx.orm.em.fork(), ctx))!;
}
