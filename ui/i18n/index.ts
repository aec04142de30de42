/** i18n: set-up, language switch, the language list, and the antd locale of the current language. */
export { setupI18n, switchLanguage, i18n } from './setup.ts';
export { LANGUAGES, DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';
export { useAntdLocale } from './useAntdLocale.ts';
