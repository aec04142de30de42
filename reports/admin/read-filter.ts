import type { Context } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { FieldError } from '../../engine/validate.ts';
import { jsonBody } from '../../server/http/body.ts';
import type { AppContext, Env, Session } from '../../server/types.ts';
import { ApiError } from '../../server/http/errors.ts';
import { filterSchema, MAX_ROWS, parseDate, validZone } from './filters.ts';

/** A checked report filter: the period as instants, the optional criteria, the page. */
export interface ReportFilter {
  ini: Date;
  end?: Date;
  userId?: string;
  /** A command type (`source`), or with `action` a `type.action` id of the command-types tree. */
  type?: string;
  action?: string;
  adminUnitId?: string;
  searchKey?: string;
  /** The user's IANA time zone (`X-Time-Zone`), when valid: their days, not the server's. */
  zone?: string;
  limit: number;
  offset: number;
}

type Criterion = Parameters<typeof filterSchema>[0][number];

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** Validates a filter object; refuses with every field error at once (400). */
export function checkFilter(ctx: AppContext, s: Session, id: string, criteria: Criterion[], body: Record<string, any>, zone?: string): ReportFilter {
  for (const k of Object.keys(body)) if (blank(body[k])) delete body[k];
  const errors: FieldError[] = ctx.validators.validate(`report.${id}`, filterSchema(criteria), body, s.lang);
  const bad = (field: string) => errors.some((e) => e.field === field);
  const ini = blank(body.iniDate) ? undefined : parseDate(body.iniDate, false, zone);
  const end = blank(body.endDate) ? undefined : parseDate(body.endDate, true, zone);
  if (!blank(body.iniDate) && !bad('iniDate') && !ini) errors.push({ field: 'iniDate', msg: t(s.lang, 'report.badDate') });
  if (!blank(body.endDate) && !bad('endDate') && !end) errors.push({ field: 'endDate', msg: t(s.lang, 'report.badDate') });
  if (ini && end && end < ini) errors.push({ field: 'endDate', msg: t(s.lang, 'report.endBeforeIni') });
  if (errors.length) throw new ApiError(400, errors);
  const [type, action] = typeof body.type === 'string' ? body.type.trim().split('.', 2) : [];
  const pageSize = body.pageSize ?? MAX_ROWS;
  return {
    ini: ini!,
    end,
    userId: body.userId,
    type: type || undefined,
    action: action || undefined,
    adminUnitId: body.adminUnitId,
    searchKey: typeof body.searchKey === 'string' && body.searchKey.trim() ? body.searchKey.trim() : undefined,
    zone,
    limit: pageSize,
    offset: ((body.page ?? 1) - 1) * pageSize,
  };
}

/** Reads and checks the filter of a request. */
export async function readFilter(ctx: AppContext, c: Context<Env>, id: string, criteria: Criterion[]): Promise<ReportFilter> {
  return checkFilter(ctx, c.get('session'), id, criteria, await jsonBody(c), requestZone(c));
}

/** The header in which the UI sends the browser's IANA time zone. */
export const TIME_ZONE_HEADER = 'X-Time-Zone';

/** The user's time zone from the request, when it is a valid IANA zone; else undefined (the server's). */
export const requestZone = (c: Context<Env>): string | undefined => validZone(c.req.header(TIME_ZONE_HEADER));

/** A timestamp column value as an ISO string (drivers give Date objects or strings). */
export const iso = (v: unknown): string | null => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
