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
  const bad = pathWithBadText(body);
  if (bad !== undefined) throw fail(400, t(c.get('lang'), 'msg.badText'), bad || null);
  return body as Record<string, any>;
}

/**
 * Text PostgreSQL cannot store: a NUL character (refused by `text`), or a UTF-16 surrogate without
 * its pair (`"\ud800"` in JSON parses, but has no UTF-8 form: `jsonb` and `text` refuse it).
 */
const badText = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (value or key) holding text PostgreSQL cannot store. */
function pathWithBadText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return badText.test(value) ? path : undefined;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const at = path ? `${path}.${k}` : k;
      if (badText.test(k)) return path;
      const found = pathWithBadText(v, at);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
