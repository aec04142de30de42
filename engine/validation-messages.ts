/**
 * The text of a validation error, the same on the server (`engine/validate.ts`) and in the browser
 * (`ui/generic/forms/validator.ts`): `<field title>: <what is wrong>`, in Russian or English, with
 * JSON types named in words ('должно быть целым числом'), formats named ('должно быть адресом
 * электронной почты'), and a pattern explained by the field's `x-pattern-msg` (an i18n key) rather
 * than by its regular expression. Other keywords keep ajv-i18n's wording.
 *
 * No i18n or JSON imports: the browser must not bundle the server's translations for this.
 */
import type { ErrorObject } from 'ajv';
import localizeEnModule from 'ajv-i18n/localize/en/index.js';
import localizeRuModule from 'ajv-i18n/localize/ru/index.js';
import type { Lang } from './i18n.ts';
import type { JsonSchema } from './types.ts';

export interface FieldError {
  field: string | null;
  msg: string;
}

type Localize = (errors?: null | ErrorObject[]) => void;
const unwrap = (m: unknown): Localize => (m as { default?: Localize }).default ?? (m as Localize);
const localize: Record<Lang, Localize> = { ru: unwrap(localizeRuModule), en: unwrap(localizeEnModule) };

type Texts = {
  required: string;
  unknownField: string;
  mustBe: string;
  or: string;
  pattern: string;
  types: Record<string, string>;
  formats: Record<string, string>;
  /** Date bounds (`x-notAfter` / `x-notBefore`, engine/date-bounds.ts). */
  dates: { afterToday: string; beforeToday: string; after: string; before: string };
};

/** The messages, by language; exported for tests and for a UI that wants to show them. */
export const validationTexts: Record<Lang, Texts> = {
  ru: {
    required: 'Обязательное поле',
    unknownField: 'Неизвестное поле',
    mustBe: 'должно быть',
    or: 'или',
    pattern: 'имеет недопустимый формат',
    types: {
      string: 'строкой', number: 'числом', integer: 'целым числом', boolean: 'логическим значением (да/нет)',
      object: 'объектом', array: 'списком', null: 'пустым',
    },
    formats: {
      email: 'должно быть адресом электронной почты', date: 'должно быть датой', time: 'должно быть временем',
      'date-time': 'должно быть датой и временем', uuid: 'должно быть идентификатором записи', uri: 'должно быть веб-адресом',
      'time-zone': 'должно быть часовым поясом',
    },
    dates: {
      afterToday: 'не может быть позже сегодняшнего дня', beforeToday: 'не может быть раньше сегодняшнего дня',
      after: 'не может быть позже, чем', before: 'не может быть раньше, чем',
    },
  },
  en: {
    required: 'Required field',
    unknownField: 'Unknown field',
    mustBe: 'must be',
    or: 'or',
    pattern: 'has an invalid format',
    types: {
      string: 'a string', number: 'a number', integer: 'an integer', boolean: 'a boolean (yes/no)',
      object: 'an object', array: 'a list', null: 'empty',
    },
    formats: {
      email: 'must be an e-mail address', date: 'must be a date', time: 'must be a time',
      'date-time': 'must be a date and time', uuid: 'must be a record identifier', uri: 'must be a web address',
      'time-zone': 'must be a time zone',
    },
    dates: {
      afterToday: 'cannot be in the future', beforeToday: 'cannot be in the past',
      after: 'cannot be later than', before: 'cannot be earlier than',
    },
  },
};

/** How each side finds and names fields: the server from its schema (titles are i18n keys), the browser from the translated one. */
export interface MessageContext {
  lang: Lang;
  /** Translates an i18n key of the schema (`x-pattern-msg`). */
  tr: (key: string) => string;
  /** The schema of the field at a document path (`['medicines', '0', 'days']`), when known. */
  schemaAt: (path: string[]) => JsonSchema | undefined;
  /** The field's label: its translated title, else the last part of its path. */
  label: (node: JsonSchema | undefined, path: string[]) => string;
}

/** What is wrong, without the field's name. */
export function errorText(e: ErrorObject, node: JsonSchema | undefined, c: Pick<MessageContext, 'lang' | 'tr'>): string {
  const x = validationTexts[c.lang] ?? validationTexts.ru;
  switch (e.keyword) {
    case 'required':
      return x.required;
    case 'additionalProperties':
      return x.unknownField;
    case 'type': {
      const given = (e.params as { type?: string | string[] }).type;
      const types = (Array.isArray(given) ? given : String(given ?? '').split(',')).map((s) => s.trim()).filter(Boolean);
      return `${x.mustBe} ${types.map((s) => x.types[s] ?? s).join(` ${x.or} `)}`;
    }
    case 'pattern': {
      const key = node?.['x-pattern-msg'];
      return typeof key === 'string' ? c.tr(key) : x.pattern;
    }
    case 'format':
      return x.formats[(e.params as { format?: string }).format ?? ''] ?? x.pattern;
  }
  const copy = { ...e };
  localize[c.lang]([copy]);
  return copy.message ?? e.message ?? e.keyword;
}

/** One ajv error as `{field, msg}`: the field's dotted path and `<label>: <text>` (the text alone for the document itself). */
export function fieldErrorOf(e: ErrorObject, c: MessageContext): FieldError {
  const path = e.instancePath.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = e.params as { missingProperty?: string; additionalProperty?: string };
  if (e.keyword === 'required' && params.missingProperty !== undefined) {
    const field = [...path, params.missingProperty];
    return { field: field.join('.'), msg: `${c.label(c.schemaAt(field), field)}: ${errorText(e, undefined, c)}` };
  }
  if (e.keyword === 'additionalProperties' && params.additionalProperty !== undefined) {
    const field = [...path, params.additionalProperty];
    return { field: field.join('.'), msg: `${field.join('.')}: ${errorText(e, undefined, c)}` };
  }
  const node = c.schemaAt(path);
  const text = errorText(e, node, c);
  return path.length ? { field: path.join('.'), msg: `${c.label(node, path)}: ${text}` } : { field: null, msg: text };
}

/** The schema of a document path within `root`, through `properties` and `items`. */
export function schemaAtPath(root: JsonSchema | undefined, path: string[]): JsonSchema | undefined {
  let node = root;
  for (const part of path) {
    if (!node) return undefined;
    node = /^\d+$/.test(part) && node.items ? node.items : node.properties?.[part];
  }
  return node;
}
