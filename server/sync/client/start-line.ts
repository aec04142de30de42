import type { AppContext } from '../../types.ts';
import { clientInitialised } from './init-routes.ts';
import { readState } from './state.ts';

/**
 * What an offline client says when it starts, instead of a server's demo login: the server and unit it
 * holds, or where to set it up (its first page, or `npm run client:init`).
 * @example await clientStartLine(ctx, 'http://127.0.0.1:3001') // 'Offline client of https://tb.example.org: its unit's users log in with their server passwords'
 */
export async function clientStartLine(ctx: AppContext, url: string): Promise<string> {
  const state = await readState(ctx.orm.em.fork(), ctx);
  if (await clientInitialised(ctx)) return `Offline client of ${state?.serverUrl ?? 'its server'}: the unit's users log in with their server passwords\n`;
  const unfinished = state ? ` (an interrupted set-up from ${state.serverUrl} goes on where it stopped)` : '';
  return `Offline client, not set up yet${unfinished}: open ${url}/init, or run npm run client:init -- <server address> <login>\n`;
}
