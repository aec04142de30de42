/**
 * `/sys/admin/settings/api` — where the API reference is: the OpenAPI document drawn as a page by
 * the server itself (`/api/docs`, server/openapi/reference-page.ts), opened in a new tab.
 */
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function ApiReferencePage() {
  const { t } = useTranslation();
  return (
    <Card data-testid="api-reference-card" title={t('ui.admin.settings.api')}>
      <Typography.Paragraph>{t('ui.admin.apiReference.intro')}</Typography.Paragraph>
      <Typography.Link data-testid="api-reference-link" href="/api/docs" target="_blank" rel="noopener">
        {t('ui.admin.apiReference.open')}
      </Typography.Link>
    </Card>
  );
}
