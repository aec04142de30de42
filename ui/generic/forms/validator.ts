/**
 * The rjsf validator: ajv 8 (non-strict, so the `x-*` keywords pass), messages in the UI language
 * through ajv-i18n, and names of missing properties replaced by their (translated) titles.
 *
 * One validator per prepared schema: ajv caches compiled schemas by `$id`, and a schema whose
 * titles changed language must not reuse the old compilation.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import localizeRuModule from 'ajv-i18n/localize/ru/index.js';

type Localize = (errors?: null | ErrorObject[]) => void;
const localizeRu: Localize =
  (localizeRuModule as unknown as { default?: Localize }).default ?? (localizeRuModule as unknown as Localize);

function titleOf(parentSchema: unknown, prop: string): string | undefined {
  const props = (parentSchema as { properties?: Record<string, { title?: unknown }> } | undefined)?.properties;
  const title = props?.[prop]?.title;
  return typeof title === 'string' ? title : undefined;
}

/**
 * Localises the messages and names missing properties by their titles. The `if` keyword's own
 * error ('must match "then" schema') is dropped: the fields the `then` requires already say it.
 */
export function localizer(lang: string): Localize {
  return (errors) => {
    if (!errors?.length) return;
    for (let i = errors.length - 1; i >= 0; i--) if (errors[i].keyword === 'if') errors.splice(i, 1);
    if (lang === 'ru') localizeRu(errors);
    for (const e of errors) {
      const prop = (e.params as { missingProperty?: string }).missingProperty;
      if (!prop || !e.message) continue;
      const title = titleOf(e.parentSchema, prop);
      if (title) e.message = e.message.replace(prop, `«${title}»`);
    }
  };
}

export function createValidator(lang: string) {
  return customizeValidator({ ajvOptionsOverrides: { strict: false, verbose: true } }, localizer(lang));
}
