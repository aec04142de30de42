/**
 * One cell as the value of the field it is mapped to — a date, a number, yes/no, an enum's code, a
 * catalogue row's id — or why it cannot be, in the user's language. An enum or a catalogue value is
 * taken as the user matched it in the mapping (`values`), else by its code or its label/name.
 */
import { t, type Lang } from '../../engine/i18n.ts';
import { cellText, type Cell } from './files/cells.ts';
import { dateOf } from './dates.ts';
import type { Catalogues } from './catalogues.ts';
import { enumOptions, type ImportField } from './fields.ts';
import { normalize } from './normalize.ts';

export type Converted = { value: unknown } | { error: string };

const YES = new Set(['да', 'д', 'yes', 'y', 'true', 'истина', '1', '+', 'есть']);
const NO = new Set(['нет', 'н', 'no', 'n', 'false', 'ложь', '0', '-', 'не']);

const texts = new WeakMap<ImportField, { value: string; texts: string[] }[]>();
/** An enum's codes with the texts that name each: the code, its Russian and English labels. */
function enumTexts(field: ImportField) {
  let found = texts.get(field);
  if (!found) {
    const en = enumOptions(field, 'en');
    found = enumOptions(field, 'ru').map((ru, i) => ({ value: ru.value, texts: [ru.value, ru.label, en[i].label].map(normalize) }));
    texts.set(field, found);
  }
  return found;
}

/** Whether a cell holds nothing. */
export const isBlank = (c: Cell) => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

/**
 * The value for `field` of a cell (never blank: a blank cell gives no value).
 * `matched` are the user's matches of this field's file values (text → code or id).
 * @example await convert(genderField, 'ж', { lang: 'ru', matched: { ж: 'FEMALE' }, catalogues }) // { value: 'FEMALE' }
 * @example await convert(dateField, '31.02.2024', …) // { error: 'Нет такой даты: 31.02.2024' }
 */
export async function convert(field: ImportField, cell: Cell, o: { lang: Lang; matched?: Record<string, string>; catalogues: Catalogues }): Promise<Converted> {
  const text = cellText(cell).trim();
  const err = (key: string) => ({ error: t(o.lang, `importjob.msg.${key}`, { value: text }) });
  if (cell && typeof cell === 'object' && 'e' in cell) return err('excelError');
  switch (field.kind) {
    case 'date': {
      const d = dateOf(cell);
      return 'date' in d ? { value: d.date } : err(d.error === 'format' ? 'notDate' : d.error);
    }
    case 'integer':
    case 'number': {
      const n = typeof cell === 'number' ? cell : /^[-+]?\d+(?:[.,]\d+)?$/.test(text.replace(/\s/g, '')) ? Number(text.replace(/\s/g, '').replace(',', '.')) : NaN;
      if (!Number.isFinite(n)) return err('notNumber');
      if (field.kind === 'integer' && !Number.isInteger(n)) return err('notInteger');
      return { value: n };
    }
    case 'boolean': {
      if (typeof cell === 'boolean') return { value: cell };
      const m = o.matched?.[text];
      if (m === 'true' || m === 'false') return { value: m === 'true' };
      const n = normalize(text);
      if (YES.has(n)) return { value: true };
      if (NO.has(n)) return { value: false };
      return err('notYesNo');
    }
    case 'enum': {
      const m = o.matched?.[text];
      const options = enumTexts(field);
      if (m !== undefined && options.some((x) => x.value === m)) return { value: m };
      const n = normalize(text);
      const hit = options.find((x) => x.texts.includes(n));
      return hit ? { value: hit.value } : err('notInList');
    }
    case 'ref': {
      const c = await o.catalogues.candidates(field.field!);
      const m = o.matched?.[text];
      if (m !== undefined && c.rows.some((r) => r.id === m)) return { value: m };
      const rows = c.byText.get(normalize(text)) ?? [];
      if (rows.length === 1) return { value: rows[0].id };
      return err(rows.length > 1 ? 'ambiguous' : 'notInCatalogue');
    }
    default:
      return { value: typeof cell === 'number' ? String(cell) : text };
  }
}

/**
 * Whether a file's value of an enum, yes/no or catalogue field is recognised without the user's
 * help (its code, label or name): the values the mapping step lists as unmatched are the others.
 */
export async function recognised(field: ImportField, text: string, catalogues: Catalogues): Promise<boolean> {
  if (!text.trim()) return true;
  const r = await convert(field, text, { lang: 'ru', catalogues });
  return 'value' in r;
}
