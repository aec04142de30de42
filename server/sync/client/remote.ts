/**
 * The offline client's connection to its server: one logged-in session (the cookie, and the password
 * the user typed for this synchronisation, kept in memory only, never stored), JSON calls with the clients' header the forged-request check asks for, and
 * answers gzip-compressed on the way (fetch accepts and unpacks gzip by itself).
 */
import { clientHeader } from '../../../engine/client-header.ts';
import { t } from '../../../engine/i18n.ts';
import type { Lang } from '../../../engine/i18n.ts';
import { ApiError } from '../../http/errors.ts';

/** How long one call may take before the client gives up (the next synchronisation resumes). */
const CALL_MS = 120_000;

export class Remote {
  private cookie = '';
  private constructor(
    readonly baseUrl: string,
    private readonly lang: Lang,
    private readonly password: string,
    /** The server's synchronisation key (server/sync/token.ts) instead of a login: `/api/sync/*` only. */
    private readonly key = '',
  ) {}

  /**
   * The server as the user a synchronisation key acts for, without a password: it opens `/api/sync/*`
   * only, and the slice comes without password hashes (an account whose password changed meanwhile
   * logs in offline again after a synchronisation started with a password).
   * @example const remote = Remote.withKey('https://tb.example.org', state.syncToken, 'ru')
   */
  static withKey(baseUrl: string, key: string, lang: Lang): Remote {
    return new Remote(baseUrl.replace(/\/+$/, ''), lang, '', key);
  }

  /** Whether this connection holds the user's password (a synchronisation they started), not only a key. */
  get proved(): boolean {
    return this.password !== '';
  }

  /**
   * Logs in on the server; a wrong password is a 400 on `password` with the server's own message.
   * @example const remote = await Remote.login('https://tb.example.org', 'DOCTOR1', 'secret', 'ru')
   */
  static async login(baseUrl: string, login: string, password: string, lang: Lang): Promise<Remote> {
    const r = new Remote(baseUrl.replace(/\/+$/, ''), lang, password);
    const res = await r.send('/api/auth/login', { login, password });
    if (res.status === 401 || res.status === 400 || res.status === 429) {
      const body = (await res.json().catch(() => ({}))) as { errors?: { msg: string }[] };
      throw new ApiError(400, [{ field: 'password', msg: body.errors?.[0]?.msg ?? t(lang, 'msg.syncServerRefused', { reason: res.status }) }]);
    }
    await r.answer(res);
    return r;
  }

  /**
   * A POST to the server; an answer other than 2xx throws with the server's reason.
   * @example await remote.post('/api/sync/changes', { after: '0.0' }) // { changes, last, more }
   */
  async post<T = any>(path: string, body: unknown): Promise<T> {
    return this.answer<T>(await this.send(path, body));
  }

  /**
   * A POST that proves the session again with the user's password (`password` added to the body): the
   * slice sends the unit's password hashes only so (server/sync/slice.ts).
   * @example await remote.postProved('/api/sync/slice', {}) // { workspaceId, unitId, rows }
   */
  async postProved<T = any>(path: string, body: Record<string, unknown>): Promise<T> {
    return this.post<T>(path, this.password ? { ...body, password: this.password } : body);
  }

  /**
   * A GET to the server: the answer, or undefined for a 404 or 403 (a row gone, outside the view, of a table the user may not read).
   * @example await remote.get('/api/tbl/patient/' + id) // { id, name, … } | undefined
   */
  async get<T = any>(path: string): Promise<T | undefined> {
    const res = await this.send(path);
    if (res.status === 404 || res.status === 403) return undefined;
    return this.answer<T>(res);
  }

  private async send(path: string, body?: unknown): Promise<Response> {
    try {
      const res = await fetch(this.baseUrl + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip', [clientHeader]: '1', ...(this.cookie ? { cookie: this.cookie } : {}), ...(this.key ? { authorization: `Bearer ${this.key}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_MS),
      });
      const set = res.headers.get('set-cookie');
      if (set) this.cookie = set.split(';')[0];
      return res;
    } catch (e) {
      throw Object.assign(new Error(t(this.lang, 'msg.syncServerUnreachable', { reason: (e as Error).message })), { said: true });
    }
  }

  private async answer<T>(res: Response): Promise<T> {
    const text = await res.text();
    if (!res.ok) {
      let reason = `HTTP ${res.status}`;
      try {
        reason = (JSON.parse(text).errors ?? []).map((e: { msg: string }) => e.msg).join('; ') || reason;
      } catch {}
      throw Object.assign(new Error(t(this.lang, 'msg.syncServerRefused', { reason })), { status: res.status, said: true });
    }
    return JSON.parse(text) as T;
  }
}
