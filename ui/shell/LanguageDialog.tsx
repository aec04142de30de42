/** Lists the languages, marks the current one; choosing switches, Cancel closes. */
import { Button, Modal, Flex } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, switchLanguage, type Language } from '../i18n/index.ts';

export interface LanguageDialogProps {
  open: boolean;
  onClose: () => void;
}

export function LanguageDialog({ open, onClose }: LanguageDialogProps) {
  const { t, i18n } = useTranslation();
  const choose = async (lang: Language) => {
    if (lang !== i18n.language) await switchLanguage(lang);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('ui.lang.title')}
      onCancel={onClose}
      width={360}
      footer={
        <Button data-testid="language-cancel" onClick={onClose}>
          {t('ui.common.cancel')}
        </Button>
      }
    >
      <Flex vertical gap={8} data-testid="language-dialog">
        {LANGUAGES.map((lang) => {
          const current = lang === i18n.language;
          return (
            <Button
              key={lang}
              block
              type={current ? 'primary' : 'default'}
              icon={current ? <CheckOutlined /> : undefined}
              data-testid={`language-option-${lang}`}
              data-current={current}
              onClick={() => void choose(lang)}
            >
              {t(`ui.lang.${lang}`)}
            </Button>
          );
        })}
      </Flex>
    </Modal>
  );
}
