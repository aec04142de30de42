/**
 * i18next for the app: Russian by default, English complete, flat keys (`keySeparator: false`,
 * since schema keys such as `source.shortName` may come flat or nested). A missing key shows
 * falls back to Russian, then shows the key itself, so an untranslated label is never blank.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/ru.js';
import { setApiLanguage } from '../api/client.ts';
import { loadBundle } from './bundles.ts';
import { DEFAULT_LANGUAGE, storeLanguage, storedLanguage, type Language } from './languages.ts';

async function addLanguage(lang: Language): Promise<void> {
  const needed = lang === DEFAULT_LANGUAGE ? [lang] : [lang, DEFAULT_LANGUAGE];
  await Promise.all(
    needed
      .filter((l) => !i18n.hasResourceBundle(l, 'translation'))
      .map(async (l) => i18n.addResourceBundle(l, 'translation', await loadBundle(l), true, true)),
  );
}

/** Initialises i18next with the stored (or default) language; call once before rendering. */
export async function setupI18n(): Promise<typeof i18n> {
  const lang = storedLanguage();
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: {},
    partialBundledLanguages: true,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  await addLanguage(lang);
  await i18n.changeLanguage(lang);
  applyLanguage(lang);
  return i18n;
}

function applyLanguage(lang: Language): void {
  dayjs.locale(lang);
  setApiLanguage(lang);
  document.documentElement.lang = lang;
  document.title = i18n.t('ui.app.title');
}

/** Loads a language if needed, switches to it and remembers the choice. */
export async function switchLanguage(lang: Language): Promise<void> {
  await addLanguage(lang);
  await i18n.changeLanguage(lang);
  storeLanguage(lang);
  applyLanguage(lang);
}

export { i18n };
