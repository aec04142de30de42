/**
 * What "an id", "a date" and "an integer" mean everywhere — the server's checks and the ajv formats of
 * every schema — narrowed to what PostgreSQL stores: ajv-formats' `uuid` also takes `urn:uuid:…` and
 * its `date` the year 0000, which the `uuid` and `date` columns refuse; an `integer` column holds 32 bits.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { JsonSchema } from './types.ts';
import { isTimeZone } from './dates.ts';

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A bare uuid (any version, either case): what a `uuid` column takes.
 * @example isUuid('0b7c2b4e-3f1a-4c4e-9d7e-2a1b3c4d5e6f') // true; isUuid('urn:uuid:0b7c…') // false
 */
export const isUuid = (v: unknown): v is string => typeof v === 'string' && uuidRe.test(v);

const dateRe = /^(\d{4})-(\d{2})-(\d{2})$/;
const daysIn = (y: number, m: number) => (m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/**
 * A calendar date `YYYY-MM-DD` from the year 1 (PostgreSQL has no year 0: '0000-01-01' is refused).
 * @example isDate('2024-02-29') // true; isDate('0000-01-01') // false; isDate('2023-02-29') // false
 */
export function isDate(v: unknown): boolean {
  const m = typeof v === 'string' ? dateRe.exec(v) : null;
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo);
}

type Checked = { validate: (s: string) => boolean; compare: (a: string, b: string) => number | undefined };
const dateTime = fullFormats['date-time'] as Checked;

/**
 * An RFC 3339 date-time whose date part is a date (`isDate`).
 * @example isDateTime('2026-01-01T10:00:00Z') // true; isDateTime('0000-01-01T00:00:00Z') // false
 */
export const isDateTime = (v: unknown): boolean => typeof v === 'string' && isDate(v.slice(0, 10)) && dateTime.validate(v);

/** The ajv formats that replace ajv-formats' wider ones (`ajv.addFormat(name, format)` after `addFormats`). */
export const strictFormats = {
  uuid: { type: 'string', validate: isUuid },
  date: { type: 'string', validate: isDate, compare: (fullFormats.date as Checked).compare },
  'date-time': { type: 'string', validate: isDateTime, compare: dateTime.compare },
  'time-zone': { type: 'string', validate: isTimeZone },
} as const;

/** The range of a PostgreSQL `integer` column, which every `integer` field is stored in. */
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;

const typesOf = (type: unknown): unknown[] => (Array.isArray(type) ? type : [type]);

const valueKeywords = new Set(['enum', 'const', 'default', 'examples']);

/**
 * The schema with every `integer` bounded to the column's range and every `number` to finite values
 * (JSON's `1e400` parses as Infinity), a tighter `minimum`/`maximum` kept: 1e16 is a field error
 * rather than a database error. Returns a copy.
 * @example boundNumbers({type: 'integer', minimum: 0}) // {type: 'integer', minimum: 0, maximum: 2147483647}
 */
export function boundNumbers<T>(node: T): T {
  if (Array.isArray(node)) return node.map(boundNumbers) as T;
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = valueKeywords.has(k) ? v : boundNumbers(v);
  const types = typesOf(out.type);
  const [min, max] = types.includes('integer') ? [INT_MIN, INT_MAX] : types.includes('number') ? [-Number.MAX_VALUE, Number.MAX_VALUE] : [];
  if (min !== undefined) {
    if (typeof out.minimum !== 'number' || out.minimum < min) out.minimum = min;
    if (typeof out.maximum !== 'number' || out.maximum > max!) out.maximum = max;
  }
  return out as T;
}
