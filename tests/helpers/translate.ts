// The app's translations outside a browser (unit tests of what the UI writes: files, labels): an
// i18next instance with a language's schema labels and UI strings, flat keys as the app has them.
import i18next, { type TFunction } from 'i18next';
import { flatten } from '../../ui/i18n/flatten.ts';
import engineRu from '../../engine/i18n/ru.json' with { type: 'json' };
import engineEn from '../../engine/i18n/en.json' with { type: 'json' };
import uiRu from '../../ui/i18n/ru.json' with { type: 'json' };
import uiEn from '../../ui/i18n/en.json' with { type: 'json' };

/**
 * The translate function of a language, as the app's.
 * @example const t = await translator('ru'); t('ui.export.place') // 'Место'
 */
export async function translator(lang: 'ru' | 'en'): Promise<TFunction> {
  const i18n = i18next.createInstance();
  const [engine, ui] = lang === 'ru' ? [engineRu, uiRu] : [engineEn, uiEn];
  await i18n.init({ lng: lang, resources: { [lang]: { translation: { ...flatten(engine), ...flatten(ui) } } }, keySeparator: false, interpolation: { escapeValue: false } });
  return i18n.t;
}
