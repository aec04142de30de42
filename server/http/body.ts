import type { Context } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { Env } from './context.ts';
import { fail } from './errors.ts';

/** The JSON body as an object (an empty body is `{}`); anything else is a 400. */
export async function jsonBody(c: Context<Env>): Promise<Record<string, any>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw fail(400, t(c.get('lang'), 'msg.badJson'));
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw fail(400, t(c.get('lang'), 'msg.badJson'));
  return body as Record<string, any>;
}
