/** `/sys/home`: a welcome with the workspace name and the links the user may follow. */
import { Card, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/index.ts';
import { homeLinks } from './homeLinks.ts';
import { PageTitle, SectionTitle } from '../../generic/PageTitle.tsx';

export default function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Card data-testid="home-page">
      <PageTitle>{t('ui.home.welcome', { name: session.userName })}</PageTitle>
      <Typography.Paragraph data-testid="home-workspace">{t('ui.home.workspace', { name: session.workspaceName })}</Typography.Paragraph>
      <SectionTitle size={16}>{t('ui.home.links')}</SectionTitle>
      <Flex vertical gap={8}>
        {homeLinks(session).map((link) => (
          <Link key={link.key} to={link.to} data-testid={`home-link-${link.key}`}>
            {link.labelArgs ? t(link.label, link.labelArgs) : t(link.label)}
          </Link>
        ))}
      </Flex>
    </Card>
  );
}
