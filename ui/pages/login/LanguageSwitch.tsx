/** Language buttons for the public pages (the signed-in shell has the language dialog). */
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, switchLanguage, type Language } from '../../i18n/index.ts';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented
      size="small"
      data-testid="login-language"
      value={i18n.language}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`ui.lang.${l}`) }))}
      onChange={(v) => void switchLanguage(v as Language)}
    />
  );
}
