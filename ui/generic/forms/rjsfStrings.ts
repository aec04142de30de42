/** rjsf's own texts (array buttons, yes/no…) through i18next: `ui.rjsf.<TranslatableString name>`. */
import { englishStringTranslator, replaceStringParameters, TranslatableString } from '@rjsf/utils';

const nameOf = new Map<string, string>(Object.entries(TranslatableString).map(([name, value]) => [value, name]));

export function rjsfTranslator(t: (key: string, opts?: { defaultValue: string }) => string) {
  return (str: TranslatableString, params?: string[]): string => {
    const name = nameOf.get(str);
    if (!name) return englishStringTranslator(str, params);
    const text = t(`ui.rjsf.${name}`, { defaultValue: str });
    return replaceStringParameters(text, params);
  };
}
