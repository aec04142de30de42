/**
 * What the offline client has not yet sent (docs/sync.md › What is not yet sent): the uploads its next
 * synchronisation would make — the same batch as `localChanges` builds, one per row — each with its
 * table's title, its case (the row at the top of its parent chain, or the case itself), the titles of
 * the fields it changes, who made it and when; and the changes the server refused, which stay listed
 * with their reasons until fixed or discarded. The toolbar shows the count, the sync page the list.
 */
import { t, type Lang } from '../../../engine/i18n.ts';
import type { TableDef } from '../../../engine/types.ts';
import { kysely, kyselyByName } from '../../db/kysely.ts';
import type { Em } from '../../db/orm.ts';
import type { AppContext, Doc } from '../../types.ts';
import type { UnsentChange } from '../../../engine/sync-views.ts';
import { lastLocalSeq, localChanges } from './outbox.ts';
import { readState, type RejectedChange } from './state.ts';

/**
 * A row's table named as one of its rows, as the forms name their parts (`<table>.singular`:
 * 'Случай', not the table's 'Случаи'); its title where no such name is declared.
 * @example partName(registry.table('tbcase'), 'ru') // 'Случай'
 */
export function partName(def: TableDef, lang: Lang): string {
  const singular = `${def.name}.singular`;
  const name = t(lang, singular);
  if (name !== singular) return name;
  return def.schema.title ? t(lang, def.schema.title) : def.name;
}

/** How many unsent changes the list shows (the count is of all of them). */
const LIST_MAX = 200;

/** The case at the top of a row's parent chain, read on the client (a deleted row: its data's parent). */
async function caseOf(em: Em, ctx: AppContext, def: TableDef, id: string, data: Doc | undefined): Promise<string | null> {
  let table = def;
  let rowId: string | null = id;
  for (let depth = 0; rowId && depth < 5; depth++) {
    if (table.name === 'tbcase') return rowId;
    const parent = table.meta.parent;
    if (!parent) return null;
    const field = table.fields.find((f) => f.key === parent)!;
    const row = await kyselyByName(em).selectFrom(table.name).select(`${field.column} as p`).where('id', '=', rowId).executeTakeFirst();
    const next: unknown = row?.p ?? (depth === 0 ? data?.[parent] : undefined);
    rowId = typeof next === 'string' ? next : null;
    table = ctx.registry.table(field.ref!);
  }
  return null;
}

/**
 * The client's unsent changes: `count` of all, `list` of the first 200 (the refused ones first, with
 * their reasons), labelled in `lang`.
 * @example await unsentChanges(ctx, 'ru') // { count: 2, list: [{ table: 'tbcase', tableTitle: 'Случай', caseNumber: 'Б-12', fields: ['Группа регистрации'], … }] }
 */
export async function unsentChanges(ctx: AppContext, lang: Lang): Promise<{ count: number; list: UnsentChange[] }> {
  const em = ctx.orm.em.fork();
  const state = await readState(em, ctx);
  if (!state) return { count: 0, list: [] };
  const pending = await localChanges(em, ctx, state.id, state.localSeq, await lastLocalSeq(em));
  const rejected = new Map((state.rejected ?? []).map((r) => [`${r.table}:${r.id}`, r]));
  // a refused row edited again is sent again with the edit: listed once, as the refused change with its reasons
  const changes = [...(state.rejected ?? []), ...pending.filter((c) => !rejected.has(`${c.table}:${c.id}`))];
  const users = new Map((await kysely(em).selectFrom('sysuser').select(['id', 'name']).execute()).map((u) => [String(u.id), String(u.name)]));
  const list: UnsentChange[] = [];
  for (const c of changes.slice(0, LIST_MAX)) {
    const def = ctx.registry.tables.get(c.table);
    if (!def) continue;
    const caseId = await caseOf(em, ctx, def, c.id, c.data);
    const number = caseId ? await kysely(em).selectFrom('tbcase').select('case_number').where('id', '=', caseId).executeTakeFirst() : undefined;
    const fields = Object.keys(c.data ?? {}).map((k) => {
      const title = def.fields.find((f) => f.path[0] === k)?.title ?? def.children.find((ch) => ch.prop === k)?.title;
      return title ? t(lang, title) : k;
    });
    list.push({
      table: def.name, tableTitle: partName(def, lang), id: c.id, op: c.op, caseId, caseNumber: (number?.case_number as string | null) ?? null,
      fields: [...new Set(fields)], userName: c.userId ? (users.get(c.userId) ?? null) : null, at: c.at,
      ...('errors' in c ? { errors: (c as RejectedChange).errors } : {}),
    });
  }
  return { count: changes.length, list };
}
