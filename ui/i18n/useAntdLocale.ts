/** The antd locale that matches the current i18next language. */
import { useTranslation } from 'react-i18next';
import type { Locale } from 'antd/es/locale/index.js';
import ruModule from 'antd/es/locale/ru_RU.js';
import enModule from 'antd/es/locale/en_US.js';

// The typings see these ES files as CommonJS (a namespace with `default`); the bundler gives the locale.
const unwrap = (m: unknown): Locale => ((m as { default?: Locale }).default ?? m) as Locale;
const ruRU = unwrap(ruModule);
const enUS = unwrap(enModule);

export function useAntdLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? enUS : ruRU;
}
