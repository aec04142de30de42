import type { Context } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { Env } from '../types.ts';
import { fail } from './errors.ts';

/** The deepest nesting of arrays and objects a request body may have (a form is a few levels deep). */
export const MAX_DEPTH = 64;

/**
 * The JSON body as an object (an empty body is `{}`); anything else is a 400: not JSON, not an
 * object, nested deeper than `MAX_DEPTH` (checked before parsing), or holding text PostgreSQL cannot
 * store. Its size is bounded before (`limitBody` in app.ts).
 */
export async function jsonBody(c: Context<Env>): Promise<Record<string, any>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  if (nestsDeeper(text, MAX_DEPTH)) throw fail(400, t(c.get('lang'), 'msg.nestedTooDeep', { max: MAX_DEPTH }));
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
 * Whether JSON text nests arrays and objects more than `max` levels deep: one pass over the text
 * (brackets inside strings do not count), so 20,000 levels cost no recursion anywhere.
 * @example nestsDeeper('{"a": [[1]]}', 2) // true
 */
export function nestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // a backslash escapes the next character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
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
