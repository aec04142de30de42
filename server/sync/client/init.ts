import type { Lang } from '../../../engine/i18n.ts';
import type { AppContext } from '../../types.ts';
import { Remote } from './remote.ts';
import { initialise } from './run.ts';
import type { ClientState } from './state.ts';

/**
 * Initialises an offline client's empty database from a server with a user's login: logs in there,
 * then downloads the unit's slice and every change of the feed in the user's view (`progress` told
 * the rows received after each page). The user must belong to a unit (the client holds that unit).
 * @example await initialiseClient(ctx, { serverUrl: 'https://tb.example.org', login: 'DOCTOR1', password }, (n) => console.log(n))
 */
export async function initialiseClient(ctx: AppContext, o: { serverUrl: string; login: string; password: string; lang?: Lang }, progress?: (received: number) => void): Promise<ClientState> {
  const remote = await Remote.login(o.serverUrl, o.login, o.password, o.lang ?? 'ru');
  return initialise(ctx, remote, o.serverUrl.replace(/\/+$/, ''), progress);
}
