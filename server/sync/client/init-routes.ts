/**
 * The offline client's first start from the browser (docs/sync.md), before any user exists on it — so
 * without a session, and only in client mode while it holds no unit yet:
 * - `GET /api/offline/client/init` — `{clientMode, initialised, running, received, error?}`: the
 *   initialisation page polls it (the rows received so far; `error`: why the last try failed);
 * - `POST /api/offline/client/init {serverUrl, login, password}` — logs in on the server as that user
 *   (a wrong password: 400 with the server's message) and starts the download, answering once it runs;
 *   409 'Клиент уже инициализирован' once the client holds a unit (or while a download runs).
 * What `npm run client:init` does from a terminal.
 */
import type { Hono } from 'hono';
import { t, type Lang } from '../../../engine/i18n.ts';
import type { JsonSchema } from '../../../engine/types.ts';
import { kysely } from '../../db/kysely.ts';
import { jsonBody } from '../../http/body.ts';
import { ApiError, fail } from '../../http/errors.ts';
import type { AppContext, Env } from '../../types.ts';
import { Remote } from './remote.ts';
import { initialise } from './run.ts';
import { readState } from './state.ts';

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

/** The download of each client (one a process, but tests start several): running, rows received, why it failed. */
interface Progress {
  running: boolean;
  received: number;
  error?: string;
}
const downloads = new WeakMap<AppContext, Progress>();

const langOf = (c: { req: { header(name: string): string | undefined } }): Lang => (c.req.header('accept-language')?.startsWith('en') ? 'en' : 'ru');

export function clientInitRoutes(app: Hono<Env>, ctx: AppContext): void {
  // initialised: it holds a unit, or at least a user who can log in (a database filled otherwise, as the
  // tests' seeded copy, is not sent to the initialisation page)
  const initialised = async () => {
    const em = ctx.orm.em.fork();
    return !!(await readState(em, ctx)) || !!(await kysely(em).selectFrom('sysuser').select('id').limit(1).executeTakeFirst());
  };
  const progress = () => downloads.get(ctx) ?? { running: false, received: 0 };
  const set = (p: Progress) => downloads.set(ctx, p);

  app.get('/api/offline/client/init', async (c) =>
    c.json({ clientMode: ctx.config.clientMode, initialised: ctx.config.clientMode ? await initialised() : true, ...progress() }),
  );

  app.post('/api/offline/client/init', async (c) => {
    const lang = langOf(c);
    if (!ctx.config.clientMode) throw fail(404, t(lang, 'msg.syncNotClient'));
    if (progress().running || (await initialised())) throw fail(409, t(lang, 'msg.syncAlreadyInitialised'));
    const body = await jsonBody(c);
    const errors = ctx.validators.validate('sync#init', initBody, body, lang);
    if (errors.length) throw new ApiError(400, errors);
    const serverUrl = String(body.serverUrl).replace(/\/+$/, '');
    // marked running before the login's wait: a second start meanwhile is refused
    set({ running: true, received: 0 });
    let remote: Remote;
    try {
      remote = await Remote.login(serverUrl, String(body.login), String(body.password), lang);
    } catch (e) {
      set({ running: false, received: 0 });
      if (e instanceof ApiError) throw e;
      throw fail(400, (e as Error).message, 'serverUrl');
    }
    initialise(ctx, remote, serverUrl, (received) => set({ running: true, received })).then(
      () => set({ running: false, received: progress().received }),
      (e) => set({ running: false, received: progress().received, error: (e as Error).message || String(e) }),
    );
    return c.json({ success: true });
  });
}
