/**
 * The rjsf validator: ajv 8 (non-strict, so the `x-*` keywords pass) with the server's messages —
 * `engine/validation-messages.ts` words every error as `<field title>: <what is wrong>` in the UI
 * language, exactly as the server does (types in words, a pattern by its `x-pattern-msg`).
 *
 * One validator per prepared schema: ajv caches compiled schemas by `$id`, and a schema whose
 * titles changed language must not reuse the old compilation.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import i18next from 'i18next';
import { isDate, isDateTime, isUuid } from '../../../engine/formats.ts';
import { isTimeZone } from '../../../engine/dates.ts';
import { fieldErrorOf, schemaAtPath } from '../../../engine/validation-messages.ts';
import type { JsonSchema } from '../../../engine/types.ts';

type Localize = (errors?: null | ErrorObject[]) => void;

/**
 * Rewrites each error's message as the server would. The schema here is already translated, so a
 * field's label is its title as is; `x-pattern-msg` keys go through `tr` (i18next by default). The
 * `if` keyword's own error ('must match "then" schema') is dropped: the fields the `then` requires
 * already say it.
 */
export function localizer(lang: string, tr: (key: string) => string = (k) => i18next.t(k), root: () => JsonSchema | undefined = () => undefined): Localize {
  return (errors) => {
    if (!errors?.length) return;
    for (let i = errors.length - 1; i >= 0; i--) if (errors[i].keyword === 'if') errors.splice(i, 1);
    for (const e of errors) {
      const own = e.instancePath.split('/').filter(Boolean).length;
      const parent = e.parentSchema as JsonSchema | undefined;
      e.message = fieldErrorOf(unquoted(e), {
        lang: lang === 'en' ? 'en' : 'ru',
        tr,
        // as on the server, by the document path in the whole schema; else the error's own node, or (required) a property of it
        schemaAt: (path) => schemaAtPath(root(), path) ?? (path.length === own ? parent : parent?.properties?.[path[path.length - 1]]),
        label: (node, path) => (typeof node?.title === 'string' ? node.title : path[path.length - 1] ?? ''),
      }).msg;
    }
  };
}

/** rjsf quotes `missingProperty` while the localizer runs (to put titles in ajv's own messages); the engine wants the name. */
function unquoted(e: ErrorObject): ErrorObject {
  const p = e.params as { missingProperty?: unknown };
  const quoted = typeof p.missingProperty === 'string' && /^'.*'$/.test(p.missingProperty);
  return quoted ? { ...e, params: { ...p, missingProperty: (p.missingProperty as string).slice(1, -1) } } : e;
}

export function createValidator(lang: string, tr?: (key: string) => string) {
  let root: JsonSchema | undefined;
  // the server's formats (engine/formats.ts): the browser refuses the ids and dates the server refuses
  const customFormats = { uuid: isUuid, date: isDate, 'date-time': isDateTime, 'time-zone': isTimeZone } as Record<string, (v: string) => boolean>;
  const validator = customizeValidator({ customFormats, ajvOptionsOverrides: { strict: false, verbose: true } }, localizer(lang, tr, () => root));
  // the localizer sees only the errors: keep the schema being validated at hand (validation is synchronous)
  const raw = validator.rawValidation.bind(validator);
  validator.rawValidation = ((schema, formData) => {
    root = schema as JsonSchema;
    try {
      return raw(schema, formData);
    } finally {
      root = undefined;
    }
  }) as typeof validator.rawValidation;
  return validator;
}
