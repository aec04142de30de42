/**
 * The administrator reports' filter (spec 000 §5, §7.4): what a request may carry, its JSON Schema
 * (validated by ajv like any form, so messages name the field by its translated title), and the
 * date rules: `iniDate` is required, `endDate` optional, `searchKey` and `type` at most 50.
 *
 * Dates come as a timestamp (ms) or an ISO string. A date without a time (`2026-03-01`) is that
 * day in the server's time zone, and as `endDate` it covers the whole day; a timestamp is taken as
 * it is (the UI sends the start and the end of the days the user picked, in the user's zone).
 */
import type { JsonSchema } from '../../engine/types.ts';

/** The limits of spec 000 §9 (search key, command type), shared with the UI's filter forms. */
export const FILTER_MAX = { searchKey: 50, type: 50 } as const;

/** At most this many rows per answer; `count` still tells the whole number. */
export const MAX_ROWS = 1000;

const dateSchema: JsonSchema = { type: ['string', 'number'] };
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
    page: { type: 'integer', minimum: 1 },
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
export function parseDate(value: unknown, endOfDay = false): Date | undefined {
  let d: Date;
  if (typeof value === 'number') d = new Date(value);
  else if (typeof value === 'string' && dayOnly.test(value)) {
    const [, y, m, day] = dayOnly.exec(value)!.map(Number);
    d = new Date(y, m - 1, day + (endOfDay ? 1 : 0));
    if (endOfDay) d = new Date(d.getTime() - 1);
  } else if (typeof value === 'string' && value.trim()) d = new Date(value);
  else return undefined;
  const y = d.getFullYear();
  return Number.isNaN(d.getTime()) || y < 1900 || y > 9999 ? undefined : d;
}

/** The start of today and of tomorrow, in the server's time zone. */
export function today(): { ini: Date; end: Date } {
  const ini = new Date();
  ini.setHours(0, 0, 0, 0);
  const end = new Date(ini);
  end.setDate(end.getDate() + 1);
  end.setTime(end.getTime() - 1);
  return { ini, end };
}
