import { checkBody } from '../cases/treatment/body.ts';
import { ApiError } from '../server/http/errors.ts';
import { inputDateErrors } from '../server/tbl/date-bounds.ts';
import type { AppContext, Doc, Session } from '../server/types.ts';

/**
 * A stock call's body checked by its declared form (`schemas/forms/stock_*.json`): ajv with the forms'
 * messages, then the form's date bounds (`x-notAfter: today`, `x-notBefore: iniDate`) as an action's
 * input is; 400 with the fields' errors.
 * @example const doc = checkStockBody(ctx, s, 'stock_report_leadtime', await jsonBody(c))
 */
export function checkStockBody(ctx: AppContext, s: Session, form: string, body: Doc): Doc {
  const { doc } = checkBody(ctx, s, form, body, []);
  const errors = inputDateErrors(ctx.registry.schemas.get(form) as Parameters<typeof inputDateErrors>[0], doc, s);
  if (errors.length) throw new ApiError(400, errors);
  return doc;
}
