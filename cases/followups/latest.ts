import { t } from '../../engine/i18n.ts';
import type { Registry } from '../../engine/registry.ts';
import type { Em } from '../../server/db/orm.ts';
import type { Session } from '../../server/types.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { derivedFields, type DerivedField } from './derived.ts';
import { dateText } from '../../engine/date-text.ts';

/** One derived column of a case as the case header shows it. */
export interface LatestValue {
  /** The column's field (`microscopyResult`). */
  field: string;
  /** Its label in the session's language: 'Последний результат микроскопии'. */
  title: string;
  /** The stored value: an enum value or an ISO date. */
  value: string;
  /** The value in words: the enum's text, or the date as stored (`YYYY-MM-DD`). */
  text: string;
  /** `date` for a date (the UI formats it). */
  format?: string;
  /** The follow-up type it is read from (`EXAM_MICROSCOPY`), when its table is one. */
  type?: string;
}

/** The derived columns of `tbcase` the session may see: those read from a table it may read. */
export const visibleDerived = (registry: Registry, s: Session): DerivedField[] =>
  derivedFields(registry).filter((d) => d.table.name === 'tbcase' && (!d.from.meta.permission || hasPermission(s, d.from.meta.permission)));

/**
 * A derived value in words: an enum value by its text, a number as the language writes it, anything
 * else as stored.
 * @example derivedText(d, 'PLUS2', 'ru') // '++'; derivedText(weight, 61.5, 'ru') // '61,5'; derivedText(conversion, '2026-01-26', 'ru') // '26.01.2026'
 */
export function derivedText(d: DerivedField, value: unknown, lang: Session['lang']): string {
  // a date the way the language writes it (20.11.2026 in Russian), never as stored
  if (d.field.format === 'date' && typeof value === 'string') return dateText(value, lang);
  // a number the way the language writes it (61,5 in Russian)
  if (typeof value === 'number') return new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { maximumFractionDigits: 2 }).format(value);
  const prefix = d.field.schema['x-enum'];
  if (typeof prefix !== 'string') return String(value);
  const key = `${prefix}.${String(value)}`;
  const text = t(lang, key);
  return text === key ? String(value) : text;
}

/**
 * The case's non-empty derived columns (latest microscopy and Xpert results, culture conversion and
 * reversion…) the session may see, in schema order; undefined when the case is not in its view. A
 * column read from an exam table the session may not read (no `EXAM_MICROSCOPY`) is left out.
 * @example await caseLatest(em, registry, session, caseId)
 *   // [{ field: 'microscopyResult', title: 'Последний результат микроскопии', value: 'PLUS2', text: '++', type: 'EXAM_MICROSCOPY' }, …]
 */
export async function caseLatest(em: Em, registry: Registry, s: Session, caseId: string): Promise<LatestValue[] | undefined> {
  const row: Record<string, unknown> | undefined = await TableStore.of(registry, registry.table('tbcase'), em, s, 'read').read(caseId, { hidden: true });
  if (!row) return undefined;
  return visibleDerived(registry, s)
    .filter((d) => row[d.field.key] != null)
    .map((d) => ({
      field: d.field.key,
      title: d.field.title ? t(s.lang, d.field.title) : d.field.key,
      value: String(row[d.field.key]),
      text: derivedText(d, row[d.field.key], s.lang),
      ...(d.field.format ? { format: d.field.format } : {}),
      ...(d.from.meta.followup ? { type: d.from.meta.followup } : {}),
    }));
}
