import { dateText } from '../../engine/date-text.ts';
import type { DocDiff } from '../../engine/diff.ts';
import type { HistoryDetail } from '../../engine/history-detail.ts';
import { t, type Lang } from '../../engine/i18n.ts';
import type { Registry } from '../../engine/registry.ts';
import type { Field, TableDef } from '../../engine/types.ts';
import type { Em } from '../db/orm.ts';
import type { Doc } from '../types.ts';
import { getPath } from '../tbl/rows.ts';
import { TableStore } from '../tbl/store.ts';

export type { HistoryDetail };

/** Turns stored values into what a reader of the history understands: names, labels, Да/Нет. */
async function labeler(em: Em, def: TableDef, lang: Lang, values: { field: Field; value: unknown }[]) {
  const refIds = new Map<string, { label?: string[]; ids: Set<string> }>();
  for (const { field, value } of values) {
    if (!field.ref || typeof value !== 'string') continue;
    if (!refIds.has(field.ref)) refIds.set(field.ref, { label: field.refLabel, ids: new Set() });
    refIds.get(field.ref)!.ids.add(value);
  }
  const names = new Map<string, string>();
  for (const [table, { label, ids }] of refIds) {
    for (const [id, name] of await TableStore.names(em, table, [...ids], label)) names.set(id, name);
  }
  return (field: Field, value: unknown): unknown => {
    if (value === null || value === undefined || value === '') return null;
    if (field.ref) return names.get(value as string) ?? value;
    if (typeof value === 'boolean') return t(lang, value ? 'msg.yes' : 'msg.no');
    if (field.format === 'date' && typeof value === 'string') return dateText(value, lang); // 20.11.2026
    // An enum's label, whether its values are strings or numbers (a regimen row's frequency 7 → '7/7');
    // a value without a label stays as it is.
    const prefix = field.schema['x-enum'];
    if (prefix && (typeof value === 'string' || typeof value === 'number')) {
      const key = `${prefix}.${value}`;
      const text = t(lang, key);
      return text === key ? value : text;
    }
    return value;
  };
}

const title = (lang: Lang, f: Field) => (f.title ? t(lang, f.title) : f.key);

/**
 * A field's title in the reader's language, for the details that domain actions write by hand
 * (`{title: fieldTitle(registry, 'sysuser', 'mobile', lang)}` → 'Мобильный телефон').
 */
export function fieldTitle(registry: Registry, table: string, key: string, lang: Lang): string {
  const f = registry.tables.get(table)?.fields.find((x) => x.key === key);
  return f ? title(lang, f) : key;
}

/**
 * Stored values of one field (or child table, by its property) as the reader reads them — names for
 * references, labels for codes, dd.MM.yyyy dates, Да/Нет — null for none; a value with no label as text.
 * @example await valueTexts(em, registry.table('tbcase'), 'registrationGroup', ['NEW', 'RELAPSE'], 'ru') // ['Новый случай', 'Рецидив']
 */
export async function valueTexts(em: Em, def: TableDef, key: string, values: unknown[], lang: Lang): Promise<(string | null)[]> {
  const field = def.fields.find((f) => f.key === key);
  if (field) {
    const label = await labeler(em, def, lang, values.map((value) => ({ field, value })));
    return values.map((v) => {
      const text = label(field, v);
      return text == null ? null : typeof text === 'object' ? JSON.stringify(text) : String(text);
    });
  }
  if (def.children.some((c) => c.prop === key)) {
    return Promise.all(values.map(async (v) => (Array.isArray(v) && v.length ? childLabels(em, def, key, v, lang) : null)));
  }
  return values.map((v) => (v == null || v === '' ? null : typeof v === 'object' ? JSON.stringify(v) : String(v)));
}

/** The detail of a create or delete: every non-empty field as `{title, value}`. */
export async function describeDoc(em: Em, def: TableDef, doc: Doc, lang: Lang): Promise<HistoryDetail> {
  const fields = def.fields.filter((f) => !f.hidden && f.kind !== 'none' && getPath(doc, f.path) != null);
  const label = await labeler(em, def, lang, fields.map((f) => ({ field: f, value: getPath(doc, f.path) })));
  const items = fields.map((f) => ({ title: title(lang, f), value: label(f, getPath(doc, f.path)) }));
  for (const c of def.children) {
    const list = (doc[c.prop] as unknown[]) ?? [];
    if (list.length) items.push({ title: c.title ? t(lang, c.title) : c.prop, value: await childLabels(em, def, c.prop, list, lang) });
  }
  return { items };
}

/** The detail of an update: `{title, prevValue, newValue}` per change; child items as `+title` / `-title`. */
export async function describeDiff(em: Em, def: TableDef, diff: DocDiff, lang: Lang): Promise<HistoryDetail> {
  const byKey = new Map(def.fields.map((f) => [f.key, f]));
  const values = diff.changes.flatMap((c) => [
    { field: byKey.get(c.field)!, value: c.prevValue },
    { field: byKey.get(c.field)!, value: c.newValue },
  ]);
  const label = await labeler(em, def, lang, values);
  const diffs = diff.changes.map((c) => {
    const f = byKey.get(c.field)!;
    return { title: title(lang, f), prevValue: label(f, c.prevValue), newValue: label(f, c.newValue) };
  });
  const items: HistoryDetail['items'] = [];
  for (const [sign, list] of [['+', diff.added], ['-', diff.removed]] as const) {
    for (const { field, value } of list) {
      const c = def.children.find((x) => x.prop === field)!;
      items.push({ title: `${sign}${c.title ? t(lang, c.title) : field}`, value: await childLabels(em, def, field, [value], lang) });
    }
  }
  diffs.push(...(await rowDiffs(em, def, diff, lang)));
  return { diffs, ...(items.length ? { items } : {}) };
}

/**
 * A kept child row's changes as diffs titled by the table, the row's first value and the field
 * ('Препараты схемы (Изониазид): Доза'); a new order of kept rows as the table's rows before and after.
 */
async function rowDiffs(em: Em, def: TableDef, diff: DocDiff, lang: Lang): Promise<NonNullable<HistoryDetail['diffs']>> {
  const out: NonNullable<HistoryDetail['diffs']> = [];
  for (const row of diff.rows) {
    const c = def.children.find((x) => x.prop === row.field)!;
    const byKey = new Map(c.fields.map((f) => [f.key, f]));
    const first = c.fields[0];
    const label = await labeler(em, def, lang, [
      { field: first, value: getPath(row.prev, first.path) },
      ...row.changes.flatMap((ch) => [{ field: byKey.get(ch.field)!, value: ch.prevValue }, { field: byKey.get(ch.field)!, value: ch.newValue }]),
    ]);
    const table = c.title ? t(lang, c.title) : c.prop;
    const name = label(first, getPath(row.prev, first.path));
    for (const ch of row.changes) {
      const f = byKey.get(ch.field)!;
      out.push({ title: `${table}${name != null ? ` (${name})` : ''}: ${title(lang, f)}`, prevValue: label(f, ch.prevValue), newValue: label(f, ch.newValue) });
    }
  }
  for (const { field, prev, next } of diff.reordered) {
    const c = def.children.find((x) => x.prop === field)!;
    out.push({ title: c.title ? t(lang, c.title) : field, prevValue: await childLabels(em, def, field, prev, lang), newValue: await childLabels(em, def, field, next, lang) });
  }
  return out;
}

/** A child item as text: refs by name, objects as `title: value` pairs. */
async function childLabels(em: Em, def: TableDef, prop: string, list: unknown[], lang: Lang): Promise<string> {
  const c = def.children.find((x) => x.prop === prop)!;
  const pairs = list.flatMap((item) => c.fields.map((f) => ({ field: f, value: c.scalarItems ? item : getPath(item as Doc, f.path) })));
  const label = await labeler(em, def, lang, pairs);
  return list
    .map((item) =>
      c.scalarItems
        ? String(label(c.fields[0], item))
        : c.fields
            .filter((f) => getPath(item as Doc, f.path) != null)
            .map((f) => `${title(lang, f)}: ${label(f, getPath(item as Doc, f.path))}`)
            .join(', '),
    )
    .join('; ');
}
