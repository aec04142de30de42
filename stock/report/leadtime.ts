/**
 * REP_ORDER_LEADTIME: the orders received in a period, placed by the units of the place
 * asked within the reader's view, each with the days its steps took — placed → authorised, authorised →
 * sent, sent → received, and placed → received — and their averages over the orders (one decimal).
 * The newest 500 received are listed; the count and the averages are over all of them.
 */
import { sql } from 'kysely';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import type { Session } from '../../server/types.ts';
import { placeCondition, type ReportPlace } from './place.ts';

export interface LeadtimeRequest extends ReportPlace {
  iniDate: string;
  endDate: string;
}

/** Days of each step of an order. */
export interface StepDays {
  authorize: number;
  send: number;
  receive: number;
  total: number;
}

export interface LeadtimeOrder {
  id: string;
  unitName: string;
  supplierName: string;
  date: string;
  authorizedDate: string;
  sentDate: string;
  receivedDate: string;
  days: StepDays;
}

export interface LeadtimeReport {
  count: number;
  /** Null when no order was received in the period. */
  average: StepDays | null;
  orders: LeadtimeOrder[];
}

const LISTED = 500;
const oneDecimal = (x: unknown) => Math.round(Number(x) * 10) / 10;

/**
 * The lead-time report of the request (checked by `schemas/forms/stock_report_leadtime.json`).
 * @example await leadtimeReport(em, s, { scope: 'WORKSPACE', iniDate: '2026-09-01', endDate: '2026-10-31' })
 * // { count: 2, average: { authorize: 1, send: 7.5, receive: 6.5, total: 15 }, orders: [...] }
 */
export async function leadtimeReport(em: Em, s: Session, r: LeadtimeRequest): Promise<LeadtimeReport> {
  const inPlace = await placeCondition(em, s, r, sql.ref('o.unit_id'));
  if (!inPlace) return { count: 0, average: null, orders: [] };
  const db = kysely(em);
  const where = sql`o.workspace_id = ${s.workspaceId} and o.state = 'RECEIVED' and o.received_date between ${r.iniDate} and ${r.endDate} and ${inPlace}`;
  const steps = sql`o.authorized_date - o.date as a, o.sent_date - o.authorized_date as s, o.received_date - o.sent_date as r, o.received_date - o.date as t`;
  const summary = (await sql<{ n: string; a: string; s: string; r: string; t: string }>`
    select count(*) as n, avg(a) as a, avg(s) as s, avg(r) as r, avg(t) as t from (select ${steps} from stockorder o where ${where}) x`.execute(db)).rows[0];
  const listed = (await sql<Record<string, any>>`
    select o.id, u.name as unit_name, su.name as supplier_name, o.date, o.authorized_date, o.sent_date, o.received_date, ${steps}
    from stockorder o join unit u on u.id = o.unit_id left join unit su on su.id = o.supplier_id
    where ${where} order by o.received_date desc, o.id limit ${LISTED}`.execute(db)).rows;
  const count = Number(summary.n);
  return {
    count,
    average: count ? { authorize: oneDecimal(summary.a), send: oneDecimal(summary.s), receive: oneDecimal(summary.r), total: oneDecimal(summary.t) } : null,
    orders: listed.map((o) => ({
      id: o.id,
      unitName: o.unit_name,
      supplierName: o.supplier_name ?? '',
      date: o.date,
      authorizedDate: o.authorized_date,
      sentDate: o.sent_date,
      receivedDate: o.received_date,
      days: { authorize: Number(o.a), send: Number(o.s), receive: Number(o.r), total: Number(o.t) },
    })),
  };
}
