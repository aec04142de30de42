/**
 * The administrator reports' filter: what a request may carry, its JSON Schema
 * (validated by ajv like any form, so messages name the field by its translated title), and the
 * date rules: `iniDate` is required, `endDate` optional, `searchKey` and `type` at most 50.
 *
 * Dates come as a timestamp (ms) or an ISO string. A date without a time (`2026-03-01`) is that
 * day in the user's time zone (the `X-Time-Zone` header the UI sends, when it names a valid IANA
 * zone) or else the server's, and as `endDate` it covers the whole day; a timestamp is taken as it
 * is (the UI sends the start and the end of the days the user picked, in the user's zone).
 */
import type { JsonSchema } from '../../engine/types.ts';

/** The longest search key and command type a filter takes (50 characters each), shared with the UI's filter forms. */
export const FILTER_MAX = { searchKey: 50, type: 50 } as const;

/** At most this many rows per answer; `count` still tells the whole number. */
export const MAX_ROWS = 1000;

/** The last page a filter may ask for (its offset stays far inside a bigint). */
export const MAX_PAGE = 1_000_000;

const dateSchema: JsonSchema = { type: ['string', 'number'], maxLength: 40 };
const uuid: JsonSchema = { type: 'string', format: 'uuid' };

/** The filter schema of a report (`fields` lists what it takes besides the dates). */
export function filterSchema(fields: ('userId' | 'type' | 'adminUnitId' | 'searchKey')[], required = true): JsonSchema {
  const all: Record<string, JsonSchema> = {
    iniDate: { ...dateSchema, title: 'report.iniDate' },
    endDate: { ...dateSchema, type: ['string', 'number', 'null'], title: 'report.endDate' },
    userId: { ...uuid, type: ['string', 'null'], title: 'report.userId' },
    type: { type: ['string', 'null'], maxLength: FILTER_MAX.type, title: 'report.type' },
    adminUnitId: { ...uuid, type: ['string', 'null'], title: 'report.adminUnitId' },
    searchKey: { type: ['string', 'null'], maxLength: FILTER_MAX.searchKey, title: 'report.searchKey' },
    page: { type: 'integer', minimum: 1, maximum: MAX_PAGE },
    pageSize: { type: 'integer', minimum: 1, maximum: MAX_ROWS },
  };
  const keys = ['iniDate', 'endDate', ...fields, 'page', 'pageSize'];
  return {
    type: 'object',
    additionalProperties: false,
    required: required ? ['iniDate'] : [],
    properties: Object.fromEntries(keys.map((k) => [k, all[k]])),
  } as JsonSchema;
}

const dayOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A filter date as an instant, or `undefined` when it is not a date (or is out of 1900..9999). */
export function parseDate(value: unknown, endOfDay = false, zone?: string): Date | undefined {
  let d: Date;
  if (typeof value === 'number') d = new Date(value);
  else if (typeof value === 'string' && dayOnly.test(value)) {
    const [, y, m, day] = dayOnly.exec(value)!.map(Number);
    if (y < 1900 || y > 9999) return undefined; // new Date(0, 0, 1) would read the year 0 as 1900
    if (zone) d = new Date(startOfDayIn(zone, y, m, day + (endOfDay ? 1 : 0)));
    else d = new Date(y, m - 1, day + (endOfDay ? 1 : 0));
    if (endOfDay) d = new Date(d.getTime() - 1);
  } else if (typeof value === 'string' && value.trim()) d = new Date(value);
  else return undefined;
  const y = d.getFullYear();
  return Number.isNaN(d.getTime()) || y < 1900 || y > 9999 ? undefined : d;
}

/** The IANA time zone `value` names, if this runtime knows it (`Asia/Bishkek`); else undefined. */
export function validZone(value: string | null | undefined): string | undefined {
  if (!value || value.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and time in `zone` at instant `at`. */
function wallClock(zone: string, at: number) {
  let f = partsFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    partsFormats.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  return { y: p.year, m: p.month, d: p.day, utc: Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) };
}

/** The instant the day `y-m-d` starts in `zone` (days past the month's end roll over, as in Date.UTC). */
export function startOfDayIn(zone: string, y: number, m: number, d: number): number {
  const wall = Date.UTC(y, m - 1, d);
  // The zone's offset at the guess, then at the corrected instant (a DST change near midnight).
  let at = wall - (wallClock(zone, wall).utc - wall);
  at = wall - (wallClock(zone, at).utc - Math.floor(at / 1000) * 1000);
  // Where clocks jump over midnight (America/Santiago in September) the day starts at the jump.
  const there = wallClock(zone, at).utc;
  return there < wall ? at + (wall - there) : at;
}

/** The start of the day after the one `at` falls on in `zone`; without a zone, `at` a day later (server's calendar). */
export function nextDayStart(at: Date, zone?: string): Date {
  if (!zone) {
    const next = new Date(at);
    next.setDate(next.getDate() + 1);
    return next;
  }
  const { y, m, d } = wallClock(zone, at.getTime());
  return new Date(startOfDayIn(zone, y, m, d + 1));
}

/** The start and the last millisecond of today, in `zone` when given (the user's), else the server's. */
export function today(zone?: string): { ini: Date; end: Date } {
  if (zone) {
    const { y, m, d } = wallClock(zone, Date.now());
    return { ini: new Date(startOfDayIn(zone, y, m, d)), end: new Date(startOfDayIn(zone, y, m, d + 1) - 1) };
  }
  const ini = new Date();
  ini.setHours(0, 0, 0, 0);
  const end = new Date(ini);
  end.setDate(end.getDate() + 1);
  end.setTime(end.getTime() - 1);
  return { ini, end };
}
