/**
 * Dispensing for a case (`POST /api/stock/case/{caseId}/dispense`, `schemas/forms/stock_casedispense.json`):
 * the medicines and quantities the user chose (`items`), or — without them — every medicine due by the
 * doses taken up to `to` (`treatment-due.ts`). Each medicine is given as far as the unit's batches go on
 * the date, first expiry first out (`dispenseAvailable`); what one medicine lacks does not stop the
 * others, and the answer says per medicine what could not be given. Only when nothing at all could be
 * given is it refused (400, a message per medicine naming it), nothing written.
 */
import { t } from '../engine/i18n.ts';
import { kysely } from '../server/db/kysely.ts';
import type { Em } from '../server/db/orm.ts';
import { fail, type ApiError } from '../server/http/errors.ts';
import { ApiError as Refusal } from '../server/http/errors.ts';
import type { AppContext, Session } from '../server/types.ts';
import { dispenseAvailable } from './dispense.ts';
import type { WrittenMovement } from './movements.ts';
import { caseDue } from './treatment-due.ts';

/** The checked body: the unit, the date, and either the medicines chosen or the day the doses were taken up to. */
export interface CaseDispenseBody {
  unitId: string;
  date: string;
  to?: string;
  items?: { productId: string; quantity: number }[];
}

/** A medicine the unit could not give in full: asked, given, and the rest. */
export interface NotGiven {
  productId: string;
  productName: string;
  asked: number;
  given: number;
  /** 'HRZE …: выдано 8 из 12 — недостаточно остатка'. */
  msg: string;
}

/** What a dispensing for a case wrote, and what it could not give. */
export interface CaseDispensed {
  movements: (WrittenMovement & { productName: string })[];
  notGiven: NotGiven[];
}

/** The lines to give: the items chosen (none of 0), or what is due up to `to` (400 on `to` when nothing is). */
async function linesOf(em: Em, s: Session, caseId: string, body: CaseDispenseBody) {
  if (body.items) {
    const ids = [...new Set(body.items.map((i) => i.productId))];
    const names = new Map(ids.length ? (await kysely(em).selectFrom('product').select(['id', 'name']).where('id', 'in', ids).execute()).map((r) => [r.id as string, r.name as string]) : []);
    const lines = body.items.map((i, row) => ({ row, productId: i.productId, productName: names.get(i.productId) ?? '', quantity: i.quantity })).filter((l) => l.quantity > 0);
    if (!lines.length) throw fail(400, t(s.lang, 'stock.nothingChosen'), 'items');
    return lines;
  }
  if (!body.to) throw fail(400, t(s.lang, 'msg.required'), 'to');
  const due = (await caseDue(em, s.workspaceId, caseId, body.to)).filter((m) => m.due > 0);
  if (!due.length) throw fail(400, t(s.lang, 'stock.nothingDue'), 'to');
  return due.map((m) => ({ row: undefined, productId: m.productId, productName: m.productName, quantity: m.due }));
}

/**
 * Dispenses for the case inside a transaction already open (the case locked and in the writer's view,
 * the unit checked by the caller): each line as far as the unit's stock goes on the date.
 * @example await dispenseForCase(ctx, s, em, caseId, { unitId, date: '2026-11-29', items: [{ productId: hrze, quantity: 12 }, { productId: hr, quantity: 8 }] })
 *   // { movements: [{ batchNumber: 'A1', quantity: -12, productName: 'HRZE …' }], notGiven: [{ productName: 'HR …', asked: 8, given: 0, msg: '…' }] }
 */
export async function dispenseForCase(ctx: AppContext, s: Session, em: Em, caseId: string, body: CaseDispenseBody): Promise<CaseDispensed> {
  const out: CaseDispensed = { movements: [], notGiven: [] };
  const refusals: { field: string | null; msg: string }[] = [];
  for (const line of await linesOf(em, s, caseId, body)) {
    const r = await dispenseAvailable(ctx, s, em, { unitId: body.unitId, caseId, productId: line.productId, quantity: line.quantity, date: body.date });
    out.movements.push(...r.movements.map((m) => ({ ...m, productName: line.productName })));
    if (!r.short) continue;
    const msg = t(s.lang, 'stock.notGiven', { medicine: line.productName, given: r.given, asked: line.quantity });
    out.notGiven.push({ productId: line.productId, productName: line.productName, asked: line.quantity, given: r.given, msg });
    refusals.push({ field: line.row === undefined ? null : `items.${line.row}.quantity`, msg });
  }
  if (!out.movements.length) throw new Refusal(400, refusals) satisfies ApiError;
  return out;
}
