/**
 * The offline client's synchronisation routes, only in client mode:
 * - `GET /api/offline/client/sync/status` — `{id, title, counts, error?, rejected, lastSyncAt}`: `id`
 *   NOT_RUNNING (idle: the last one succeeded, or none yet), ERROR (the last one failed: `error` says
 *   why) or the running phase (SENDING, APPLYING_ON_SERVER, RECEIVING, APPLYING_LOCALLY) with its title;
 * - `GET /api/offline/client/sync/unsent` — `{count, list}`: the local changes not yet sent, the refused
 *   ones first with their reasons (server/sync/client/unsent.ts);
 * - `POST /api/offline/client/sync/synchronize {password}` — the session's user's password, checked
 *   by the server by logging in there; starts a synchronisation and answers once it runs;
 * - `POST /api/offline/client/sync/rejected/:changeId/discard {password?}` — discards a rejected local
 *   change (server/sync/client/rejected.ts); the password (checked by the server) when the row's server
 *   version must be fetched, i.e. for a row not made offline.
 */
import { t, type Lang } from '../../../engine/i18n.ts';
import type { JsonSchema } from '../../../engine/types.ts';
import { ApiError, fail } from '../../http/errors.ts';
import type { AppContext } from '../../types.ts';
import { discardRejected } from './rejected.ts';
import { unsentChanges } from './unsent.ts';
import { Remote } from './remote.ts';
import { startSync } from './run.ts';
import { anyRunning, isRunning } from './running.ts';
import { readState, updateState, type ClientState, type SyncPhase } from './state.ts';
import { isInitialised } from './setup.ts';
import { noteEditing } from './auto.ts';
import { log } from '../../log.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../http/define-route.ts';

const TITLES: Partial<Record<SyncPhase, string>> = {
  SENDING: 'msg.syncPhaseSending',
  APPLYING_ON_SERVER: 'msg.syncPhaseApplyingOnServer',
  RECEIVING: 'msg.syncPhaseReceiving',
  APPLYING_LOCALLY: 'msg.syncPhaseApplyingLocally',
};

const synchronizeBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['password'],
  properties: { password: { type: 'string', minLength: 1, maxLength: 200, } },
};

/**
 * The status as the page polls it; a phase stored by a process that is gone (the client restarted
 * in the middle) is an error saying so — the next synchronisation resumes from what was stored.
 * @example await syncStatus(ctx, 'ru') // { id: 'RECEIVING', title: 'Получение изменений с сервера', counts: { received: 500 }, … }
 */
export async function syncStatus(ctx: AppContext, lang: Lang) {
  const em = ctx.orm.em.fork();
  // none running before the read and none after it: a synchronisation ending while the state is read
  // (its last phase read, then NOT_RUNNING stored and gone) is not taken for an interrupted one
  const runningBefore = anyRunning();
  const state = await readState(em, ctx);
  if (!state) return { id: 'ERROR', title: '', error: t(lang, 'msg.syncNotInitialised'), counts: {}, rejected: [] };
  // a set-up that did not finish (failed, or stopped): its own reason, never a synchronisation's restart
  if (!isInitialised(state)) return { ...view(state, lang, ctx.config.syncIntervalMinutes), id: 'ERROR', title: '', error: state.phase === 'ERROR' && state.error ? state.error : t(lang, 'msg.syncSetUpUnfinished') };
  if (TITLES[state.phase] && !runningBefore && !isRunning(state.workspaceId)) await updateState(em, ctx, state, { phase: 'ERROR', error: t(lang, 'msg.syncInterrupted') });
  return view(state, lang, ctx.config.syncIntervalMinutes);
}

const view = (s: ClientState, lang: Lang, intervalMinutes: number) => ({
  id: s.phase,
  title: TITLES[s.phase] ? t(lang, TITLES[s.phase]!) : '',
  counts: s.counts ?? {},
  ...(s.phase === 'ERROR' && s.error ? { error: s.error } : {}),
  rejected: s.rejected ?? [],
  lastSyncAt: s.lastSyncAt ?? null,
  serverUrl: s.serverUrl,
  auto: { ...(s.autoSync ?? {}), keyUser: s.syncToken ? (s.syncTokenUser ?? null) : null, intervalMinutes },
});

const editingBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['editing'],
  properties: { editing: { type: 'boolean' }, form: { type: 'string', maxLength: 200 } },
};

/**
 * After a login with the user's password, asks the server for a synchronisation key for this client
 * and keeps it (never the password): the automatic synchronisation's credential (server/sync/token.ts,
 * ./auto.ts). A server that gives none (an older one, a refusal) leaves the key the client had.
 */
async function keepKey(ctx: AppContext, state: ClientState, remote: Remote, userLogin: string): Promise<void> {
  try {
    const { token } = await remote.post<{ token: string }>('/api/sync/token', { device: state.id });
    await updateState(ctx.orm.em.fork(), ctx, state, { syncToken: token, syncTokenUser: userLogin, autoSync: { ...(state.autoSync ?? {}), skippedReason: undefined, skippedAt: undefined } });
  } catch (e) {
    log.warn({ err: e }, 'synchronisation key not issued');
  }
}

const discardBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { password: { type: 'string', minLength: 1, maxLength: 200 } },
};

export function clientSyncRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'GET', path: '/api/offline/client/sync/status', rule: rule.session, summary: "The offline client's synchronisation state (404 on a server)", handler: async (c) => {
    const s = c.get('session');
    if (!ctx.config.clientMode) throw fail(404, t(s.lang, 'msg.syncNotClient'));
    return c.json(await syncStatus(ctx, s.lang));
  } }),

  defineRoute({ method: 'GET', path: '/api/offline/client/sync/unsent', rule: rule.session, summary: "The offline client's changes not yet sent", handler: async (c) => {
    const s = c.get('session');
    if (!ctx.config.clientMode) throw fail(404, t(s.lang, 'msg.syncNotClient'));
    return c.json(await unsentChanges(ctx, s.lang));
  } }),

  defineRoute({ method: 'POST', path: '/api/offline/client/sync/synchronize', rule: rule.session, summary: "Runs the offline client's synchronisation now", body: synchronizeBody, example: { password: 'the user’s password' }, handler: async (c, { body }) => {
    const s = c.get('session');
    if (!ctx.config.clientMode) throw fail(404, t(s.lang, 'msg.syncNotClient'));
    const state = await readState(ctx.orm.em.fork(), ctx);
    if (!state) throw fail(400, t(s.lang, 'msg.syncNotInitialised'));
    if (isRunning(state.workspaceId)) throw fail(409, t(s.lang, 'msg.syncRunning'));
    const remote = await login(state.serverUrl, s.userLogin, String(body.password), s.lang);
    await keepKey(ctx, state, remote, s.userLogin);
    (await startSync(ctx, remote, s.lang)).done.catch(() => undefined);
    return c.json({ success: true });
  } }),

  defineRoute({ method: 'POST', path: '/api/offline/client/sync/editing', rule: rule.session, summary: 'The client UI says a form has unsaved input: the automatic synchronisation waits', body: editingBody, example: { form: 'tbcase', editing: true }, handler: async (c, { body }) => {
    const s = c.get('session');
    if (!ctx.config.clientMode) throw fail(404, t(s.lang, 'msg.syncNotClient'));
    noteEditing(`${s.sessionId}|${String(body.form ?? '')}`, body.editing === true);
    return c.json({ success: true });
  } }),

  defineRoute({ method: 'POST', path: '/api/offline/client/sync/rejected/:changeId/discard', rule: rule.session, summary: 'Discards a local change the server rejected', body: discardBody, example: { password: 'the user’s password' }, handler: async (c, { body }) => {
    const s = c.get('session');
    if (!ctx.config.clientMode) throw fail(404, t(s.lang, 'msg.syncNotClient'));
    const state = await readState(ctx.orm.em.fork(), ctx);
    if (!state) throw fail(400, t(s.lang, 'msg.syncNotInitialised'));
    // the server's version of the row is asked as the user: their password, checked by the server
    const remote = async () => {
      if (!body.password) throw fail(400, t(s.lang, 'msg.required'), 'password');
      return login(state.serverUrl, s.userLogin, String(body.password), s.lang);
    };
    await discardRejected(ctx, s, c.req.param('changeId'), remote);
    return c.json({ success: true });
  } }),
  ];
}

/**
 * Logs in on the server as the user; a server out of reach is a 400 with the reason.
 * @example const remote = await login(state.serverUrl, session.userLogin, password, session.lang)
 */
export async function login(serverUrl: string, userLogin: string, password: string, lang: Lang): Promise<Remote> {
  try {
    return await Remote.login(serverUrl, userLogin, password, lang);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw fail(400, (e as Error).message);
  }
}
