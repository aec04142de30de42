/**
 * The HTTP transport: JSON in, JSON out, cookies included, envelope unwrapped, errors thrown as
 * {@link ApiError}. A 401 outside `/api/auth/` calls the handler set by {@link onUnauthorized}
 * (the app sends the user to `/login`); a 403 with `result.ulaRequired` (the licence agreement
 * became required during the session) calls the one set by {@link onUlaRequired}.
 *
 * A call given an `AbortSignal` (the data hook's, `ui/generic/data/useData.ts`) is cancelled when
 * the signal aborts: the browser drops the request and the promise rejects with an `AbortError`.
 *
 * @example
 *   const list = await api.post<QueryResult<Source>>('/api/tbl/source/query', { page: 0 });
 *   const doc = await api.get<Doc>('/api/tbl/source/12', signal);
 */
import { clientHeader } from '../../engine/client-header.ts';
import i18next from 'i18next';
import { ApiError } from './ApiError.ts';
import { browserTimeZone } from '../i18n/dates.ts';
import type { Envelope, FieldError } from './types.ts';

let unauthorizedHandler: () => void = () => {};
let ulaRequiredHandler: () => void = () => {};
let language = 'ru';

/** The UI language, sent as `Accept-Language` so messages before login come in it too. */
export function setApiLanguage(lang: string): void {
  language = lang;
}

/** The browser's IANA time zone, sent as `X-Time-Zone` so "today" on the server is the user's day. */
const timeZone = browserTimeZone();

/** Sets what happens when the server answers 401 (no session). */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** Sets what happens when the server refuses a call until the licence agreement is accepted. */
export function onUlaRequired(handler: () => void): void {
  ulaRequiredHandler = handler;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'success' in body;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorsFrom(body: unknown, status: number): FieldError[] {
  if (typeof body === 'object' && body !== null && Array.isArray((body as Envelope<unknown>).errors)) {
    return (body as Envelope<unknown>).errors!;
  }
  return [{ field: null, msg: typeof body === 'string' && body ? body : `HTTP ${status}` }];
}

/**
 * `fetch`, with a network failure (server down, no connection: the browser's English 'Failed to
 * fetch') turned into an error in the user's language (status 0).
 */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(0, [{ field: null, msg: i18next.t('ui.msg.offline') }]);
  }
}

/**
 * Sends one request; resolves to the envelope's `result` (or the plain body for plain answers).
 * `signal` cancels it (a screen left, or a newer request for the same data).
 */
export async function request<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await send(url, {
    method,
    signal,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      // proves the call is ours: the server refuses a state change without it or Sec-Fetch-Site: same-origin
      [clientHeader]: '1',
      'Accept-Language': language,
      ...(timeZone ? { 'X-Time-Zone': timeZone } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await readBody(res);
  if (res.status === 401 && !url.startsWith('/api/auth/')) unauthorizedHandler();
  if (res.status === 403 && isEnvelope(data) && (data.result as { ulaRequired?: boolean } | undefined)?.ulaRequired) ulaRequiredHandler();
  if (!res.ok) {
    throw new ApiError(res.status, errorsFrom(data, res.status), isEnvelope(data) ? data.result : undefined);
  }
  if (isEnvelope(data)) {
    if (data.success === false || (data.errors && data.errors.length)) {
      throw new ApiError(res.status, errorsFrom(data, res.status), data.result);
    }
    return data.result as T;
  }
  return data as T;
}

export const api = {
  get: <T>(url: string, signal?: AbortSignal) => request<T>('GET', url, undefined, signal),
  post: <T>(url: string, body: unknown = {}, signal?: AbortSignal) => request<T>('POST', url, body, signal),
  del: <T = void>(url: string) => request<T>('DELETE', url),
};
