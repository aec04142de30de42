/**
 * The offline client's first start from the browser (docs/sync.md), before any user exists on it — so
 * without a session, and only in client mode while it is not initialised:
 * - `GET /api/offline/client/init` — `{clientMode, initialised, running, phase, received, total, fetched,
 *   resumed, secondsLeft?, error?, unfinished?}`: the set-up page polls it — the phase, the feed's rows
 *   received of the total the server announced, related rows fetched, the time left at this run's rate,
 *   whether it resumed an interrupted set-up; `error`: why the last try failed, in words for the user;
 *   `unfinished: {serverUrl, received}`: a set-up that stopped (killed, failed) and will resume;
 * - `POST /api/offline/client/init {serverUrl, login, password}` — logs in on the server as that user
 *   (a wrong password: 400 with the server's message) and starts the set-up (server/sync/client/setup.ts),
 *   answering once it runs; 409 'Клиент уже инициализирован' once initialised (or while one runs).
 * What `npm run client:init` does from a terminal.
 */
import { t, type Lang } from '../../../engine/i18n.ts';
import type { JsonSchema } from '../../../engine/types.ts';
import { kysely } from '../../db/kysely.ts';
import { ApiError, fail } from '../../http/errors.ts';
import type { AppContext } from '../../types.ts';
import { failureMessage } from './failure.ts';
import { Remote } from './remote.ts';
import { isInitialised, newProgress, secondsLeft, setUp, type SetUpProgress } from './setup.ts';
import { readState, updateState } from './state.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../http/define-route.ts';

const initBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['serverUrl', 'login', 'password'],
  properties: {
    serverUrl: { type: 'string', minLength: 1, maxLength: 500, pattern: '^https?://' },
    login: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
  },
};

/** The set-up of each client (one a process, but tests start several): running, its progress, why it failed. */
interface Download {
  running: boolean;
  progress: SetUpProgress;
  error?: string;
}
const downloads = new WeakMap<AppContext, Download>();

const langOf = (c: { req: { header(name: string): string | undefined } }): Lang => (c.req.header('accept-language')?.startsWith('en') ? 'en' : 'ru');

/**
 * Whether the client is initialised: a set-up finished — or, holding no set-up state, its database has
 * users (filled otherwise, as a test's seeded copy: not sent to the set-up page).
 * @example await clientInitialised(ctx) // false during and after a failed set-up
 */
export async function clientInitialised(ctx: AppContext): Promise<boolean> {
  const em = ctx.orm.em.fork();
  const state = await readState(em, ctx);
  if (state) return isInitialised(state);
  return !!(await kysely(em).selectFrom('sysuser').select('id').limit(1).executeTakeFirst());
}

/**
 * Runs a set-up to its end, keeping its progress and, on failure, the reason for the user (the raw
 * error logged, server/sync/client/failure.ts) — also in the client's state, for its status.
 * @example await runSetUp(ctx, remote, serverUrl, 'ru')
 */
export async function runSetUp(ctx: AppContext, remote: Remote, serverUrl: string, lang: Lang, progress = newProgress()): Promise<void> {
  const d: Download = { running: true, progress };
  downloads.set(ctx, d);
  try {
    await setUp(ctx, remote, serverUrl, progress, lang);
  } catch (e) {
    d.error = await failureMessage(ctx, e, lang, 'setup');
    progress.phase = 'FAILED';
    const em = ctx.orm.em.fork();
    const state = await readState(em, ctx).catch(() => undefined);
    if (state && !isInitialised(state)) await updateState(em, ctx, state, { phase: 'ERROR', error: d.error.slice(0, 2000) }).catch(() => undefined);
    throw Object.assign(new Error(d.error), { said: true });
  } finally {
    d.running = false;
  }
}

export function clientInitRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'GET', path: '/api/offline/client/init', rule: rule.public, summary: "The offline client's first-start state (client mode only)", handler: async (c) => {
    if (!ctx.config.clientMode) return c.json({ clientMode: false, initialised: true, running: false, received: 0, total: 0, fetched: 0 });
    const d = downloads.get(ctx);
    const p = d?.progress ?? newProgress();
    const initialised = !d?.running && (await clientInitialised(ctx));
    const state = d?.running || initialised ? undefined : await readState(ctx.orm.em.fork(), ctx);
    return c.json({
      clientMode: true, initialised, running: !!d?.running,
      phase: d ? p.phase : null, received: p.received, total: p.total, fetched: p.fetched, resumed: p.resumed, receivedBefore: p.receivedBefore,
      ...(d?.running ? { secondsLeft: secondsLeft(p) ?? null } : {}),
      ...(d?.error && !d.running ? { error: d.error } : {}),
      ...(state ? { unfinished: { serverUrl: state.serverUrl, received: state.counts.received ?? 0 } } : {}),
    });
  } }),

  defineRoute({ method: 'POST', path: '/api/offline/client/init', rule: rule.public, summary: 'Sets up the offline client from a server (client mode, no unit yet)', body: initBody, example: { serverUrl: 'https://tb.example.org', login: 'DOCTOR', password: 'the user’s password' }, handler: async (c, { body }) => {
    const lang = langOf(c);
    if (!ctx.config.clientMode) throw fail(404, t(lang, 'msg.syncNotClient'));
    if (downloads.get(ctx)?.running || (await clientInitialised(ctx))) throw fail(409, t(lang, 'msg.syncAlreadyInitialised'));
    const serverUrl = String(body.serverUrl).replace(/\/+$/, '');
    // marked running before the login's wait: a second start meanwhile is refused
    const progress = newProgress();
    const d: Download = { running: true, progress };
    downloads.set(ctx, d);
    let remote: Remote;
    try {
      remote = await Remote.login(serverUrl, String(body.login), String(body.password), lang);
    } catch (e) {
      d.running = false;
      if (e instanceof ApiError) throw e;
      throw fail(400, (e as Error).message, 'serverUrl');
    }
    runSetUp(ctx, remote, serverUrl, lang, progress).catch(() => undefined);
    return c.json({ success: true });
  } }),
  ];
}
