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
  const nul = pathWithNul(body);
  if (nul !== undefined) throw fail(400, t(c.get('lang'), 'msg.badText'), nul || null);
  return body as Record<string, any>;
}

/** The path of a string holding a NUL character, which PostgreSQL text cannot store. */
function pathWithNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = pathWithNul(v, path ? `${path}.${k}` : k);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
