import { sql } from 'kysely';
import { boundError, boundMessage, dateBoundChecks, dateBoundErrors } from '../../engine/date-bounds.ts';
import { isUuid } from '../../engine/formats.ts';
import { t } from '../../engine/i18n.ts';
import type { JsonSchema, TableDef } from '../../engine/types.ts';
import { schemaAtPath } from '../../engine/validation-messages.ts';
import { batchColumns } from '../db/batch-rows.ts';
import type { Em } from '../db/orm.ts';
import { kyselyByName } from '../db/kysely.ts';
import { ApiError } from '../http/errors.ts';
import type { AppContext, Doc, Session } from '../types.ts';
import { todayOf } from '../http/time-zone.ts';

/**
 * Refuses dates out of their declared bounds (`x-notAfter` / `x-notBefore`, engine/date-bounds.ts):
 * after today in the session's time zone, or before another date — of the document, or of a row a
 * reference points at (the case's patient's birth date, read in the same transaction, so a composed
 * form's new patient counts). Every error at once: 400 `{errors: [{field, msg}]}`.
 * @example await checkDateBounds(em, ctx, registry.table('tbcase'), { registrationDate: '2099-01-01', … }, session)
 */
export async function checkDateBounds(em: Em, ctx: AppContext, def: TableDef, doc: Doc, session: Session): Promise<void> {
  const checks = dateBoundChecks(def.schema, doc);
  if (!checks.length) return;
  const label = (schema: TableDef['schema'], path: string[]) => {
    const node = schemaAtPath(schema, path);
    return node?.title ? t(session.lang, node.title) : path.at(-1) ?? '';
  };
  const today = todayOf(session);
  const errors: ApiError['errors'] = [];
  // a row's date is read once, however many fields it bounds (a case's registration and diagnosis: the birth date)
  const read = new Map<string, Promise<string | undefined>>();
  for (const c of checks) {
    let bound: unknown;
    let boundLabel: string;
    if ('today' in c.bound) [bound, boundLabel] = [today, 'today'];
    else if ('place' in c.bound) [bound, boundLabel] = [c.bound.value, label(def.schema, c.bound.place.filter((s) => s !== '[]'))];
    else {
      const { table, id, field: key } = c.bound;
      const target = ctx.registry.table(table);
      const field = target.fields.find((f) => f.key === key);
      if (!field || !isUuid(id)) continue;
      const at = `${table} ${id} ${key}`;
      // a row the import's chunk has just made (the case's new patient): its date as the chunk wrote it
      const mine = batchColumns(em, target.name, [id], target.meta.workspace ? [field.column, 'workspace_id'] : [field.column])?.[0];
      const made = mine && (!target.meta.workspace || mine.workspace_id === session.workspaceId) ? mine[field.column] : undefined;
      if (!read.has(at) && (made === null || (typeof made === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(made)))) read.set(at, Promise.resolve(made ?? undefined));
      if (!read.has(at)) {
        let q = kyselyByName(em).selectFrom(target.name).select(sql<string | null>`${sql.ref(field.column)}::text`.as('v')).where('id', '=', id);
        if (target.meta.workspace) q = q.where('workspace_id', '=', session.workspaceId);
        read.set(at, q.executeTakeFirst().then((r) => r?.v ?? undefined));
      }
      [bound, boundLabel] = [await read.get(at), label(target.schema, [key])];
    }
    const msg = boundError(c.kind, c.value, bound, boundLabel, session.lang);
    if (msg) errors.push({ field: c.path.join('.'), msg: boundMessage(def.schema, c.path, session.lang) ?? `${label(def.schema, c.path)}: ${msg}` });
  }
  if (errors.length) throw new ApiError(400, errors);
}

/**
 * The bound errors of a document checked against a form file (an action's input: the close dialog's
 * outcome date not after today), bounds in the document or today only; worded as the table's.
 * @example inputDateErrors(caseCloseSchema, { outcomeDate: '2099-01-01', outcome: 'CURED' }, session) // [{field: 'outcomeDate', msg: 'Дата исхода: не может быть позже сегодняшнего дня'}]
 */
export function inputDateErrors(schema: JsonSchema, doc: unknown, session: Session): ApiError['errors'] {
  return dateBoundErrors(schema, doc, todayOf(session), session.lang, (path) => {
    const node = schemaAtPath(schema, path);
    return node?.title ? t(session.lang, node.title) : path.at(-1) ?? '';
  });
}
