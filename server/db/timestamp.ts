/**
 * A `timestamptz` as the API answers it: ISO 8601 in UTC with milliseconds, what `Date#toISOString`
 * writes. The driver hands PostgreSQL's text (`2026-11-29 15:31:44.354429+00`, MikroORM keeps
 * timestamps as text) or a Date; a list turns fifty of them per page, and parsing that text with
 * `new Date` takes the engine's slow legacy path — so the usual case, a session in UTC, is rewritten
 * as text (the fraction cut to milliseconds, as `Date` does) and anything else goes through `Date`.
 * @example isoTimestamp('2026-11-29 15:31:44.354429+00') // '2026-11-29T15:31:44.354Z'
 * @example isoTimestamp('2026-11-29 21:31:44+06') // '2026-11-29T15:31:44.000Z'
 */
export function isoTimestamp(v: string | Date): string {
  if (typeof v === 'string' && v.length >= 22 && v.length <= 29 && v[4] === '-' && v[10] === ' ' && v.endsWith('+00')) {
    const frac = v[19] === '.' ? v.slice(20, -3) : v.length === 22 ? '' : undefined;
    if (frac !== undefined) return `${v.slice(0, 10)}T${v.slice(11, 19)}.${(frac + '000').slice(0, 3)}Z`;
  }
  return new Date(v).toISOString();
}
