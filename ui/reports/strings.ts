/**
 * The report screens' strings (`ui.reports.*`, `./i18n/<lang>.json`) travel in the report chunk, not
 * in the app's language bundle the login page loads: importing this module adds them to every
 * language already loaded, and to a language when the user switches to it.
 */
import { flatten } from '../i18n/flatten.ts';
import { i18n } from '../i18n/index.ts';
import en from './i18n/en.json' with { type: 'json' };
import ru from './i18n/ru.json' with { type: 'json' };

const STRINGS: Record<string, Record<string, string>> = { ru: flatten(ru, 'ui.reports'), en: flatten(en, 'ui.reports') };

function register(lang: string): void {
  // only into a bundle the app has loaded: a bundle of ours alone would pass for the whole language
  if (STRINGS[lang] && i18n.hasResourceBundle(lang, 'translation')) i18n.addResourceBundle(lang, 'translation', STRINGS[lang], true, true);
}

for (const lang of Object.keys(STRINGS)) register(lang);
i18n.on('languageChanged', register);
